// A Square gift card paying is known by its id, so a code for a first order knows it again: Square's
// Payment names no identity of a gift card (its card fields are not one), so the id is read from the
// payment token before it pays (RetrieveGiftCardFromNonce,
// developer.squareup.com/reference/square/gift-cards-api/retrieve-gift-card-from-nonce), with the charge's
// own client. Payments asks it through the reader registered in src/server/participants.ts.
import type { SquareClient } from "square";
import { fromNonceSpends, noteTokenRead } from "../platform/squareReadings";

/**
 * The identity of the gift card a payment token stands for ("gift-card:" and its id), or null when it is no
 * gift card's (Square answers a card's or a wallet's token NOT_FOUND, a spent one 400), and without asking
 * once Square has shown that a read uses the token up (../platform/squareReadings.ts). Any other failure
 * is thrown: the payment is not attempted.
 */
export async function giftCardIdentityOfToken(client: SquareClient, token: string): Promise<string | null> {
  if (await fromNonceSpends()) return null;
  try {
    const { giftCard } = await client.giftCards.getFromNonce({ nonce: token });
    if (!giftCard?.id) return null;
    noteTokenRead(token);
    return `gift-card:${giftCard.id}`;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 400 || status === 404) return null;
    throw error;
  }
}
