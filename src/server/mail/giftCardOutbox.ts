// Builds a gift card e-mail of the outbox (the recipient's card or the buyer's receipt) from the sale as it
// stands when it is sent, in the sale's language.
import { localizedPath } from "../../domain/i18n/pagePaths";
import { giftCardMailContext } from "../giftcards/mailContext";
import { GIFT_CARD_PAGE } from "../../domain/giftCards";
import { giftCardDeliveryMail, giftCardReceiptMail } from "./giftCardMail";
import type { RenderedMail } from "./layout";
import type { OutboxMessage } from "./outbox";

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
