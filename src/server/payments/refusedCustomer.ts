// A signed-in diner's order names their Square customer (customer_id on the order and the payment). When
// Square no longer has that profile (deleted in the Dashboard, its notification missed), it refuses the id
// (developer.squareup.com/reference/square/objects/Payment: "Always supply the correct customer_id"): the
// order and the payment go ahead without it, under keys of their own (the refused request's key keeps its
// refusal), rather than turn a paying diner away. The id is never sent again from this instance, and the
// rooms that keep it (diner accounts, by the composition list) relink it at once: the next order names the
// diner's profile as Square has it now.
import { log } from "../platform/http";
import { forgetWithInstance } from "../platform/instanceMemory";

/** Ids Square refused in this instance: the rest of the attempt (and the next) sends none of them. */
const refusedIds = new Set<string>();
forgetWithInstance(() => refusedIds.clear());
/** Who keeps a customer id, and relinks it when Square refuses it (src/server/participants.ts). */
const relinkers: Array<(customerId: string) => Promise<void>> = [];

export function relinkRefusedCustomersWith(relink: (customerId: string) => Promise<void>): void {
  if (!relinkers.includes(relink)) relinkers.push(relink);
}

/** Whether Square's error refuses the customer id it was given (CUSTOMER_NOT_FOUND, or any error on a customer_id field). */
export function refusesCustomer(error: unknown): boolean {
  const errors = (error as { errors?: { code?: string; field?: string }[] }).errors ?? [];
  return errors.some((e) => e.code === "CUSTOMER_NOT_FOUND" || (e.field ?? "").endsWith("customer_id"));
}

async function relink(customerId: string): Promise<void> {
  for (const relinker of relinkers) {
    await relinker(customerId).catch((error: unknown) => log("warn", "a refused Square customer was not relinked now; the link sweep will", { error: error instanceof Error ? error.name : String(error) }));
  }
}

/**
 * Sends with the diner's customer id, and once more without it (its key suffixed "-guest") if Square
 * refuses the id; an id refused before goes as a guest at once. After a refusal the id's keepers relink it.
 */
export async function withoutRefusedCustomer<T>(customerId: string | undefined, send: (customerId: string | undefined, keySuffix: string) => Promise<T>): Promise<T> {
  if (customerId && refusedIds.has(customerId)) return send(undefined, "-guest");
  try {
    return await send(customerId, "");
  } catch (error) {
    if (!customerId || !refusesCustomer(error)) throw error;
    log("warn", "Square refused the diner's customer id: the order goes on without it, and the account is linked again", {});
    if (refusedIds.size > 10_000) refusedIds.clear();
    refusedIds.add(customerId);
    try {
      return await send(undefined, "-guest");
    } finally {
      await relink(customerId);
    }
  }
}
