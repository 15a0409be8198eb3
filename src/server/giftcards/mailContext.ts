// What the gift card e-mails need at the moment they are built: the sale as it stands and the card's
// full number, read from the provider (the number is never stored on this side).
import type { GiftCardMailContext } from "../mail";
import { giftCardProvider } from "./provider";
import { getSale } from "./saleRecords";

/** The e-mail's context, or null when the sale is gone or has no active card (nothing to send). */
export async function giftCardMailContext(saleId: string, balanceUrl: string): Promise<GiftCardMailContext | null> {
  const sale = await getSale(saleId);
  if (!sale?.giftCardId || sale.status !== "activated") return null;
  const card = await (await giftCardProvider()).cardById(sale.giftCardId);
  return {
    saleId: sale.id,
    amountCents: sale.amountCents,
    buyerName: sale.buyerName,
    recipientName: sale.recipientName,
    recipientEmail: sale.recipientEmail,
    message: sale.message,
    gan: card.gan,
    last4: card.gan.slice(-4),
    balanceUrl,
  };
}
