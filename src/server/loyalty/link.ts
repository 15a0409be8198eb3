// Linking a diner account to its Square loyalty account by a phone the diner proved (the caller has checked
// the one-time code). Square keys loyalty accounts by phone alone: the account found by that phone is
// linked; when there is none, one is enrolled only with the diner's consent to the shown terms. The loyalty
// account's customer_id may differ from the account's own Square customer: both are kept.
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { squareClient } from "../platform/squareClient";
import { loyaltyProgram } from "./program";

export type LinkOutcome = "linked" | "enrolled" | "needs-consent" | "off";

/** The key Square keeps an enrolment by: one per account and phone. */
export function enrolIdempotencyKey(accountId: string, phone: string): string {
  return `loyalty-enrol-${accountId}-${phone.replace(/\D/g, "")}`.slice(0, 128);
}

/** Links `accountId` to the loyalty account of `phone` (E.164, proved), enrolling one when `consented`. */
export async function linkLoyaltyByPhone(accountId: string, phone: string, consented: boolean): Promise<LinkOutcome> {
  const program = await loyaltyProgram();
  if (!program.enabled) return "off";
  const client = await squareClient("lookup");
  const { loyaltyAccounts } = await client.loyalty.accounts.search({ query: { mappings: [{ phoneNumber: phone }] }, limit: 1 });
  let account = loyaltyAccounts?.[0];
  let outcome: LinkOutcome = "linked";
  if (!account) {
    if (!consented) return "needs-consent";
    const created = await client.loyalty.accounts.create({
      loyaltyAccount: { programId: program.programId, mapping: { phoneNumber: phone } },
      idempotencyKey: enrolIdempotencyKey(accountId, phone),
    });
    account = created.loyaltyAccount;
    outcome = "enrolled";
  }
  if (!account?.id) throw new Error("Square answered no loyalty account");
  await db.run(sql`
    INSERT INTO diner_loyalty_links (account_id, loyalty_account_id, loyalty_customer_id, phone, verified_at)
    VALUES (${accountId}::uuid, ${account.id}, ${account.customerId ?? null}, ${phone}, now())
    ON CONFLICT (account_id) DO UPDATE SET loyalty_account_id = EXCLUDED.loyalty_account_id, loyalty_customer_id = EXCLUDED.loyalty_customer_id,
      phone = EXCLUDED.phone, verified_at = EXCLUDED.verified_at, linked_at = now()`);
  return outcome;
}
