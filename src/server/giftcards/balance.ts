// A gift card's balance, read live from Square by its number (RetrieveGiftCardFromGAN), so a card spent at
// the counter shows its new balance at once; limited per network, since a number is all a thief needs.
import { formatAmount } from "../../domain/money";
import { normalizeGan, type GiftCardBalanceAnswer } from "../../domain/giftCards";
import type { giftCardWords } from "../../domain/i18n/ui/giftCards";
import { consumeRateLimit, type RateLimitRule } from "../platform/rateLimit";
import { giftCardProvider } from "./provider";

/** Five look-ups a minute per network: enough for a person with a few cards, too few to guess numbers. */
export const BALANCE_RATE_LIMIT: RateLimitRule = { bucket: "gift_card_balance", limit: 5, windowMs: 60_000 };

/** A refusal the page shows as one sentence (its words in giftCardWords), with its status. */
export class GiftCardRefused extends Error {
  constructor(
    readonly words: keyof typeof giftCardWords & `refused.${string}`,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(words);
    this.name = "GiftCardRefused";
  }
}

export async function checkBalance(number: string, clientAddress: string): Promise<GiftCardBalanceAnswer> {
  const limit = await consumeRateLimit(BALANCE_RATE_LIMIT, clientAddress);
  if (!limit.allowed) throw new GiftCardRefused("refused.tooManyLookups", 429, limit.retryAfterSeconds);
  const gan = normalizeGan(number);
  if (!gan) throw new GiftCardRefused("refused.malformed", 400);
  const card = await (await giftCardProvider()).cardByGan(gan);
  if (!card) throw new GiftCardRefused("refused.unknown", 404);
  if (card.state !== "ACTIVE") throw new GiftCardRefused("refused.inactive", 422);
  return { balance: formatAmount(card.balanceCents), balanceCents: card.balanceCents, last4: gan.slice(-4), state: card.state };
}
