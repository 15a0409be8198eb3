// What the site has learnt of Square where its pages are silent. Whether RetrieveGiftCardFromNonce
// (developer.squareup.com/reference/square/gift-cards-api/retrieve-gift-card-from-nonce) uses up the token
// it reads is not said; its only listed error, CARD_TOKEN_USED, is "already used to process the payment or
// refund". The site reads a gift card's token before paying with it only while Square has not shown that a
// read uses it up: a payment with a token the site read, refused as used, is that proof, kept in
// square_readings for every instance, and from then on no token is read before it pays.
import { createHash } from "node:crypto";
import { db } from "./database";
import { log } from "./http";
import { sql } from "./sql";
import { forgetWithInstance } from "./instanceMemory";
import { RuleBroken, said } from "./errors";

/** How long an instance trusts what it read of square_readings: another instance's lesson reaches it within this. */
const KEPT_MS = 60_000;
/** Tokens remembered as read, at most (hashed): one request's, many times over. */
const MOST_READ = 2_000;

const readTokens = new Set<string>();
let known: { spends: boolean; until: number } | null = null;
forgetWithInstance(() => {
  readTokens.clear();
  known = null;
});

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Notes that the site read `token` at Square (from-nonce) before paying with it. */
export function noteTokenRead(token: string): void {
  if (readTokens.size >= MOST_READ) readTokens.clear();
  readTokens.add(hashOf(token));
}

/** Whether the site read this token before paying with it. */
export function wasTokenRead(token: string): boolean {
  return readTokens.has(hashOf(token));
}

/** Whether Square has shown that reading a token (from-nonce) uses it up; false until it has. */
export async function fromNonceSpends(now = Date.now()): Promise<boolean> {
  if (known && known.until > now) return known.spends;
  const row = await db.one<{ value: string }>(sql`SELECT value FROM square_readings WHERE name = 'fromNonce'`).catch(() => null);
  known = { spends: row?.value === "spends", until: now + KEPT_MS };
  return known.spends;
}

/**
 * Whether `error` (a payment's) says the token was used, for a token the site had read: then Square's read
 * used it up, which is learnt for good (and logged once) so no later token is read before it pays.
 */
export async function spentByRead(token: string, error: unknown): Promise<boolean> {
  const errors = (error as { errors?: { code?: string }[] }).errors ?? [];
  if (!wasTokenRead(token) || !errors.some((e) => e.code === "CARD_TOKEN_USED")) return false;
  const learnt = await db.run(sql`INSERT INTO square_readings (name, value) VALUES ('fromNonce', 'spends') ON CONFLICT (name) DO NOTHING`).catch(() => 0);
  if (learnt > 0) log("warn", "Square's RetrieveGiftCardFromNonce used up a token it read: gift card tokens are no longer read before they pay", {});
  known = { spends: true, until: Date.now() + KEPT_MS };
  return true;
}

/** Drops what this instance keeps of square_readings (the table was changed by hand): the next question reads it. */
export function forgetKnownReadings(): void {
  known = null;
}

/**
 * Pays with `token`; when Square refuses it as used and the site had read it just before (from-nonce), the
 * read used it up (spentByRead learns so): the diner reads that, nothing charged.
 */
export async function payWithReadToken<T>(token: string, pay: () => Promise<T>): Promise<T> {
  try {
    return await pay();
  } catch (error) {
    if (await spentByRead(token, error)) throw new RuleBroken(said("gift_card_read_spent"));
    throw error;
  }
}
