// Square's wallets at the checkout, in Chromium against the production build configured as production
// Square (its functions talk to the fake Square server), with a fake of Square's Web Payments SDK served
// in place of https://web.squarecdn.com/v1/square.js: Google Pay paid after the bank's check, a failed
// check charging nothing, Apple Pay only where the device has it, Cash App Pay's way back from Cash App on
// a phone paying the same order once, and a blocked script leaving the card area's message and no wallets.
import { describe, expect, it } from "vitest";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { offlineContext, MOBILE } from "../support/browser";
import { VERIFICATION_REQUIRED_TOKEN } from "../support/fakeSquare";
import { APPLE_PAY_DEVICE, FAKE_WALLET_TOKENS, fakeWebPaymentsScript, type FakeWebPaymentsOptions } from "../support/fakeWebPayments";
import { putCart } from "../support/checkoutCart";
import { SATURDAY_NOON, useSquareJourney, WEB_PAYMENTS } from "../support/squareJourney";
import { PAYMENT_MESSAGES, SQUARE_SCRIPT_URLS } from "../../src/domain/payment";
import { expectNoAxeViolations } from "../support/axe";

const journey = useSquareJourney({ env: WEB_PAYMENTS, resetBeforeEach: true });

interface Journey {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: a wallet that cannot start must throw nothing. */
  errors: Error[];
}

/** A browser (offline but for 127.0.0.1) whose square.js is the fake, or blocked when `sdk` is null. */
async function newJourney(sdk: FakeWebPaymentsOptions | null, options: BrowserContextOptions = {}, initScript?: string): Promise<Journey> {
  const context = await offlineContext(journey.browser, { viewport: { width: 1280, height: 800 }, ...options });
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  if (initScript) await context.addInitScript(initScript);
  if (sdk) await context.route(SQUARE_SCRIPT_URLS.production, (route) => route.fulfill({ contentType: "text/javascript", body: fakeWebPaymentsScript(sdk) }));
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return { context, page, errors };
}

/** Fills the cart as the cart store saves it, opens the checkout (answering its response) and the payment step. */
async function toPayment(page: Page, extra: (page: Page) => Promise<void> = async () => {}) {
  await putCart(page, journey.site.url);
  const response = await page.goto(`${journey.site.url}/checkout`);
  await page.getByLabel("Full Name").fill("Ana Pérez");
  await page.getByLabel("Email").fill("ana@example.com");
  await page.getByLabel("Phone").fill("(305) 555-0142");
  await extra(page);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("heading", { name: "Payment" }).waitFor();
  return response!;
}

const fakeState = (page: Page) => page.evaluate(() => (window as unknown as { __squareFake: any }).__squareFake);

async function toastText(page: Page): Promise<string> {
  const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem").first();
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

const JOURNEY = { timeout: 90_000 };

describe("wallets at the checkout", JOURNEY, () => {
  it("pays with Google Pay after the bank's check, for the server's total, and lands on the confirmation", async () => {
    const { context, page, errors } = await newJourney({});
    const response = await toPayment(page);
    // The checkout alone may ask for a payment: its own page, Square's SDK and Google Pay.
    expect(response.headers()["permissions-policy"]).toContain('payment=(self "https://sandbox.web.squarecdn.com" "https://web.squarecdn.com" "https://pay.google.com")');

    const wallets = page.getByRole("group", { name: PAYMENT_MESSAGES.walletsGroup });
    await wallets.getByRole("button", { name: "Buy with Google Pay" }).waitFor();
    await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
    // Square's form speaks the page's English, told before anything was attached, whatever the browser's language.
    expect((await fakeState(page)).locales).toEqual([{ locale: "en-US", startedBefore: [] }]);
    expect(await wallets.getByRole("button", { name: "Cash App Pay" }).count()).toBe(1);
    // Chromium has no Apple Pay: its set-up throws, and its button is not shown.
    expect(await page.getByRole("button", { name: PAYMENT_MESSAGES.applePayButton }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await wallets.getByRole("button", { name: "Buy with Google Pay" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);

    const [payment] = journey.square.requestsTo("POST", "/v2/payments");
    expect(journey.square.requestsTo("POST", "/v2/payments")).toHaveLength(1);
    expect(payment!.body).toMatchObject({ source_id: VERIFICATION_REQUIRED_TOKEN, amount_money: { amount: 5375, currency: "USD" } });
    expect(payment!.body.verification_token).toMatch(/^verf:fake/);
    // Square records a Google Pay payment as a card payment, by the wallet's own device card.
    expect(journey.square.charges()).toMatchObject([{ source_type: "CARD", card_details: { card: { last_4: "0037" } } }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks Square's bank check for the total in USD with the buyer's own contact; when it fails, says so and charges nothing", async () => {
    const { context, page, errors } = await newJourney({ verifyBuyer: "fail" });
    await toPayment(page);
    await page.getByRole("button", { name: "Buy with Google Pay" }).click();
    expect(await toastText(page)).toContain(PAYMENT_MESSAGES.verificationFailed);

    const fake = await fakeState(page);
    expect(fake.paymentRequests.at(-1)).toEqual({ countryCode: "US", currencyCode: "USD", total: { amount: "53.75", label: PAYMENT_MESSAGES.paymentSheetLabel } });
    expect(fake.verifications).toEqual([
      {
        token: FAKE_WALLET_TOKENS.googlePay,
        details: {
          amount: "53.75",
          currencyCode: "USD",
          intent: "CHARGE",
          billingContact: { givenName: "Ana", familyName: "Pérez", email: "ana@example.com", phone: "(305) 555-0142", countryCode: "US" },
        },
      },
    ]);
    expect(journey.square.requests).toHaveLength(0);
    expect(page.url()).toBe(`${journey.site.url}/checkout`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows Apple Pay where the device supports it, with the tip in the wallet's total, and pays with it", async () => {
    const { context, page, errors } = await newJourney({}, MOBILE, APPLE_PAY_DEVICE);
    await toPayment(page, (p) => p.getByRole("radio", { name: /^18%/ }).check());
    // $53.75 and an 18% tip on the $50.00 subtotal.
    await page.getByRole("button", { name: PAYMENT_MESSAGES.applePayButton }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    expect(journey.square.requestsTo("POST", "/v2/payments")[0]!.body).toMatchObject({
      source_id: FAKE_WALLET_TOKENS.applePay,
      amount_money: { amount: 5375 },
      tip_money: { amount: 900 },
    });
    expect(journey.square.requestsTo("POST", "/v2/payments")[0]!.body).not.toHaveProperty("verification_token");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("comes back from Cash App on a phone to the same checkout and pays the attempt it left with, once", async () => {
    const { context, page, errors } = await newJourney({ cashAppRedirect: true }, MOBILE);
    const ordersBefore = await journey.site.database.count("orders");
    await toPayment(page, async (p) => {
      await p.getByRole("radio", { name: /^20%/ }).check();
      await p.getByLabel(/Note for the Kitchen/).fill("No onions, please");
    });
    const wallets = page.getByRole("group", { name: PAYMENT_MESSAGES.walletsGroup });
    await wallets.getByRole("button", { name: "Cash App Pay" }).waitFor();
    const before = await fakeState(page);
    expect(before.paymentRequests.at(-1).total.amount).toBe("63.75"); // with the $10.00 tip
    const leftWith = before.cashAppOptions.at(-1);
    expect(leftWith.redirectURL).toBe(`${journey.site.url}/checkout?wallet=cash-app-pay`);

    // The page goes to Cash App and comes back to a new load of the checkout.
    await wallets.getByRole("button", { name: "Cash App Pay" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);

    expect(journey.square.requestsTo("POST", "/v2/payments")).toHaveLength(1);
    expect(journey.square.requestsTo("POST", "/v2/payments")[0]!.body).toMatchObject({
      source_id: FAKE_WALLET_TOKENS.cashAppPay,
      idempotency_key: leftWith.referenceId,
      amount_money: { amount: 5375 },
      tip_money: { amount: 1000 },
    });
    expect(JSON.stringify(journey.square.requestsTo("POST", "/v2/orders")[0]!.body)).toContain("No onions, please");
    expect(await journey.site.database.count("orders")).toBe(ordersBefore + 1);
    // Nothing of the customer's stays on the device for a way back once the order is placed.
    expect(await page.evaluate(() => localStorage.getItem("jealous-fork-wallet-return"))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("after a declined card, keeps Cash App Pay's way back for a new attempt, which pays once", async () => {
    const { context, page, errors } = await newJourney({ cashAppRedirect: true, cardToken: "cnon:card-nonce-declined" }, MOBILE);
    await toPayment(page);
    await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
    await page.getByRole("button", { name: "Cash App Pay" }).waitFor();
    const first = (await fakeState(page)).cashAppOptions.at(-1).referenceId;
    await page.getByRole("button", { name: "Pay $53.75" }).click();
    // The refusal stays beside the summary, saying nothing was charged.
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).filter({ hasText: "You have not been charged." }).waitFor();
    const declinedKey = journey.square.requestsTo("POST", "/v2/payments")[0]!.body.idempotency_key;

    // Cash App Pay starts again with an attempt of its own, kept for the way back.
    await page.waitForFunction((key) => (window as any).__squareFake.cashAppOptions.at(-1)?.referenceId !== key, first);
    await page.getByRole("button", { name: "Cash App Pay" }).waitFor();
    const leftWith = (await fakeState(page)).cashAppOptions.at(-1);
    await page.getByRole("button", { name: "Cash App Pay" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    const payments = journey.square.requestsTo("POST", "/v2/payments");
    expect(payments.map((payment) => payment.body.idempotency_key)).toEqual([declinedKey, leftWith.referenceId]);
    expect(journey.square.charges()).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the card area's message and no wallet when Square's script cannot load, and throws nothing", async () => {
    const { context, page, errors } = await newJourney(null);
    await toPayment(page);
    await page.getByRole("alert").filter({ hasText: "Failed to load payment system" }).waitFor();
    expect(await page.getByRole("group", { name: PAYMENT_MESSAGES.walletsGroup }).count()).toBe(0);
    for (const name of ["Buy with Google Pay", "Cash App Pay", PAYMENT_MESSAGES.applePayButton]) {
      expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole("button", { name: "Pay $53.75" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
