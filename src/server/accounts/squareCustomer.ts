// One Square customer per diner: the account is linked once, to a profile found by the diner's e-mail, then
// their phone only once proved by its texted code (an unproved phone is never searched for or written at
// Square: anyone can type any number into their profile), or else created with reference_id = our account id and an idempotency key derived from it. Square
// may take a minute before a new profile is searchable, so a second attempt during that lag (the immediate
// one and the scheduled retry racing, a result lost) sends the same create again and gets the same profile
// back: a lagging search never makes a second one. Several matches: the newest is taken, the others logged
// by id (never a name, e-mail or phone). A 429 or an outage leaves the account working, unlinked, for the
// scheduled retry (netlify/functions/account-square-links.mts).
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { squareClient, squareConfig } from "../platform/squareClient";
import { forgetSquareCustomer } from "./customerEvents";

export type LinkOutcome = "linked" | "already" | "deferred" | "not-configured" | "gone";

interface Found {
  id?: string;
  createdAt?: string;
}

/**
 * The key Square keeps a create by: the same account sends the same one (at most 45 characters) until its
 * profile is deleted at Square and it is linked again (`relinks`, ./customerEvents.ts), when a new one is due.
 */
export function customerIdempotencyKey(accountId: string, relinks = 0): string {
  return relinks === 0 ? `diner-${accountId}` : `diner-${accountId}-${relinks.toString(36)}`;
}

function newestOf(found: Found[], accountId: string): string | undefined {
  const sorted = found.filter((customer) => customer.id).sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  if (sorted.length > 1) log("warn", "several Square customers match a diner: the newest is linked", { chosen: sorted[0]!.id, others: sorted.slice(1).map((c) => c.id), account: accountId });
  return sorted[0]?.id;
}

/** Links the account to its Square customer (once); answers what happened. Never throws for Square's sake. */
export async function linkSquareCustomer(accountId: string): Promise<LinkOutcome> {
  // The saved phone counts only when the account proved it by a code (loyalty's phone proofs).
  const account = await db.one<{ email: string; name: string; phone: string | null; square_customer_id: string | null; square_customer_relinks: number }>(sql`
    SELECT a.email, a.name, p.phone, a.square_customer_id, a.square_customer_relinks FROM diner_accounts a
    LEFT JOIN loyalty_phone_proofs p ON p.account_id = a.id AND p.proof = 'code' AND p.phone = a.phone
    WHERE a.id = ${accountId}::uuid AND a.email_confirmed_at IS NOT NULL`);
  // An unproven e-mail never finds the Square customer (and the cards) of whoever owns it.
  if (!account) return "gone";
  if (account.square_customer_id) return "already";
  if (!squareConfig()) return "not-configured";
  try {
    const client = await squareClient("customer");
    const search = async (filter: Record<string, unknown>) =>
      ((await client.customers.search({ query: { filter, sort: { field: "CREATED_AT", order: "DESC" } }, limit: BigInt(10) })).customers ?? []) as Found[];
    let found = await search({ emailAddress: { exact: account.email } });
    if (found.length === 0 && account.phone) found = await search({ phoneNumber: { exact: account.phone } });
    let customerId = newestOf(found, accountId);
    if (!customerId) {
      const created = await client.customers.create({
        idempotencyKey: customerIdempotencyKey(accountId, account.square_customer_relinks),
        emailAddress: account.email,
        ...(account.name ? { givenName: account.name } : {}),
        ...(account.phone ? { phoneNumber: account.phone } : {}),
        referenceId: accountId,
      });
      customerId = created.customer?.id;
    }
    if (!customerId) throw new Error("Square answered no customer id");
    // Only an unlinked account takes the link: a merge heard meanwhile has the last word.
    await db.run(sql`UPDATE diner_accounts SET square_customer_id = ${customerId}, square_link_tried_at = now() WHERE id = ${accountId}::uuid AND square_customer_id IS NULL`);
    return "linked";
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    log("warn", "diner not linked to a Square customer yet: retried later", { status: status ?? null, error: status ? undefined : error instanceof Error ? error.message : String(error) });
    await db.run(sql`UPDATE diner_accounts SET square_link_tried_at = now() WHERE id = ${accountId}::uuid`);
    return "deferred";
  }
}

/** The scheduled retry: links up to `limit` unlinked accounts, those never tried or tried longest ago first. */
export async function linkUnlinkedAccounts(limit = 50): Promise<Record<LinkOutcome, number>> {
  const rows = await db.all<{ id: string }>(sql`
    SELECT id FROM diner_accounts WHERE square_customer_id IS NULL AND email_confirmed_at IS NOT NULL ORDER BY square_link_tried_at NULLS FIRST, created_at LIMIT ${limit}`);
  const counts: Record<LinkOutcome, number> = { linked: 0, already: 0, deferred: 0, "not-configured": 0, gone: 0 };
  for (const { id } of rows) {
    const outcome = await linkSquareCustomer(id);
    counts[outcome]++;
    if (outcome === "not-configured" || outcome === "deferred") break;
  }
  return counts;
}

/**
 * A customer id Square refused at Pay (the profile deleted, its notification missed): the accounts linked to
 * it are unlinked and linked again now (found by e-mail or phone, else made under a new key), so the next
 * order names the profile Square has. An account Square does not answer for now is left to the link sweep.
 */
export async function relinkRefusedCustomer(customerId: string): Promise<void> {
  for (const accountId of await forgetSquareCustomer(customerId)) await linkSquareCustomer(accountId);
}
