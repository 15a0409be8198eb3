// A card kept on file by Square as a diner reads it: "Visa •••• 1111". Square names the brand in its own
// codes (Card.card_brand); the last four digits are all of the number Square ever gives back.
import type { Locale } from "./i18n/locales";
import { cardBrandName } from "./tenders";

export interface CardOnFile {
  id: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** "Visa •••• 1111"; an unknown brand is a "Card" ("Tarjeta"). */
export function cardLabel(card: Pick<CardOnFile, "brand" | "last4">, locale: Locale = "en"): string {
  const brand = cardBrandName(card.brand) ?? (locale === "es" ? "Tarjeta" : "Card");
  return `${brand} •••• ${card.last4}`;
}
