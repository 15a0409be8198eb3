import { afterEach, describe, expect, it, vi } from "vitest";
import { walletPaymentRequest } from "../domain/walletPayments";
import { attachCard, startSquarePayments, startWallets, type SquarePayments, type SquareTokenizeResult } from "./squareWebPayments";

const targets = { googlePay: {} as HTMLElement, cashAppPay: {} as HTMLElement };

/** Square's payments object with wallets that start, or throw at set-up or attach, as each test says. */
function payments(overrides: Partial<SquarePayments> = {}) {
  const destroyed: string[] = [];
  let tokenization: ((event: { detail: { tokenResult: SquareTokenizeResult } }) => void) | undefined;
  const wallet = (name: string, attach: () => Promise<void> = async () => {}) => ({
    attach: vi.fn(attach),
    tokenize: vi.fn(async () => ({ status: "OK", token: `${name}-token` })),
    addEventListener: vi.fn((_type: string, listener: typeof tokenization) => void (tokenization = listener)),
    destroy: vi.fn(async () => (destroyed.push(name), true)),
  });
  const square = {
    card: vi.fn(),
    paymentRequest: vi.fn((options) => ({ options })),
    applePay: vi.fn(async () => wallet("applePay")),
    googlePay: vi.fn(async () => wallet("googlePay")),
    cashAppPay: vi.fn(async () => wallet("cashAppPay")),
    verifyBuyer: vi.fn(),
    ...overrides,
  } as unknown as SquarePayments;
  return { square, destroyed, tokenize: (tokenResult: SquareTokenizeResult) => tokenization?.({ detail: { tokenResult } }) };
}

const cashApp = (onTokenization = vi.fn()) => ({ redirectURL: "https://jealousfork.com/checkout?wallet=cash-app-pay", referenceId: "k".repeat(32), onTokenization });

describe("starting Square's wallets", () => {
  it("starts every wallet the device supports for the checkout's total, Cash App Pay with its way back and reference", async () => {
    const { square } = payments();
    const wallets = await startWallets(square, walletPaymentRequest(5375), targets, cashApp());
    expect(Object.values(wallets).every(Boolean)).toBe(true);
    expect(square.paymentRequest).toHaveBeenCalledWith({ countryCode: "US", currencyCode: "USD", total: { amount: "53.75", label: "Jealous Fork order" } });
    expect(square.cashAppPay).toHaveBeenCalledWith(expect.anything(), { redirectURL: "https://jealousfork.com/checkout?wallet=cash-app-pay", referenceId: "k".repeat(32) });
  });

  it("leaves out, and tidies up, each wallet whose set-up or attach throws, without touching the others", async () => {
    const { square, destroyed } = payments({
      applePay: vi.fn(async () => {
        throw new Error("Apple Pay is not supported on this browser");
      }),
      googlePay: vi.fn(async () => ({
        attach: async () => {
          throw new Error("Google Pay is not enabled");
        },
        tokenize: vi.fn(),
        destroy: async () => (destroyed.push("googlePay"), true),
      })) as unknown as SquarePayments["googlePay"],
    });
    const wallets = await startWallets(square, walletPaymentRequest(5375), targets, cashApp());
    expect(wallets.applePay).toBeNull();
    expect(wallets.googlePay).toBeNull();
    expect(wallets.cashAppPay).not.toBeNull();
    expect(destroyed).toEqual(["googlePay"]);
  });

  it("starts none, and throws nothing, when Square refuses the payment request", async () => {
    const { square } = payments({
      paymentRequest: vi.fn(() => {
        throw new TypeError("total is required");
      }),
    });
    await expect(startWallets(square, walletPaymentRequest(5375), targets, cashApp())).resolves.toEqual({ applePay: null, googlePay: null, cashAppPay: null });
  });

  it("hands Cash App Pay's token, reported by event, to the checkout", async () => {
    const { square, tokenize } = payments();
    const onTokenization = vi.fn();
    await startWallets(square, walletPaymentRequest(5375), targets, cashApp(onTokenization));
    tokenize({ status: "OK", token: "cash-app-token" });
    expect(onTokenization).toHaveBeenCalledWith({ status: "OK", token: "cash-app-token" });
  });
});

describe("Square's form in the page's language", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A page whose square.js loads at once and defines Square.payments; what it was asked is in `calls`. */
  function pageWithSquare(setLocale: (locale: string) => Promise<unknown>) {
    const calls: string[] = [];
    const card = { attach: vi.fn(async () => void calls.push("attach")), tokenize: vi.fn(), destroy: vi.fn(async () => true) };
    const payments = {
      setLocale: vi.fn(async (locale: string) => {
        calls.push(`setLocale ${locale}`);
        return setLocale(locale);
      }),
      card: vi.fn(async () => card),
    };
    vi.stubGlobal("document", { createElement: () => ({ remove() {} }), head: { append: (script: { onload: () => void }) => script.onload() } });
    vi.stubGlobal("window", { Square: { payments: () => payments } });
    return { calls, payments: payments as unknown as SquarePayments };
  }
  const config = (n: number) => ({ scriptUrl: `https://sandbox.web.squarecdn.com/v1/square.js?${n}`, applicationId: "sandbox-sq0idb-x", locationId: "L1" });

  it("tells Square the page's language before the card field is attached", async () => {
    const { calls } = pageWithSquare(async (locale) => ({ newLocale: locale }));
    const payments = await startSquarePayments(config(1), "es-US");
    await attachCard(payments, {} as HTMLElement);
    expect(calls).toEqual(["setLocale es-US", "attach"]);
  });

  it("keeps English pages in en-US whatever the browser's language", async () => {
    const { calls } = pageWithSquare(async (locale) => ({ newLocale: locale }));
    await startSquarePayments(config(2));
    expect(calls).toEqual(["setLocale en-US"]);
  });

  it("still starts the card form when Square will not change its language", async () => {
    const { calls } = pageWithSquare(async () => {
      throw new Error("unsupported");
    });
    const payments = await startSquarePayments(config(3), "es-US");
    await attachCard(payments, {} as HTMLElement);
    expect(calls).toEqual(["setLocale es-US", "attach"]);
  });
});
