// The pure parts of paying with Square's wallets (Apple Pay, Google Pay, Cash App Pay) and of Square's
// buyer verification: what the payment sheet and the bank's check are told, and where Cash App Pay sends
// a phone back to. Shared by the checkout's payment step and its tests; no browser APIs here.
import { formatAmount, type Cents } from "./money";
import { PAYMENT_MESSAGES } from "./payment";

/** Square's PaymentRequestOptions: the wallets' sheet shows the server-priced total the checkout shows. */
export interface WalletPaymentRequest {
  countryCode: "US";
  currencyCode: "USD";
  total: { amount: string; label: string };
}

export function walletPaymentRequest(totalCents: Cents, label: string = PAYMENT_MESSAGES.paymentSheetLabel): WalletPaymentRequest {
  if (!Number.isInteger(totalCents) || totalCents <= 0) throw new RangeError(`a wallet cannot pay ${totalCents} cents`);
  return { countryCode: "US", currencyCode: "USD", total: { amount: formatAmount(totalCents), label } };
}

export interface BillingContact {
  givenName: string;
  familyName: string;
  email: string;
  phone: string;
  countryCode: "US";
}

/** The customer's own contact as Square's billingContact: the first word is the given name, the rest the family name. */
export function billingContactOf(customer: { name: string; email: string; phone: string }): BillingContact {
  const [givenName = "", ...rest] = customer.name.trim().split(/\s+/);
  return { givenName, familyName: rest.join(" "), email: customer.email.trim(), phone: customer.phone.trim(), countryCode: "US" };
}

/** What verifyBuyer (and the card's tokenize) is told: a charge of the total in USD by this buyer. */
export interface VerificationDetails {
  amount: string;
  billingContact: BillingContact;
  currencyCode: "USD";
  intent: "CHARGE";
}

export function verificationDetails(totalCents: Cents, customer: { name: string; email: string; phone: string }): VerificationDetails {
  return { amount: formatAmount(totalCents), billingContact: billingContactOf(customer), currencyCode: "USD", intent: "CHARGE" };
}

/**
 * What verifyBuyer is told when a card is kept on file rather than charged (Square's StoreVerifyBuyerDetails:
 * developer.squareup.com/reference/sdks/web/payments/objects/StoreVerifyBuyerDetails): no amount, intent STORE.
 */
export interface StoreVerificationDetails {
  billingContact: BillingContact;
  intent: "STORE";
}

export function storeVerificationDetails(customer: { name: string; email: string; phone: string }): StoreVerificationDetails {
  return { billingContact: billingContactOf(customer), intent: "STORE" };
}

/** The query parameter that marks the checkout loaded by Cash App Pay's redirect back. */
export const CASH_APP_RETURN_PARAM = "wallet";
export const CASH_APP_RETURN_VALUE = "cash-app-pay";
/** Cash App adds this to the redirect URL when it sends the phone back. */
export const CASH_APP_REQUEST_PARAM = "cash_app_req_id";

/**
 * Where Cash App Pay sends a phone back after the buyer approves in Cash App: this checkout, marked as
 * the return, without what an earlier return left in the address.
 */
export function cashAppRedirectUrl(current: string): string {
  const url = new URL(current);
  url.hash = "";
  url.search = "";
  url.searchParams.set(CASH_APP_RETURN_PARAM, CASH_APP_RETURN_VALUE);
  return url.toString();
}

/** Whether this address is Cash App Pay's redirect back to the checkout. */
export function isCashAppReturn(current: string): boolean {
  const params = new URL(current).searchParams;
  return params.get(CASH_APP_RETURN_PARAM) === CASH_APP_RETURN_VALUE || params.has(CASH_APP_REQUEST_PARAM);
}

/** Which wallets take Square's buyer verification: Google Pay hands over a card; Apple Pay and Cash App authenticate the buyer themselves. */
export const VERIFIED_WALLETS = { applePay: false, googlePay: true, cashAppPay: false } as const;
