// What Square answered about a member (their balance, the points a cart earns, a reward's total), kept
// about a minute in this instance, so a diner reloading the checkout or the account page asks Square
// once, not every time. A look-up that must ask Square is counted against the asker's and the site's
// look-up budgets first (../platform/lookupBudget.ts), once per request however many of its answers are
// missing; copies of one look-up arriving together share its one call. A failed look-up is not kept.
import { admitLookup, type Asker } from "../platform/lookupBudget";
import { forgetWithInstance } from "../platform/instanceMemory";

/** "About a minute": points earned or spent at the counter show within it. */
export const LOOKUP_KEPT_MS = 60_000;
/** Answers kept at most, the oldest dropped first: an instance's memory stays small whatever the traffic. */
const MOST_KEPT = 5_000;

const kept = new Map<string, { until: number; value: Promise<unknown> }>();
forgetWithInstance(() => kept.clear());

/** One request's admission to Square's look-ups: counted on its first miss, at most once. */
export type LookupTicket = () => Promise<void>;

export function lookupTicket(asker: Asker): LookupTicket {
  let admitted: Promise<void> | undefined;
  return () => (admitted ??= admitLookup(asker));
}

/** The kept answer for `key`, or `load()`'s once `ticket` admits it (kept for the next minute). */
export function keptLookup<T>(key: string, ticket: LookupTicket, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const held = kept.get(key);
  if (held && held.until > now) return held.value as Promise<T>;
  const value = ticket().then(load);
  kept.delete(key);
  kept.set(key, { until: now + LOOKUP_KEPT_MS, value });
  if (kept.size > MOST_KEPT) kept.delete(kept.keys().next().value!);
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}

/** Forgets what is kept under `prefix` (a member's balance changed here), or everything. */
export function forgetLookups(prefix = ""): void {
  for (const key of [...kept.keys()]) if (key.startsWith(prefix)) kept.delete(key);
}

/** The key of a loyalty account's balance. */
export const balanceKey = (loyaltyAccountId: string) => `balance:${loyaltyAccountId}:`;
