// A stand-in for Square's Web Payments SDK (square.js) for browser journeys, served in place of
// https://web.squarecdn.com/v1/square.js with playwright-core's page.route. It keeps Square's shapes and
// rules: Square.payments(appId, locationId) refuses a malformed application id; paymentRequest checks its
// options; applePay throws where Apple Pay is not supported (no ApplePaySession, as in Chromium);
// googlePay and cashAppPay draw their buttons on attach; cashAppPay needs a redirectURL and a referenceId
// and reports its token with an 'ontokenization' event (on a phone after Cash App sends it back with
// cash_app_req_id); verifyBuyer checks its details and answers a verification token, or throws.
// setLocale records each language asked for, with what was attached by then, and the card field is drawn in it.
// What the page asked of it is kept in window.__squareFake for the journey to read.
// The pages, behaviour by behaviour:
// - Square.payments and its errors: developer.squareup.com/reference/sdks/web/payments
// - card and tokenize: developer.squareup.com/docs/web-payments/take-card-payment
// - gift cards (giftCard(), attach, tokenize): developer.squareup.com/docs/web-payments/gift-card
// - Apple Pay, Google Pay, Cash App Pay: developer.squareup.com/docs/web-payments/apple-pay,
//   developer.squareup.com/docs/web-payments/google-pay, developer.squareup.com/docs/web-payments/add-cash-app-pay
// - verifyBuyer: developer.squareup.com/docs/web-payments/sca; for keeping a card on file (intent STORE, no
//   amount): developer.squareup.com/reference/sdks/web/payments/objects/StoreVerifyBuyerDetails and
//   developer.squareup.com/docs/web-payments/sca-add-card (the token then goes to CreateCard with the
//   verification token)
import { VERIFICATION_REQUIRED_TOKEN } from "./fakeSquare";

export interface FakeWebPaymentsOptions {
  /** Whether Google Pay can start (a seller or browser without it throws at set-up). */
  googlePay?: boolean;
  /** Whether Cash App Pay can start. */
  cashAppPay?: boolean;
  /** On a phone Cash App Pay leaves for Cash App and comes back to redirectURL; on a desktop its QR code is scanned. */
  cashAppRedirect?: boolean;
  /** What the bank's check does: passes (after a challenge) or fails. */
  verifyBuyer?: "ok" | "fail";
  /** The card field's token (one of Square's sandbox nonces; the approved one unless said). */
  cardToken?: string;
  /**
   * Gift cards the gift card field knows, by the number typed into it: the token its tokenize() gives for
   * each (from the fake Square's giftCards.giftCardToken(gan), so the server takes it). Another number is
   * refused as Square's field refuses one (status "Invalid").
   */
  giftCardTokens?: Record<string, string>;
}

/** The tokens the fake's methods give, all of which the fake Square server takes. */
export const FAKE_WALLET_TOKENS = {
  card: "cnon:card-nonce-ok",
  applePay: "wnon:test-apple-pay-ok",
  googlePay: VERIFICATION_REQUIRED_TOKEN,
  cashAppPay: "wnon:test-cash-app-pay-ok",
} as const;

export function fakeWebPaymentsScript(options: FakeWebPaymentsOptions = {}): string {
  const { cardToken = FAKE_WALLET_TOKENS.card, ...rest } = options;
  const settings = { googlePay: true, cashAppPay: true, cashAppRedirect: false, verifyBuyer: "ok", ...rest, tokens: { ...FAKE_WALLET_TOKENS, card: cardToken } };
  return `(() => {
  const settings = ${JSON.stringify(settings)};
  const fake = (window.__squareFake = { paymentRequests: [], verifications: [], cashAppOptions: [], started: [], locales: [] });
  // Square's supported locales; another is a no-op, as Square's docs say.
  const supportedLocales = ["en-US", "en-CA", "en-GB", "en-AU", "en-IE", "es-US", "es-ES", "fr-CA", "fr-FR", "ja-JP"];
  class PaymentMethodUnsupportedError extends Error { constructor(m) { super(m); this.name = "PaymentMethodUnsupportedError"; } }
  class InvalidApplicationIdError extends Error { constructor(m) { super(m); this.name = "InvalidApplicationIdError"; } }
  class UnexpectedError extends Error { constructor(m) { super(m); this.name = "UnexpectedError"; } }
  const target = (where) => {
    const element = typeof where === "string" ? document.querySelector(where) : where;
    if (!element) throw new UnexpectedError("Element not found: " + where);
    return element;
  };
  const amountPattern = /^\\d+\\.\\d{2}$/;
  window.Square = {
    payments(applicationId, locationId) {
      if (!/^(sq0idp-|sandbox-sq0idb-)/.test(String(applicationId))) throw new InvalidApplicationIdError("The Payment 'applicationId' option is not in the correct format.");
      if (!locationId) throw new UnexpectedError("locationId is required");
      fake.init = { applicationId, locationId };
      let locale = "en-US";
      return {
        async setLocale(wanted) {
          const previousLocale = locale;
          if (supportedLocales.includes(wanted)) locale = wanted;
          // Kept with what had started by then: the card must be told before it is attached.
          fake.locales.push({ locale: wanted, startedBefore: [...fake.started] });
          return { message: "ok", newLocale: locale, previousLocale };
        },
        async card() {
          return {
            async attach(where) { target(where).textContent = locale.startsWith("es") ? "Número de tarjeta / MM/AA / CVV" : "Card number / MM/YY / CVV"; fake.started.push("card"); },
            async tokenize(details) { fake.cardDetails = details; return { status: "OK", token: settings.tokens.card }; },
            async destroy() { return true; },
          };
        },
        // payments.giftCard() (developer.squareup.com/docs/web-payments/gift-card): a field for the card's
        // number, attached to an element, tokenized like a card ({ status: "OK", token }); the token is the
        // payment's source_id. Square draws it in its own frame; the fake draws a labelled text box.
        async giftCard() {
          let input = null;
          return {
            async attach(where) {
              input = document.createElement("input");
              input.type = "text";
              input.inputMode = "numeric";
              input.autocomplete = "off";
              input.setAttribute("aria-label", locale.startsWith("es") ? "Número de la tarjeta de regalo" : "Gift card number");
              target(where).append(input);
              fake.started.push("giftCard");
            },
            async tokenize() {
              if (!input) throw new UnexpectedError("The gift card field is not attached");
              const gan = input.value.replace(/\\D/g, "");
              const token = (settings.giftCardTokens ?? {})[gan];
              fake.giftCardTokenized = gan;
              if (!token) return { status: "Invalid", errors: [{ type: "VALIDATION_ERROR", field: "giftCardNumber", message: "Gift card number is not valid" }] };
              return { status: "OK", token };
            },
            async destroy() { input?.remove(); return true; },
          };
        },
        paymentRequest(options) {
          if (options?.countryCode !== "US" || options?.currencyCode !== "USD") throw new TypeError("countryCode and currencyCode are required");
          if (!amountPattern.test(options?.total?.amount ?? "") || !options.total.label) throw new TypeError("total must have an amount like '5.79' and a label");
          fake.paymentRequests.push(options);
          return { options, update() { return true; } };
        },
        async applePay(request) {
          if (!request?.options) throw new TypeError("a PaymentRequest is required");
          if (!window.ApplePaySession || !window.ApplePaySession.canMakePayments()) throw new PaymentMethodUnsupportedError("Apple Pay is not supported on this browser");
          fake.started.push("applePay");
          return { async tokenize() { return { status: "OK", token: settings.tokens.applePay }; }, async destroy() { return true; } };
        },
        async googlePay(request) {
          if (!request?.options) throw new TypeError("a PaymentRequest is required");
          if (!settings.googlePay) throw new PaymentMethodUnsupportedError("Google Pay is not enabled for this seller");
          let button = null;
          return {
            async attach(where) {
              button = document.createElement("button");
              button.type = "button";
              button.textContent = "Buy with Google Pay";
              target(where).append(button);
              fake.started.push("googlePay");
            },
            async tokenize() {
              if (!button) throw new UnexpectedError("Google Pay is not attached");
              return { status: "OK", token: settings.tokens.googlePay, details: { method: "Google Pay" } };
            },
            async destroy() { button?.remove(); return true; },
          };
        },
        async cashAppPay(request, options) {
          if (!request?.options) throw new TypeError("a PaymentRequest is required");
          if (!settings.cashAppPay) throw new PaymentMethodUnsupportedError("Cash App Pay is not enabled for this seller");
          if (!options?.redirectURL || !options?.referenceId) throw new TypeError("redirectURL and referenceId are required");
          fake.cashAppOptions.push(options);
          const listeners = [];
          const report = (tokenResult) => listeners.forEach((listener) => listener({ type: "ontokenization", detail: { tokenResult } }));
          let button = null;
          fake.approveCashApp = () => report({ status: "OK", token: settings.tokens.cashAppPay });
          return {
            addEventListener(type, listener) { if (type === "ontokenization") listeners.push(listener); },
            async attach(where) {
              button = document.createElement("button");
              button.type = "button";
              button.textContent = "Cash App Pay";
              button.addEventListener("click", () => {
                if (!settings.cashAppRedirect) return fake.approveCashApp();
                // The phone goes to Cash App; Cash App sends it back to the redirect URL with its request id.
                const back = new URL(options.redirectURL);
                back.searchParams.set("cash_app_req_id", "GRR_fake" + Math.random().toString(36).slice(2, 10));
                window.location.assign(back.toString());
              });
              target(where).append(button);
              fake.started.push("cashAppPay");
              // Back from Cash App: the approval is reported once the page has set Cash App Pay up again. Cash
              // App may report it twice (its poll and the redirect): the checkout must pay once.
              if (new URL(window.location.href).searchParams.has("cash_app_req_id")) {
                setTimeout(() => { fake.approveCashApp(); fake.approveCashApp(); }, 50);
              }
            },
            async destroy() { button?.remove(); return true; },
          };
        },
        async verifyBuyer(token, details) {
          if (!token) throw new TypeError("a payment token is required");
          // A charge names its amount and currency (ChargeVerifyBuyerDetails); keeping a card on file names
          // none (StoreVerifyBuyerDetails: intent STORE and the billing contact only).
          const charge = details?.intent === "CHARGE" && amountPattern.test(details?.amount ?? "") && details.currencyCode === "USD";
          const store = details?.intent === "STORE" && details.amount === undefined;
          if (!(charge || store) || !details.billingContact) {
            throw new TypeError("verification details need intent and billingContact, and for a charge its amount and currencyCode");
          }
          fake.verifications.push({ token, details });
          if (settings.verifyBuyer !== "ok") throw new Error("The buyer could not be verified");
          return { token: "verf:fake" + Math.random().toString(36).slice(2, 14), userChallenged: true };
        },
      };
    },
  };
})();`;
}

/** Makes this browser one that supports Apple Pay, as Safari on an iPhone is (Chromium has no ApplePaySession). */
export const APPLE_PAY_DEVICE = "window.ApplePaySession = { canMakePayments: () => true, supportsVersion: () => true };";
