// Whether delivery is by courier (DoorDash) on this checkout, as the page was rendered (src/pages/checkout.astro
// marks it with data-couriers when the server has courier settings): then the delivery choice, the summary
// and the tip say the fee is DoorDash's, quoted for the typed address, never the flat fee of in-house delivery.
import type { Locale } from "../domain/i18n/locales";
import { translator } from "../domain/i18n/translate";
import { courierCheckoutWords } from "../domain/i18n/ui/courierCheckout";

export function couriersOffered(): boolean {
  return typeof document !== "undefined" && document.querySelector("[data-couriers]") !== null;
}

/** A courier delivery whose fee is not quoted yet: no fee is counted, the summary says why. */
export function courierFeePending(orderType: "pickup" | "delivery", quotedCents: number | null): boolean {
  return orderType === "delivery" && quotedCents === null && couriersOffered();
}

/** The summary's line in place of the fee while it is pending, else undefined. */
export function pendingFeeNote(orderType: "pickup" | "delivery", quotedCents: number | null, locale: Locale): string | undefined {
  return courierFeePending(orderType, quotedCents) ? translator(courierCheckoutWords, locale)("feePending") : undefined;
}

/** The delivery choice's second line with couriers ("45-60 minutes · DoorDash's fee, shown once..."), else undefined. */
export function courierChoiceText(locale: Locale, offered = couriersOffered()): string | undefined {
  return offered ? translator(courierCheckoutWords, locale)("choice") : undefined;
}
