// A card kept on file by Square as a diner reads it: "Visa •••• 1111". Square names the brand in its own
// codes (Card.card_brand); the last four digits are all of the number Square ever gives back.
import type { Locale } from "./i18n/locales";

const BRANDS: Record<string, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMERICAN_EXPRESS: "American Express",
  DISCOVER: "Discover",
  DISCOVER_DINERS: "Diners Club",
  JCB: "JCB",
  CHINA_UNIONPAY: "UnionPay",
  INTERAC: "Interac",
  EBT: "EBT",
  SQUARE_GIFT_CARD: "Square Gift Card",
};

export interface CardOnFile {
  id: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** "Visa •••• 1111"; an unknown brand is a "Card" ("Tarjeta"). */
export function cardLabel(card: Pick<CardOnFile, "brand" | "last4">, locale: Locale = "en"): string {
  const brand = BRANDS[card.brand] ?? (locale === "es" ? "Tarjeta" : "Card");
  return `${brand} •••• ${card.last4}`;
}
