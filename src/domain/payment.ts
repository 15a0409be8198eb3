// What the browser's card form needs to know, and Square's sandbox test nonces the test card form
// sends (the local sandbox gateway and Square's sandbox both honour them).

export type PaymentFormConfig =
  | { mode: "square"; applicationId: string; locationId: string; environment: "sandbox" | "production"; scriptUrl: string }
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

export const TEST_OUTCOME_LABELS: Record<TestOutcome, string> = {
  approved: "Approved",
  declined: "Declined",
  cvv: "CVV failure",
  postalCode: "Postal code failure",
  expiration: "Expired card",
  alreadyUsed: "Card already used",
};

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
