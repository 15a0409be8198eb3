// A diner's loyalty as the account page shows it, and joining: the phone the diner proved (./phoneProof.ts)
// links the counter's loyalty account Square keys by that phone, or, when there is none and the diner agrees
// to the terms shown in their language, enrols one (./link.ts keeps both customer ids). The balance is read
// live from Square, so points earned or spent at the counter show at once, a negative one as Square keeps it.
import type { Locale } from "../../domain/i18n/locales";
import { LOYALTY_TERMS } from "../../domain/loyaltyTerms";
import { displayPhone } from "../../domain/checkoutCustomer";
import { shownTiers, type LoyaltyTier } from "../../domain/loyaltyTiers";
import type { Diner } from "../accounts";
import { db } from "../platform/database";
import { InvalidRequest, ProviderBusy, said, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { squareClient } from "../platform/squareClient";
import { phoneVerifier } from "../verify";
import { balanceKey, keptLookup, lookupTicket, type LookupTicket } from "./keptLookups";
import { linkLoyaltyByPhone } from "./link";
import { loyaltyProgram, type LoyaltyProgram } from "./program";

/** How long a proved phone may be used to join: the diner reads the terms right after proving it. */
const PROOF_KEPT_MS = 30 * 60_000;

export interface LoyaltyStatus {
  available: boolean;
  /** The proved phone, as people read it. */
  phone?: string;
  member?: boolean;
  balance?: number;
  lifetimePoints?: number;
  tiers?: LoyaltyTier[];
  /** The terms to agree to before an account is made, in the diner's language (a proved phone without one). */
  terms?: string;
}

export interface DinerLink {
  loyaltyAccountId: string;
  loyaltyCustomerId: string | null;
  phone: string;
}

/** The program when loyalty is on for diners: Square's program active and the verification service's keys set. */
export async function loyaltyOn(): Promise<Extract<LoyaltyProgram, { enabled: true }> | null> {
  if (!phoneVerifier()) return null;
  const program = await loyaltyProgram();
  return program.enabled ? program : null;
}

export async function dinerLink(accountId: string): Promise<DinerLink | null> {
  const row = await db.one<{ loyalty_account_id: string; loyalty_customer_id: string | null; phone: string }>(sql`
    SELECT loyalty_account_id, loyalty_customer_id, phone FROM diner_loyalty_links WHERE account_id = ${accountId}::uuid`);
  return row ? { loyaltyAccountId: row.loyalty_account_id, loyaltyCustomerId: row.loyalty_customer_id, phone: row.phone } : null;
}

/** Square's failures as the diner's answer: busy for a 429, unavailable otherwise (logged without the phone). */
export function squareTrouble(step: string, error: unknown): never {
  const status = (error as { statusCode?: number }).statusCode;
  log("warn", "square loyalty call failed", { step, status: status ?? null });
  if (status === 429) throw new ProviderBusy(said("loyalty_square_busy"), 30);
  throw new Unavailable(said("loyalty_square_busy"));
}

/**
 * The account's balance as Square keeps it (it may be negative after a refund of spent points), kept about
 * a minute (./keptLookups.ts); asking Square spends `ticket`'s look-up.
 */
export function loyaltyBalance(loyaltyAccountId: string, ticket: LookupTicket): Promise<{ balance: number; lifetimePoints: number }> {
  return keptLookup(balanceKey(loyaltyAccountId), ticket, async () => {
    const client = await squareClient("lookup");
    const { loyaltyAccount } = await client.loyalty.accounts.get({ accountId: loyaltyAccountId }).catch((error: unknown) => squareTrouble("loyalty.accounts.get", error));
    return { balance: loyaltyAccount?.balance ?? 0, lifetimePoints: loyaltyAccount?.lifetimePoints ?? 0 };
  });
}

/** The phone the diner proved lately, or null. */
export async function provedPhone(accountId: string): Promise<string | null> {
  const row = await db.one<{ phone: string }>(sql`
    SELECT phone FROM loyalty_phone_proofs WHERE account_id = ${accountId}::uuid AND proved_at > now() - make_interval(secs => ${PROOF_KEPT_MS / 1000})`);
  return row?.phone ?? null;
}

/** What the account page shows of loyalty; `address`: the client's, for the look-up budgets. */
export async function loyaltyStatus(diner: Diner, locale: Locale, address: string | null): Promise<LoyaltyStatus> {
  const program = await loyaltyOn();
  if (!program) return { available: false };
  const tiers = shownTiers(program.tiers, locale);
  const link = await dinerLink(diner.accountId);
  if (link) return { available: true, phone: displayPhone(link.phone), member: true, ...(await loyaltyBalance(link.loyaltyAccountId, lookupTicket({ accountId: diner.accountId, address }))), tiers };
  const phone = await provedPhone(diner.accountId);
  if (phone) return { available: true, phone: displayPhone(phone), member: false, tiers, terms: LOYALTY_TERMS[locale] };
  return { available: true, member: false, tiers };
}

/** Links the diner's proved phone to its loyalty account, or, with their agreement to the terms, enrols one. */
export async function joinLoyalty(diner: Diner, agreed: boolean, locale: Locale, address: string | null): Promise<LoyaltyStatus> {
  if (!(await loyaltyOn())) throw new Unavailable(said("loyalty_off"));
  const phone = await provedPhone(diner.accountId);
  if (!phone) throw new InvalidRequest(said("loyalty_phone_unproven"));
  const outcome = await linkLoyaltyByPhone(diner.accountId, phone, agreed).catch((error: unknown) => squareTrouble("loyalty.link", error));
  if (outcome === "needs-consent") throw new InvalidRequest(said("loyalty_terms_required"), [{ path: "agree", message: "agree to the terms shown" }]);
  if (outcome === "off") throw new Unavailable(said("loyalty_off"));
  return loyaltyStatus(diner, locale, address);
}
