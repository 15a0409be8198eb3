// Square's Web Payments SDK in the browser: loads its script once, starts the card field and the wallets
// (Apple Pay, Google Pay, Cash App Pay) this device supports, and declares the few types we use (instead
// of depending on @square/web-payments-sdk-types).
import type { StoreVerificationDetails, VerificationDetails, WalletPaymentRequest } from "../domain/walletPayments";

export interface SquareTokenizeResult {
  status: string;
  token?: string;
  errors?: { message: string; field?: string }[];
}

export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(details?: Record<string, unknown>): Promise<SquareTokenizeResult>;
  destroy(): Promise<boolean>;
}

/** Square's PaymentRequest: made by payments.paymentRequest, read by the wallets. */
export type SquarePaymentRequest = object;

export interface SquareApplePay {
  /** Opens Apple's sheet: call it within the customer's click on our own button. */
  tokenize(): Promise<SquareTokenizeResult>;
  destroy(): Promise<boolean>;
}

export interface SquareGooglePay {
  attach(target: string | HTMLElement, options?: Record<string, unknown>): Promise<void>;
  tokenize(): Promise<SquareTokenizeResult>;
  destroy(): Promise<boolean>;
}

export interface CashAppTokenizationEvent extends Event {
  detail: { tokenResult: SquareTokenizeResult };
}

export interface SquareCashAppPay {
  attach(target: string | HTMLElement, options?: Record<string, unknown>): Promise<void>;
  addEventListener(type: "ontokenization", listener: (event: CashAppTokenizationEvent) => void): void;
  destroy(): Promise<boolean>;
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
  /** Square's gift card field: tokenized like a card; its token pays like one. */
  giftCard(options?: Record<string, unknown>): Promise<SquareCard>;
  paymentRequest(options: WalletPaymentRequest): SquarePaymentRequest;
  applePay(request: SquarePaymentRequest): Promise<SquareApplePay>;
  googlePay(request: SquarePaymentRequest): Promise<SquareGooglePay>;
  cashAppPay(request: SquarePaymentRequest, options: { redirectURL: string; referenceId: string }): Promise<SquareCashAppPay>;
  /**
   * The language of Square's own fields, prompts and messages ("es-US", "en-US"); without it Square follows
   * the browser's language. An unsupported one is ignored.
   */
  setLocale(locale: string): Promise<unknown>;
  /** Square's buyer verification (3-D Secure where the bank asks for it); throws when it fails or is cancelled. */
  verifyBuyer(token: string, details: VerificationDetails | StoreVerificationDetails): Promise<{ token?: string; userChallenged?: boolean } | null | undefined>;
}

interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

/** Why the card form could not start; each maps to one 'Payment Error' sentence the checkout shows. */
export class PaymentFormError extends Error {
  constructor(
    readonly kind: "load" | "init" | "form",
    message: string,
    /** Square's own reason, for a card field that would not start (its words are English). */
    readonly reason = "",
  ) {
    super(message);
    this.name = "PaymentFormError";
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds Square's script once per URL; rejects when the network or a blocker stops it. */
export function loadSquareScript(url: string): Promise<void> {
  const existing = loading.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(url);
      script.remove();
      reject(new PaymentFormError("load", "Failed to load payment system"));
    };
    document.head.append(script);
  });
  loading.set(url, promise);
  return promise;
}

/**
 * Loads the SDK and makes its payments object for this application and location, speaking the page's
 * language (`intlLocale`, "es-US" on Spanish pages) before any field is attached: Square's card field,
 * its prompts and its wallets then read in that language rather than the browser's.
 */
export async function startSquarePayments(config: { scriptUrl: string; applicationId: string; locationId: string }, intlLocale = "en-US"): Promise<SquarePayments> {
  await loadSquareScript(config.scriptUrl);
  if (!window.Square) throw new PaymentFormError("init", "Payment system initialization failed");
  let payments: SquarePayments;
  try {
    payments = window.Square.payments(config.applicationId, config.locationId);
  } catch {
    throw new PaymentFormError("init", "Payment system initialization failed");
  }
  try {
    await payments.setLocale(intlLocale);
  } catch {
    // Square's form in the browser's language is still a working form.
  }
  return payments;
}

/** Attaches a card field to `target`. */
export async function attachCard(payments: SquarePayments, target: HTMLElement): Promise<SquareCard> {
  try {
    const card = await payments.card();
    await card.attach(target);
    return card;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PaymentFormError("form", `Payment form initialization failed: ${reason}`, reason);
  }
}

export interface Wallets {
  applePay: SquareApplePay | null;
  googlePay: SquareGooglePay | null;
  cashAppPay: SquareCashAppPay | null;
}

export interface WalletTargets {
  googlePay: HTMLElement;
  cashAppPay: HTMLElement;
}

export interface CashAppOptions {
  redirectURL: string;
  referenceId: string;
  /** Cash App Pay's token arrives by event: after a scan of its QR code, or on the way back from Cash App. */
  onTokenization: (result: SquareTokenizeResult) => void;
}

/** Runs one wallet's set-up; a wallet this device, browser or seller cannot use throws, and is left out. */
async function optional<T extends { destroy(): Promise<boolean> }>(start: () => Promise<T>, attach?: (wallet: T) => Promise<void>): Promise<T | null> {
  let wallet: T | null = null;
  try {
    wallet = await start();
    await attach?.(wallet);
    return wallet;
  } catch {
    await wallet?.destroy().catch(() => false);
    return null;
  }
}

/**
 * Starts each wallet the device and browser support for this total, as Square's examples do: Apple Pay
 * (our own button calls tokenize), Google Pay and Cash App Pay (Square draws their buttons in `targets`).
 * Never throws: a wallet that cannot start is null and its button stays hidden.
 */
export async function startWallets(payments: SquarePayments, request: WalletPaymentRequest, targets: WalletTargets, cashApp: CashAppOptions): Promise<Wallets> {
  let paymentRequest: SquarePaymentRequest;
  try {
    paymentRequest = payments.paymentRequest(request);
  } catch {
    return { applePay: null, googlePay: null, cashAppPay: null };
  }
  const [applePay, googlePay, cashAppPay] = await Promise.all([
    optional(() => payments.applePay(paymentRequest)),
    optional(
      () => payments.googlePay(paymentRequest),
      (wallet) => wallet.attach(targets.googlePay, { buttonColor: "black", buttonSizeMode: "fill", buttonType: "long" }),
    ),
    optional(
      () => payments.cashAppPay(paymentRequest, { redirectURL: cashApp.redirectURL, referenceId: cashApp.referenceId }),
      async (wallet) => {
        wallet.addEventListener("ontokenization", (event) => cashApp.onTokenization(event.detail?.tokenResult ?? { status: "Error" }));
        await wallet.attach(targets.cashAppPay, { shape: "semiround", width: "full" });
      },
    ),
  ]);
  return { applePay, googlePay, cashAppPay };
}

/** Stops every wallet that started (their buttons and listeners go). */
export async function stopWallets(wallets: Wallets): Promise<void> {
  await Promise.all(Object.values(wallets).map((wallet: { destroy(): Promise<boolean> } | null) => wallet?.destroy().catch(() => false)));
}
