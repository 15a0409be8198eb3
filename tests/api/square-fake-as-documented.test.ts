// The fake Square answers as Square's pages say, spoken to through the `square` SDK as our code speaks (so
// every request and answer is held to Square's API description): wallets as Square models them, with delayed
// capture for each; ListGiftCards oldest first with a cursor; a partial authorization only for an order; no
// update of a finished order; PAYMENT_AMOUNT_MISMATCH; and both readings of each question Square leaves open.
import { randomUUID } from "node:crypto";
import type { Square } from "square";
import { describe, expect, it } from "vitest";
import { squareClient } from "../../src/server/platform/squareClient";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });
const key = () => randomUUID();

async function anOrder(lines: Square.OrderLineItem[] = [{ name: "Burger", quantity: "1", basePriceMoney: usd(1500) }], discounts?: Square.OrderLineItemDiscount[]) {
  const client = await squareClient("setup");
  return (await client.orders.create({ idempotencyKey: key(), order: { locationId: running.square.locationId, lineItems: lines, ...(discounts ? { discounts } : {}) } })).order!;
}

describe("wallets as Square models them", () => {
  it("authorizes Apple Pay and Google Pay as their device cards, each with its own fingerprint, and Cash App Pay as a wallet with its cashtag; each is captured or voided later", async () => {
    const client = await squareClient("setup");
    const authorize = (sourceId: string, extra: Partial<Square.CreatePaymentRequest> = {}) =>
      client.payments.create({ sourceId, idempotencyKey: key(), amountMoney: usd(1200), locationId: running.square.locationId, autocomplete: false, ...extra });
    const card = (await client.payments.create({ sourceId: "cnon:card-nonce-ok", idempotencyKey: key(), amountMoney: usd(100), locationId: running.square.locationId })).payment!;
    const apple = (await authorize("wnon:test-apple-pay-ok")).payment!;
    const google = (await authorize("wnon:google-pay-verification-required", { verificationToken: "verf:bank-said-yes" })).payment!;
    const cashApp = (await authorize("wnon:test-cash-app-pay-ok")).payment!;
    for (const wallet of [apple, google]) {
      expect(wallet).toMatchObject({ status: "APPROVED", sourceType: "CARD", cardDetails: { status: "AUTHORIZED" } });
      expect(wallet.cardDetails?.card?.fingerprint).toMatch(/^sq-1-/);
    }
    const fingerprints = new Set([card, apple, google].map((payment) => payment.cardDetails?.card?.fingerprint));
    expect(fingerprints.size).toBe(3);
    expect(cashApp).toMatchObject({ status: "APPROVED", sourceType: "WALLET", walletDetails: { status: "AUTHORIZED", brand: "CASH_APP", cashAppDetails: { buyerCashtag: "$JealousAna" } } });
    expect(cashApp.cardDetails).toBeUndefined();

    expect((await client.payments.complete({ paymentId: apple.id! })).payment).toMatchObject({ status: "COMPLETED", cardDetails: { status: "CAPTURED" } });
    expect((await client.payments.complete({ paymentId: cashApp.id! })).payment).toMatchObject({ status: "COMPLETED", walletDetails: { status: "CAPTURED" } });
    expect((await client.payments.cancel({ paymentId: google.id! })).payment).toMatchObject({ status: "CANCELED", cardDetails: { status: "VOIDED" } });
  });
});

describe("smaller rules of Square's pages", () => {
  it("lists gift cards oldest first, a page at a time by its cursor", async () => {
    const client = await squareClient("setup");
    const made: string[] = [];
    for (let n = 0; n < 3; n++) {
      const { giftCard } = await client.giftCards.create({ idempotencyKey: key(), locationId: running.square.locationId, giftCard: { type: "DIGITAL" } });
      made.push(giftCard!.id!);
      running.square.giftCards.cards.get(giftCard!.id!).created_at = new Date(Date.UTC(2026, 10, 1 + n)).toISOString();
    }
    const first = await client.giftCards.list({ limit: 2 });
    expect(first.data.map((card) => card.id)).toEqual(made.slice(0, 2));
    // The SDK's pager follows the cursor to the last card.
    const all: string[] = [];
    for await (const card of first) all.push(card.id!);
    expect(all).toEqual(made);
    expect(running.square.requestsTo("GET", "/v2/gift-cards").map((request) => request.query.cursor ?? null)).toEqual([null, "2"]);
  });

  it("takes a partial authorization only for an order, refuses to change a finished order, and names an amount that is not the order's total", async () => {
    const client = await squareClient("setup");
    const gan = (await client.giftCards.create({ idempotencyKey: key(), locationId: running.square.locationId, giftCard: { type: "DIGITAL" } })).giftCard!.gan!;
    await expect(
      client.payments.create({ sourceId: running.square.giftCards.giftCardToken(gan), idempotencyKey: key(), amountMoney: usd(500), locationId: running.square.locationId, autocomplete: false, acceptPartialAuthorization: true }),
    ).rejects.toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ field: "order_id" })] });

    const order = await anOrder();
    await expect(client.payments.create({ sourceId: "cnon:card-nonce-ok", idempotencyKey: key(), amountMoney: usd(1400), orderId: order.id!, locationId: running.square.locationId })).rejects.toMatchObject({
      statusCode: 400,
      errors: [expect.objectContaining({ code: "PAYMENT_AMOUNT_MISMATCH" })],
    });
    running.square.orders.get(order.id!).state = "COMPLETED";
    await expect(client.orders.update({ orderId: order.id!, order: { locationId: running.square.locationId, version: order.version, referenceId: "late" }, idempotencyKey: key() })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("both readings of what Square's pages leave open", () => {
  it.each([
    ["once", 229],
    ["per-line", 230],
  ] as const)("a 10%% discount on $9.95 + $12.95 rounded %s takes %i cents", async (reading, cents) => {
    running.square.readings.orderPercentage = reading;
    const order = await anOrder(
      [{ name: "A", quantity: "1", basePriceMoney: usd(995) }, { name: "B", quantity: "1", basePriceMoney: usd(1295) }],
      [{ uid: "ten", name: "10% off", type: "FIXED_PERCENTAGE", percentage: "10", scope: "ORDER" }],
    );
    expect(Number(order.totalDiscountMoney?.amount)).toBe(cents);
  });

  it.each([
    ["per-line", 100],
    ["per-unit", 200],
  ] as const)("a line's $1.00 on two dishes, taken %s, takes %i cents", async (reading, cents) => {
    running.square.readings.lineFixedAmount = reading;
    const order = await anOrder([{ uid: "two", name: "A", quantity: "2", basePriceMoney: usd(1295), appliedDiscounts: [{ discountUid: "dollar" }] }], [{ uid: "dollar", name: "$1 off", type: "FIXED_AMOUNT", amountMoney: usd(100), scope: "LINE_ITEM" }]);
    expect(Number(order.totalDiscountMoney?.amount)).toBe(cents);
  });

  it("reads a gift card token twice, or, under the reading where reading spends it, refuses the second read and the payment", async () => {
    const client = await squareClient("setup");
    const gan = (await client.giftCards.create({ idempotencyKey: key(), locationId: running.square.locationId, giftCard: { type: "DIGITAL" } })).giftCard!.gan!;
    const reads = running.square.giftCards.giftCardToken(gan);
    await client.giftCards.getFromNonce({ nonce: reads });
    expect((await client.giftCards.getFromNonce({ nonce: reads })).giftCard?.gan).toBe(gan);
    running.square.readings.fromNonce = "spends";
    const spends = running.square.giftCards.giftCardToken(gan);
    await client.giftCards.getFromNonce({ nonce: spends });
    await expect(client.giftCards.getFromNonce({ nonce: spends })).rejects.toMatchObject({ errors: [expect.objectContaining({ code: "CARD_TOKEN_USED" })] });
  });
});
