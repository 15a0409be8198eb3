// Who paid, as a stable identity of the tender, so a code for a first order or capped per diner knows the
// same diner under a new e-mail and phone: a card's fingerprint (card_details.card.fingerprint: the same
// card, the same one at this seller; a wallet's device card has its own), a Square gift card's id (Square's
// Payment names none, so it is read from the payment token before the payment: RetrieveGiftCardFromNonce,
// developer.squareup.com/reference/square/gift-cards-api/retrieve-gift-card-from-nonce), a Cash App
// cashtag (wallet_details.cash_app_details.buyer_cashtag,
// developer.squareup.com/reference/square/objects/CashAppDetails). Anything else has none.
import type { Square, SquareClient } from "square";
import { RuleBroken, said } from "../platform/errors";
import { noteTokenRead, spentByRead } from "../platform/squareReadings";

/** The identity a code's check compares: a card's fingerprint as Square gives it, else a kind and its id. */
export type TenderIdentity = string;

/** The tender's identity of `payment` (`giftCardId`: the gift card its token stood for, when it was one), else null. */
export function tenderIdentityOf(payment: Square.Payment | undefined, giftCardId: string | null = null): TenderIdentity | null {
  const card = payment?.cardDetails?.card;
  if (card?.cardBrand === "SQUARE_GIFT_CARD") return giftCardId ? `gift-card:${giftCardId}` : null;
  if (card?.fingerprint) return card.fingerprint;
  // A cashtag is one Cash App account whatever its letters' case ($Ana and $ana).
  const cashtag = payment?.walletDetails?.cashAppDetails?.buyerCashtag?.trim().toLowerCase();
  return cashtag ? `cashtag:${cashtag}` : null;
}

/**
 * The id of the gift card a payment token stands for, or null when it is no gift card's (Square answers a
 * card's or a wallet's token NOT_FOUND, a spent one 400). Asked before the token is used to pay: Square
 * reads a card from a token not yet used. Any other failure is thrown (the payment is not attempted).
 */
export async function giftCardIdOfToken(client: SquareClient, token: string): Promise<string | null> {
  try {
    const { giftCard } = await client.giftCards.getFromNonce({ nonce: token });
    if (giftCard?.id) noteTokenRead(token);
    return giftCard?.id ?? null;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 400 || status === 404) return null;
    throw error;
  }
}

/**
 * Pays with `token`; when Square refuses it as used and the site had read it just before (from-nonce), the
 * read used it up (../platform/squareReadings.ts learns so): the diner reads that, nothing charged.
 */
export async function payWithReadToken<T>(token: string, pay: () => Promise<T>): Promise<T> {
  try {
    return await pay();
  } catch (error) {
    if (await spentByRead(token, error)) throw new RuleBroken(said("gift_card_read_spent"));
    throw error;
  }
}
