// How an order was paid, as its receipt says it ("Visa •••• 4242", "Apple Pay", "Gift card •••• 6073,
// $12.50 left"): what the payment provider told us when the order became paid, kept on the order
// (orders.tenders). Only a brand, the last four digits and a gift card's balance: never a card number.
import type { Locale } from "./i18n/locales";
import { localPrice } from "./i18n/prices";

export const TENDER_KINDS = ["card", "apple_pay", "google_pay", "cash_app", "gift_card"] as const;
export type TenderKind = (typeof TENDER_KINDS)[number];

export interface Tender {
  kind: TenderKind;
  /** The card's brand as Square names it (VISA, MASTERCARD, AMERICAN_EXPRESS...); cards only. */
  brand?: string | null;
  /** The last four digits of the card or gift card, when the provider gave them. */
  last4?: string | null;
  /** What this tender paid, tip included, in cents. */
  amountCents: number;
  /** A gift card's balance after this payment, in cents, once the provider has told us. */
  balanceCents?: number | null;
}

const BRANDS: Record<string, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMERICAN_EXPRESS: "American Express",
  DISCOVER: "Discover",
  DISCOVER_DINERS: "Diners Club",
  JCB: "JCB",
  CHINA_UNIONPAY: "UnionPay",
  INTERAC: "Interac",
  EFTPOS: "EFTPOS",
  FELICA: "FeliCa",
  EBT: "EBT",
  SQUARE_GIFT_CARD: "Square Gift Card",
};

/** A card brand as Square codes it (Card.card_brand: VISA, MASTERCARD...) in the words on a card; undefined when unknown. */
export const cardBrandName = (brand: string): string | undefined => BRANDS[brand.toUpperCase()];

const WORDS = {
  en: { card: "Card", gift_card: "Gift card", left: (money: string) => `${money} left`, paidWith: "Paid with" },
  es: { card: "Tarjeta", gift_card: "Tarjeta de regalo", left: (money: string) => `quedan ${money}`, paidWith: "Pagado con" },
} as const;

const WALLETS: Partial<Record<TenderKind, string>> = { apple_pay: "Apple Pay", google_pay: "Google Pay", cash_app: "Cash App Pay" };

/** "Paid with" in a language, for the receipt's heading of its tenders. */
export const paidWithText = (locale: Locale) => WORDS[locale].paidWith;

/** One tender in a few words of the diner's language: "Visa •••• 4242", "Apple Pay", "Gift card •••• 6073 · $12.50 left". */
export function tenderText(tender: Tender, locale: Locale = "en"): string {
  const words = WORDS[locale];
  const wallet = WALLETS[tender.kind];
  if (wallet) return wallet;
  const digits = tender.last4 && /^\d{4}$/.test(tender.last4) ? ` •••• ${tender.last4}` : "";
  if (tender.kind === "gift_card") {
    const left = typeof tender.balanceCents === "number" ? ` · ${words.left(localPrice(tender.balanceCents, locale))}` : "";
    return `${words.gift_card}${digits}${left}`;
  }
  const brand = tender.brand ? cardBrandName(tender.brand) : undefined;
  return `${brand ?? words.card}${digits}`;
}

/** Reads a stored tenders list defensively (a column written by an older version may lack fields). */
export function readTenders(value: unknown): Tender[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw) => {
    if (!raw || typeof raw !== "object") return [];
    const t = raw as Record<string, unknown>;
    if (!TENDER_KINDS.includes(t.kind as TenderKind)) return [];
    return [
      {
        kind: t.kind as TenderKind,
        brand: typeof t.brand === "string" ? t.brand : null,
        last4: typeof t.last4 === "string" ? t.last4 : null,
        amountCents: typeof t.amountCents === "number" ? t.amountCents : 0,
        balanceCents: typeof t.balanceCents === "number" ? t.balanceCents : null,
      },
    ];
  });
}
