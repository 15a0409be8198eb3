// What the browser's card form needs to know, and Square's sandbox test nonces the test card form
// sends (the local sandbox gateway and Square's sandbox both honour them).
import type { Locale } from "./i18n/locales";
import { inLanguage, words, type Dictionary } from "./i18n/translate";

export type PaymentFormConfig =
  | {
      mode: "square";
      applicationId: string;
      locationId: string;
      environment: "sandbox" | "production";
      scriptUrl: string;
      /** Every card must pass its bank's check (verifyBuyer): the brake on declined cards is on. */
      verifyEveryCard?: boolean;
    }
  | { mode: "test" }
  | { mode: "unavailable"; message: string };

export const SQUARE_SCRIPT_URLS = {
  sandbox: "https://sandbox.web.squarecdn.com/v1/square.js",
  production: "https://web.squarecdn.com/v1/square.js",
} as const;

export const SANDBOX_NONCES = {
  approved: "cnon:card-nonce-ok",
  declined: "cnon:card-nonce-declined",
  cvv: "cnon:card-nonce-rejected-cvv",
  postalCode: "cnon:card-nonce-rejected-postalcode",
  expiration: "cnon:card-nonce-rejected-expiration",
  alreadyUsed: "cnon:card-nonce-already-used",
} as const;
export type TestOutcome = keyof typeof SANDBOX_NONCES;

/** The TEST MODE form's outcomes, in both languages. */
const TEST_OUTCOME_WORDS = {
  approved: { en: "Approved", es: "Aprobada" },
  declined: { en: "Declined", es: "Rechazada" },
  cvv: { en: "CVV failure", es: "CVV incorrecto" },
  postalCode: { en: "Postal code failure", es: "Código postal incorrecto" },
  expiration: { en: "Expired card", es: "Tarjeta vencida" },
  alreadyUsed: { en: "Card already used", es: "Tarjeta ya usada" },
} satisfies Record<TestOutcome, { en: string; es: string }>;

export const TEST_OUTCOME_LABELS: Record<TestOutcome, string> = inLanguage(TEST_OUTCOME_WORDS, "en");
/** The TEST MODE form's outcomes on the Spanish checkout. */
export const TEST_OUTCOME_LABELS_ES: Record<TestOutcome, string> = inLanguage(TEST_OUTCOME_WORDS, "es");

/**
 * The TEST MODE form's wallet buttons send these in place of a wallet's token, through the same server
 * path as Apple Pay, Google Pay and Cash App Pay (the local test gateway and the tests' fake Square accept
 * them; Square's own sandbox does not: with Square credentials the real wallet buttons show instead).
 */
export const TEST_WALLET_TOKENS = {
  applePay: "wnon:test-apple-pay-ok",
  googlePay: "wnon:test-google-pay-ok",
  cashAppPay: "wnon:test-cash-app-pay-ok",
} as const;
export type Wallet = keyof typeof TEST_WALLET_TOKENS;

export const WALLET_LABELS: Record<Wallet, string> = {
  applePay: "Apple Pay",
  googlePay: "Google Pay",
  cashAppPay: "Cash App Pay",
};

/**
 * Every sentence about Square's wallet buttons and the bank's check that a customer reads, in the checkout
 * and in the API's answers, in both languages: one place to translate.
 */
export const PAYMENT_WORDS = {
  /** The label on the wallet's payment sheet (Apple Pay, Google Pay), beside the total. */
  paymentSheetLabel: { en: "Jealous Fork order", es: "Pedido de Jealous Fork" },
  walletsGroup: { en: "Pay with a wallet", es: "Paga con una billetera digital" },
  applePayButton: { en: "Pay with Apple Pay", es: "Pagar con Apple Pay" },
  orPayByCard: { en: "Or pay by card", es: "O paga con tarjeta" },
  /** The bank's check (3-D Secure) failed, was cancelled, or its token was refused: nothing was charged. */
  verificationFailed: {
    en: "Your bank could not confirm this payment, so nothing was charged. Please pay again and complete your bank's check, or use another card.",
    es: "Tu banco no pudo confirmar este pago, así que no se cobró nada. Paga de nuevo y completa la verificación de tu banco, o usa otra tarjeta.",
  },
  walletFailed: words(
    (wallet: string) => `${wallet} did not complete the payment, so nothing was charged. Please try again or pay by card.`,
    (wallet: string) => `${wallet} no completó el pago, así que no se cobró nada. Inténtalo de nuevo o paga con tarjeta.`,
  ),
  cashAppReturning: { en: "Welcome back from Cash App. Finishing your payment...", es: "Volviste de Cash App. Estamos terminando tu pago..." },
} satisfies Dictionary;

/** The payment sentences in one language, with the shape of PAYMENT_MESSAGES. */
export function paymentMessages(locale: Locale) {
  return inLanguage(PAYMENT_WORDS, locale);
}

/** The English sentences, as the server's answers (src/server/payments/declines.ts) and the English pages use them. */
export const PAYMENT_MESSAGES = paymentMessages("en");
