// The last order placed or opened on this device, so the header's menu can offer "Your order" again:
// its page id (the page's capability, kept only in this browser's localStorage) and its number. Kept
// for LAST_ORDER_DAYS; a blocked or full storage simply means no link.
export const LAST_ORDER_KEY = "jealous-fork-last-order";
/** After this long the order is long eaten: the menu stops offering it. */
export const LAST_ORDER_DAYS = 30;
const ORDER_ID = /^[A-Za-z0-9_-]{22}$/;

export interface LastOrder {
  orderId: string;
  orderNumber: string;
}

export function rememberLastOrder(order: LastOrder, now = Date.now()): void {
  if (!ORDER_ID.test(order.orderId)) return;
  try {
    localStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ ...order, at: now }));
  } catch {
    // Private mode or a full quota: the link is a convenience, the order page still works from its e-mail.
  }
}

/** The last order, or null when there is none, it is too old, or what is stored cannot be read. */
export function readLastOrder(now = Date.now()): LastOrder | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_ORDER_KEY) ?? "null") as Partial<LastOrder & { at: number }> | null;
    if (!stored || typeof stored.orderId !== "string" || !ORDER_ID.test(stored.orderId)) return null;
    if (typeof stored.at !== "number" || now - stored.at > LAST_ORDER_DAYS * 86_400_000) return null;
    return { orderId: stored.orderId, orderNumber: typeof stored.orderNumber === "string" ? stored.orderNumber : "" };
  } catch {
    return null;
  }
}
