// The separate order a diner chose at "Change your order to 5:00 PM?": the dish that could not join the
// cart's time waits here (its name, its place on the full menu, its time) while this order is checked out;
// the confirmation then offers it ("Next: Jesse James for 5:00 PM"). The tab's session storage: a reminder
// for this visit, never a second cart.
const NEXT_ORDER_KEY = "jealous-fork-next-order";

export interface NextOrder {
  name: string;
  /** The dish's anchor on the full menu (its slug). */
  slug: string;
  /** The time it can be ordered for (ISO). */
  at: string;
}

export function keepForNextOrder(next: NextOrder): void {
  try {
    sessionStorage.setItem(NEXT_ORDER_KEY, JSON.stringify(next));
  } catch {
    // Without storage the confirmation offers nothing; the menu still pre-orders the dish.
  }
}

/** The dish waiting for its own order, or null (none, unreadable, or its time gone by). */
export function nextOrder(now: Date): NextOrder | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(NEXT_ORDER_KEY) ?? "null") as Partial<NextOrder> | null;
    if (!kept || typeof kept.name !== "string" || typeof kept.slug !== "string" || typeof kept.at !== "string") return null;
    const at = Date.parse(kept.at);
    return Number.isNaN(at) || at <= now.getTime() ? null : { name: kept.name, slug: kept.slug, at: kept.at };
  } catch {
    return null;
  }
}

export function forgetNextOrder(): void {
  try {
    sessionStorage.removeItem(NEXT_ORDER_KEY);
  } catch {
    // Nothing kept.
  }
}
