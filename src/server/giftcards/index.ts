// The gift card room's door: selling a card, finishing paid ones, checking a balance, the console's list
// and resend, Square's notifications about cards, and whether gift cards work here (the go-live check).
import { giftCardProvider, giftCardsAvailable } from "./provider";

export { sellGiftCard, finishUnfinishedSales, type SaleRequest } from "./sales";
export { checkBalance, BALANCE_RATE_LIMIT, SITE_BALANCE_BUDGET } from "./balance";
export { giftCardSalesForConsole, resendGiftCard } from "./console";
export { hourlyCap, setHourlyCap, MAX_HOURLY_CAP, type HourlyCap } from "./salesCap";
export { applyGiftCardEvent } from "./events";

/**
 * Whether gift cards can be sold and spent here, and why not: payments configured, and Square answering
 * gift card calls for the seller's account (off until the owner turns gift cards on in Square's Dashboard).
 */
export async function giftCardsEnabled(): Promise<{ enabled: boolean; reason: string }> {
  if (!giftCardsAvailable()) return { enabled: false, reason: "Online payment is not configured (SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID)." };
  return (await giftCardProvider()).probe();
}
export { isActiveGiftCardToken } from "./balance";
export { giftCardMailKinds } from "./giftCardOutbox";
export { giftCardNotificationTypes } from "./events";
export { giftCardIdentityOfToken } from "./tokenIdentity";
export { testGiftCardTender } from "./sandboxSpending";
