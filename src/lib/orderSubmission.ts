// Sends a paid checkout to POST /api/orders with its idempotency key, and turns every way it can
// fail into the message spec 8 shows after "There was an issue processing your order: ".

export interface SubmittedOrder {
  orderId: string;
  orderNumber: string;
}

export class OrderSubmissionError extends Error {
  constructor(
    message: string,
    /** Worth resending the same attempt (same key and card token): the server or the network failed. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "OrderSubmissionError";
  }
}

function errorSentence(text: string): string | undefined {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    return typeof error === "string" ? error : undefined;
  } catch {
    return undefined;
  }
}

export async function submitOrder(body: unknown, idempotencyKey: string): Promise<SubmittedOrder> {
  let res: Response;
  try {
    res = await fetch("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": idempotencyKey },
      body: JSON.stringify(body),
      credentials: "include",
    });
  } catch {
    throw new OrderSubmissionError("We could not reach our server. Please check your connection and try again.", true);
  }
  const text = await res.text();
  if (!res.ok) {
    // The server's own sentence when it sent one; otherwise spec 8's "{status}: {body or status text}".
    const message = errorSentence(text) ?? `${res.status}: ${text || res.statusText}`;
    throw new OrderSubmissionError(message, res.status >= 500 || res.status === 408 || res.status === 429);
  }
  if (!text.trim()) throw new OrderSubmissionError("Empty response from server", true);
  let data: Partial<SubmittedOrder>;
  try {
    data = JSON.parse(text) as Partial<SubmittedOrder>;
  } catch {
    throw new OrderSubmissionError("Invalid JSON response from server", true);
  }
  if (typeof data?.orderId !== "string") throw new OrderSubmissionError("Invalid JSON response from server", true);
  return { orderId: data.orderId, orderNumber: typeof data.orderNumber === "string" ? data.orderNumber : data.orderId };
}

/** Carries the success toast across the navigation to the confirmation page (the toast store is per page). */
export const ORDER_PLACED_FLASH_KEY = "jealous-fork-order-placed";
