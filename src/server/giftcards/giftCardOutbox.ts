// Builds a gift card e-mail of the outbox (the recipient's card or the buyer's receipt) from the sale as it
// stands when it is sent, in the sale's language.
import { localizedPath } from "../../domain/i18n/pagePaths";
import { giftCardMailContext } from "./mailContext";
import { GIFT_CARD_PAGE } from "../../domain/giftCards";
import { giftCardDeliveryMail, giftCardReceiptMail, type MailBuilder, type OutboxMessage, type RenderedMail } from "../mail";

/** The message, or null when its sale is gone or has no active card. */
export async function giftCardMail(message: OutboxMessage, base: string): Promise<RenderedMail | null> {
  if (!message.giftCardSaleId) return null;
  const locale = message.language;
  const balanceUrl = `${base}${localizedPath(locale, GIFT_CARD_PAGE)}#balance`;
  const found = await giftCardMailContext(message.giftCardSaleId, balanceUrl);
  if (!found) return null;
  const context = { ...found, menuUrl: `${base}${localizedPath(locale, "/full-menu")}` };
  return message.kind === "gift_card_delivery" ? giftCardDeliveryMail(context, locale) : giftCardReceiptMail(context, locale);
}

/** The outbox's gift card kinds: the recipient's card and the buyer's receipt. */
export const giftCardMailKinds: MailBuilder[] = [
  {
    kinds: ["gift_card_delivery", "gift_card_receipt"],
    build: async (message, { base }) => {
      const mail = await giftCardMail(message, base);
      return mail ? { mail } : "The gift card sale no longer exists or has no active card.";
    },
  },
];
