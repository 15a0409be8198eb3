// What a gift card is on this site, shared by the gift card page and the server: the amounts sold, the
// number's shape (a Square GAN: 16 digits, shown in groups of four) and the limits of a sale's fields.
// No zod and no I/O here, so the page's island can import it.
import type { Cents } from "./money";

export const GIFT_CARD_LIMITS = {
  /** $10 to $500: what Square's own eGift Card site lets a seller offer as a custom amount. */
  minCents: 1_000,
  maxCents: 50_000,
  messageMax: 200,
  nameMax: 100,
  emailMax: 254,
} as const;

/** The amounts the page offers as buttons; any whole-cent amount within the limits may be typed. */
export const GIFT_CARD_PRESETS: readonly Cents[] = [2_500, 5_000, 10_000];

/** A gift card number as people type it (spaces and dashes allowed), reduced to its digits; null when it is not one. */
export function normalizeGan(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{16}$/.test(digits) ? digits : null;
}

/**
 * What the TEST MODE form sends for a test gift card: the local test gateway reads its number. (Square's own
 * form turns a gift card into a one-time token in Square's frame; the number never reaches this site.)
 */
export const TEST_GIFT_CARD_TOKEN_PREFIX = "gftc-test:";

/** "7783 3200 1234 5678": the number in groups of four, as printed on Square's cards. */
export function ganInGroups(gan: string): string {
  return gan.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "•••• 5678": what the console shows of a number. */
export function maskedGan(last4: string | null): string {
  return last4 ? `•••• ${last4}` : "—";
}

/** Square's states of a gift card. */
export type GiftCardState = "PENDING" | "ACTIVE" | "DEACTIVATED" | "BLOCKED";

/**
 * A sale as it moves: pending (nothing charged yet, or the charge was refused), paid (charged, the card not
 * yet issued and activated: the worker finishes it), activated (the card holds its amount), failed (the
 * charge was refused: nothing to finish).
 */
export type GiftCardSaleStatus = "pending" | "paid" | "activated" | "failed";

/** One sale as the console lists it (GET /api/admin/gift-cards). */
export interface GiftCardSaleView {
  id: string;
  amountCents: Cents;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  locale: "en" | "es";
  status: GiftCardSaleStatus;
  /** The card's last four digits, once it exists. */
  last4: string | null;
  /** Square's state of the card and its balance as last heard (activation, redemptions at the counter). */
  cardState: GiftCardState | null;
  balanceCents: Cents | null;
  createdAt: string;
  activatedAt: string | null;
  /** The recipient's e-mail: its outbox status, and its id for a resend. */
  delivery: { outboxId: number; status: string; sentAt: string | null } | null;
}

/** What POST /api/gift-cards answers. */
export interface GiftCardSaleAnswer {
  saleId: string;
  amount: string;
  status: GiftCardSaleStatus;
  last4: string | null;
}

/** What POST /api/gift-cards/balance answers for an active card. */
export interface GiftCardBalanceAnswer {
  balance: string;
  balanceCents: Cents;
  last4: string;
  state: GiftCardState;
}

/** The gift card page's English path; its Spanish twin is /es/tarjetas-de-regalo (i18n/pagePaths.ts maps the pair). */
export const GIFT_CARD_PAGE = "/gift-cards";

/** The gift card page in each language, for islands (which do not carry the build's map of paths). */
export const GIFT_CARD_PAGES = { en: "/gift-cards", es: "/es/tarjetas-de-regalo" } as const;
