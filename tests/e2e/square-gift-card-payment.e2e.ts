// Paying with a Square gift card through Square's own gift card field (Web Payments SDK payments.giftCard(),
// the fake of tests/support/fakeWebPayments.ts served in place of square.js), not TEST MODE's number box:
// the production build configured as production Square, its functions talking to the fake Square server.
// A card that holds enough pays the whole $53.75; a card of $20.00 pays its part and the card field below
// pays the rest, and Square's order is paid by both (PayOrder).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { offlineContext } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import type { FakeSquare } from "../support/fakeSquare";
import { fakeWebPaymentsScript, type FakeWebPaymentsOptions } from "../support/fakeWebPayments";
import { SATURDAY_NOON, useSquareJourney, WEB_PAYMENTS } from "../support/squareJourney";
import { SQUARE_SCRIPT_URLS } from "../../src/domain/payment";

const journey = useSquareJourney({ env: WEB_PAYMENTS, resetBeforeEach: true });
const JOURNEY = { timeout: 90_000 };

/** A digital gift card sold and activated at the fake Square as Square's walkthrough does it; answers its number. */
async function issueGiftCard(square: FakeSquare, cents: number): Promise<string> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${square.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${square.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as any;
  };
  const key = crypto.randomUUID();
  const { order } = await call("/v2/orders", {
    idempotency_key: `${key}-order`,
    order: { location_id: square.locationId, line_items: [{ name: "Gift card", quantity: "1", item_type: "GIFT_CARD", base_price_money: { amount: cents, currency: "USD" } }] },
  });
  await call("/v2/payments", { idempotency_key: `${key}-pay`, source_id: "cnon:card-nonce-ok", amount_money: { amount: cents, currency: "USD" }, order_id: order.id, location_id: square.locationId });
  const { gift_card } = await call("/v2/gift-cards", { idempotency_key: `${key}-card`, location_id: square.locationId, gift_card: { type: "DIGITAL" } });
  await call("/v2/gift-cards/activities", {
    idempotency_key: `${key}-activate`,
    gift_card_activity: {
      type: "ACTIVATE",
      location_id: square.locationId,
      gift_card_id: gift_card.id,
      activate_activity_details: { order_id: order.id, line_item_uid: order.line_items[0].uid },
    },
  });
  square.requests.length = 0;
  return gift_card.gan;
}

/** A browser whose square.js is the fake SDK, at the checkout's payment step with $53.75 in the cart. */
async function atPayment(sdk: FakeWebPaymentsOptions): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await offlineContext(journey.browser, { viewport: { width: 1280, height: 800 } });
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  await context.route(SQUARE_SCRIPT_URLS.production, (route) => route.fulfill({ contentType: "text/javascript", body: fakeWebPaymentsScript(sdk) }));
  const page = await context.newPage();
  await putCart(page, journey.site.url);
  await page.goto(`${journey.site.url}/checkout`);
  await page.getByLabel("Full Name").fill("Ana Pérez");
  await page.getByLabel("Email").fill("ana@example.com");
  await page.getByLabel("Phone").fill("(305) 555-0142");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("heading", { name: "Payment" }).waitFor();
  // Square's card field is drawn: this is Square's form, not TEST MODE's.
  await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
  return { page, close: () => context.close() };
}

async function typeGiftCard(page: Page, gan: string) {
  const group = page.getByRole("group", { name: "Pay with a gift card" });
  await group.getByRole("button", { name: "Pay with a gift card" }).click();
  await group.getByRole("textbox", { name: "Gift card number" }).fill(gan);
  return group;
}

describe("paying with a gift card in Square's own gift card field", JOURNEY, () => {
  it("pays the whole $53.75 with a $100.00 card, and its balance goes down by the total", async () => {
    const gan = await issueGiftCard(journey.square, 10_000);
    const token = journey.square.giftCards.giftCardToken(gan);
    const { page, close } = await atPayment({ giftCardTokens: { [gan]: token } });
    expect(await page.getByText("(test)").count()).toBe(0);

    // Typed in groups of four, as printed on the card.
    const group = await typeGiftCard(page, gan.replace(/(\d{4})(?=\d)/g, "$1 "));
    await group.getByRole("button", { name: "Charge $53.75 to the gift card" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);

    const [payment] = journey.square.requestsTo("POST", "/v2/payments");
    expect(payment!.body).toMatchObject({ source_id: token, amount_money: { amount: 5375, currency: "USD" } });
    expect(journey.square.giftCards.byGan(gan).balance_money.amount).toBe(10_000 - 5375);
    await close();
  });

  it("uses a $20.00 card for its part, the card field pays the rest, and Square's order is paid by both", async () => {
    const gan = await issueGiftCard(journey.square, 2_000);
    const token = journey.square.giftCards.giftCardToken(gan);
    const { page, close } = await atPayment({ giftCardTokens: { [gan]: token } });

    const group = await typeGiftCard(page, gan);
    await group.getByRole("button", { name: "Use it for part, pay the rest below" }).click();
    await group.getByRole("status").getByText(/Gift card ready/).waitFor();
    await page.getByRole("button", { name: "Pay $53.75" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);

    const payments = journey.square.requestsTo("POST", "/v2/payments").map((request) => request.body);
    expect(payments).toEqual([
      expect.objectContaining({ source_id: token, accept_partial_authorization: true, autocomplete: false }),
      expect.objectContaining({ source_id: "cnon:card-nonce-ok", amount_money: { amount: 3375, currency: "USD" }, autocomplete: false }),
    ]);
    const [pay] = journey.square.requests.filter((request) => request.method === "POST" && /^\/v2\/orders\/[^/]+\/pay$/.test(request.path));
    expect(pay!.body.payment_ids).toHaveLength(2);
    expect(journey.square.giftCards.byGan(gan).balance_money.amount).toBe(0);
    await close();
  });

  it("says a number the field cannot read could not be read, and charges nothing", async () => {
    const { page, close } = await atPayment({ giftCardTokens: {} });
    const group = await typeGiftCard(page, "7783 3200 0000 0000");
    await group.getByRole("button", { name: "Charge $53.75 to the gift card" }).click();
    await page.getByText("The gift card could not be read. Check the number and try again.").waitFor();
    expect(journey.square.requestsTo("POST", "/v2/payments")).toHaveLength(0);
    await close();
  });
});
