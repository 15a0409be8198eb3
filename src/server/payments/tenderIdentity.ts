// Who paid, as a stable identity of the tender, so a code for a first order or capped per diner knows the
// same diner under a new e-mail and phone: a card's fingerprint (card_details.card.fingerprint: the same
// card, the same one at this seller; a wallet's device card has its own), a Cash App cashtag
// (wallet_details.cash_app_details.buyer_cashtag, developer.squareup.com/reference/square/objects/CashAppDetails),
// or what a room read of the token before it paid, for a tender whose payment names none (a Square gift
// card's id: its room reads it, RetrieveGiftCardFromNonce). Anything else has none.
import type { Square, SquareClient } from "square";

/** The identity a code's check compares: a card's fingerprint as Square gives it, else a kind and its id. */
export type TenderIdentity = string;

/**
 * Reads the identity of the tender behind a payment token at Square, before the token pays (with the
 * charge's own client), or null when the token is none of the reader's. A room whose tenders' payments name
 * no identity registers its reader (src/server/participants.ts).
 */
export type TokenIdentityReader = (client: SquareClient, token: string) => Promise<TenderIdentity | null>;
const readers: TokenIdentityReader[] = [];

export function readTenderIdentitiesWith(reader: TokenIdentityReader): void {
  if (!readers.includes(reader)) readers.push(reader);
}

/** The identity the registered readers find behind `token`, or null. A reader's failure is thrown: the payment is not attempted. */
export async function identityOfToken(client: SquareClient, token: string): Promise<TenderIdentity | null> {
  for (const read of readers) {
    const identity = await read(client, token);
    if (identity) return identity;
  }
  return null;
}

/** Card brands whose payment's card fields are no identity of the tender: only what was read of the token is. */
const IDENTIFIED_BY_TOKEN: ReadonlySet<string> = new Set(["SQUARE_GIFT_CARD"]);

/** The tender's identity of `payment` (`tokenIdentity`: what was read of its token before it paid), else null. */
export function tenderIdentityOf(payment: Square.Payment | undefined, tokenIdentity: TenderIdentity | null = null): TenderIdentity | null {
  if (tokenIdentity) return tokenIdentity;
  const card = payment?.cardDetails?.card;
  if (IDENTIFIED_BY_TOKEN.has(card?.cardBrand ?? "")) return null;
  if (card?.fingerprint) return card.fingerprint;
  // A cashtag is one Cash App account whatever its letters' case ($Ana and $ana).
  const cashtag = payment?.walletDetails?.cashAppDetails?.buyerCashtag?.trim().toLowerCase();
  return cashtag ? `cashtag:${cashtag}` : null;
}
