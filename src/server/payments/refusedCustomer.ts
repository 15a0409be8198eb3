// A signed-in diner's order names their Square customer (customer_id on the order and the payment). When
// Square no longer has that profile (deleted in the Dashboard, its notification missed), it refuses the id:
// the order and the payment go ahead without it, under keys of their own (the refused request's key keeps
// its refusal), rather than turn a paying diner away. The account is linked again when Square's
// customer.deleted arrives (src/server/accounts/customerEvents.ts).
import { log } from "../platform/http";

/** Whether Square's error refuses the customer id it was given (CUSTOMER_NOT_FOUND, or any error on a customer_id field). */
export function refusesCustomer(error: unknown): boolean {
  const errors = (error as { errors?: { code?: string; field?: string }[] }).errors ?? [];
  return errors.some((e) => e.code === "CUSTOMER_NOT_FOUND" || (e.field ?? "").endsWith("customer_id"));
}

/** Sends with the diner's customer id, and once more without it (its key suffixed "-guest") if Square refuses the id. */
export async function withoutRefusedCustomer<T>(customerId: string | undefined, send: (customerId: string | undefined, keySuffix: string) => Promise<T>): Promise<T> {
  try {
    return await send(customerId, "");
  } catch (error) {
    if (!customerId || !refusesCustomer(error)) throw error;
    log("warn", "Square refused the diner's customer id: the order goes on without it", {});
    return send(undefined, "-guest");
  }
}
