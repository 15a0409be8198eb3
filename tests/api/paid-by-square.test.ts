// Only money paid confirms an order: Square's notifications of an authorization (APPROVED) never do, a
// split tender is booked for its whole total whichever notification arrives first, and reconciliation books
// every tender of a split order. The fake Square's notifications reach /api/square/webhooks as production's
// subscription sends them.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, jsonOf } from "../support/functions";
import { deliverSquareWebhooks, PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import sale from "../../netlify/functions/gift-cards.mts";
import balance from "../../netlify/functions/gift-card-balance.mts";
import { getOrder } from "../../src/server/orders/records";
import { reconcileOrder } from "../../src/server/orders/reconcile";
import { voidStrandedAuthorizations } from "../../src/server/orders/strandedAuthorizations";
import { testDatabase } from "../support/database";
import { errorWords } from "../../src/domain/i18n/ui/errors";

const running = useOrderServices();
let stopWebhooks: () => void;
beforeAll(() => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  stopWebhooks = deliverSquareWebhooks(running.square, "whsk-paid-by-square-0123456789");
});
afterAll(() => stopWebhooks());

/** $53.75: two Billionaire Brunch Bites and a Hot Maple Flatbread, with tax. */
const ORDER_TOTAL = 5375;

/** A gift card bought through the site's gift card sale, as a customer buys one: its number. */
async function giftCardOf(dollars: number): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: { amount: dollars, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: "cnon:card-nonce-ok", verificationToken: "verf:bank-said-yes-0001" },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf(res);
  return [...running.square.giftCards.cards.values()].find((entry) => entry.gan.endsWith(last4)).gan;
}

async function balanceOf(gan: string): Promise<string> {
  return (await jsonOf(await call(balance, "/api/gift-cards/balance", { body: { number: gan } }))).balance;
}

const giftCardPayments = () => running.square.charges().filter((payment) => payment.card_details?.card?.card_brand === "SQUARE_GIFT_CARD");

async function orderOfKey(key: string) {
  const [row] = await testDatabase().rows<{ id: string }>("SELECT id FROM orders WHERE idempotency_key = $1", [key]);
  return getOrder(row!.id);
}

describe("a gift card's authorization heard from Square", () => {
  it("never confirms an order whose attempt was refused: no e-mail, and the card's balance is whole and spendable", async () => {
    const gan = await giftCardOf(100);
    await running.square.deliverWebhooks();
    const key = randomUUID();
    const res = await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-declined" }, key);
    expect(res.status).toBe(422);
    const [authorization] = giftCardPayments();
    expect(authorization?.status).toBe("CANCELED");
    // Square's payment.created for the authorization says APPROVED, as it was when it was made.
    const created = running.square.pendingNotifications().find((n) => n.type === "payment.created" && JSON.parse(n.body).data.id === authorization.id);
    expect(JSON.parse(created!.body).data.object.payment.status).toBe("APPROVED");

    expect(new Set(await running.square.deliverWebhooks())).toEqual(new Set([200]));
    const order = await orderOfKey(key);
    expect(order?.status).toBe("payment_failed");
    expect(await testDatabase().count("mail_outbox", "order_id = $1 AND kind = 'order_confirmed'", [order!.orderId])).toBe(0);
    expect(await balanceOf(gan)).toBe("100.00");
    // The cancelled authorization holds nothing: the card pays a whole order.
    expect((await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gan) })).status).toBe(201);
    expect(await balanceOf(gan)).toBe("46.25");
  });

  it("asks Square rather than the notification's body: a COMPLETED payment that does not pay the whole total confirms nothing", async () => {
    const gan = await giftCardOf(100);
    await running.square.deliverWebhooks();
    const key = randomUUID();
    expect((await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-declined" }, key)).status).toBe(422);
    await running.square.deliverWebhooks();
    const [authorization] = giftCardPayments();
    // A notification saying COMPLETED about it (out of date, or not what Square holds): Square says CANCELED.
    running.square.notify("payment.updated", "payment", authorization.id, { payment: { ...authorization, status: "COMPLETED" } });
    expect(await running.square.deliverWebhooks()).toEqual([200]);
    expect((await orderOfKey(key))?.status).toBe("payment_failed");
    expect(await balanceOf(gan)).toBe("100.00");
  });

  it("books a split tender for its whole total when the gift card's notification arrives before PayOrder", async () => {
    const gan = await giftCardOf(20);
    await running.square.deliverWebhooks();
    // Square answers each payment a moment late: the gift card's notification is delivered meanwhile.
    running.square.fault("POST /v2/payments", { delayMs: 400 }, 2);
    const key = randomUUID();
    const placing = postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" }, key);
    await expect.poll(() => running.square.pendingNotifications().some((n) => n.type === "payment.created"), { timeout: 10_000, interval: 10 }).toBe(true);
    expect(await running.square.deliverWebhooks()).toContain(200);
    expect((await placing).status).toBe(201);
    await running.square.deliverWebhooks();

    const order = await orderOfKey(key);
    expect(order?.status).toBe("confirmed");
    expect(order?.totals.total).toBe(ORDER_TOTAL);
    const card = running.square.charges().find((payment) => payment.source_type === "CARD" && payment.card_details.card.card_brand === "VISA" && payment.order_id === order!.payment.providerOrderId);
    const [row] = await testDatabase().rows<{ payment_id: string; amount_cents: number; gift_card_payment_id: string; gift_card_cents: number }>(
      // The gift card's tender beside the booked payment, as the order's list of tenders keeps it.
      "SELECT o.payment_id, o.amount_cents, t.payment_id AS gift_card_payment_id, t.amount_cents AS gift_card_cents FROM orders o LEFT JOIN order_tenders t ON t.order_id = o.id AND t.kind = 'gift_card' WHERE o.id = $1",
      [order!.orderId],
    );
    expect(row).toEqual({ payment_id: card.id, amount_cents: ORDER_TOTAL, gift_card_payment_id: giftCardPayments()[0].id, gift_card_cents: 2000 });
  });
});

describe("reconciliation of a split tender", () => {
  it("books every tender and the whole total when the confirmation was lost after PayOrder", async () => {
    const gan = await giftCardOf(20);
    const key = randomUUID();
    expect((await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" }, key)).status).toBe(201);
    const paid = await orderOfKey(key);
    // As if the instance died after Square paid the order, before the confirmation was stored.
    await testDatabase().rows(
      "UPDATE orders SET status = 'pending', payment_id = NULL, amount_cents = NULL, confirmed_at = NULL WHERE id = $1",
      [paid!.orderId],
    );
    await testDatabase().rows("DELETE FROM order_tenders WHERE order_id = $1", [paid!.orderId]);
    const { outcome, order } = await reconcileOrder(paid!.orderId);
    expect(outcome).toBe("confirmed");
    expect(order.totals.total).toBe(ORDER_TOTAL);
    const [row] = await testDatabase().rows<{ amount_cents: number; gift_card_payment_id: string; gift_card_cents: number; payment_id: string }>(
      // The gift card's tender beside the booked payment, as the order's list of tenders keeps it.
      "SELECT o.payment_id, o.amount_cents, t.payment_id AS gift_card_payment_id, t.amount_cents AS gift_card_cents FROM orders o LEFT JOIN order_tenders t ON t.order_id = o.id AND t.kind = 'gift_card' WHERE o.id = $1",
      [paid!.orderId],
    );
    expect(row).toEqual({ payment_id: paid!.payment.paymentId, amount_cents: ORDER_TOTAL, gift_card_payment_id: giftCardPayments()[0].id, gift_card_cents: 2000 });
  });
});

describe("split tender as Square documents it", () => {
  it("sets the pickup's expires_at, so both payments wait APPROVED for PayOrder, which completes them together", async () => {
    const gan = await giftCardOf(20);
    await running.square.deliverWebhooks();
    running.square.requests.length = 0;
    expect((await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" })).status).toBe(201);
    const [created] = running.square.requestsTo("POST", "/v2/orders");
    const expiresAt = Date.parse(created!.body.order.fulfillments[0].pickup_details.expires_at);
    // Square takes it up to 7 days ahead.
    expect(expiresAt).toBeGreaterThan(Date.now() + 5 * 24 * 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3_600_000);
    const seen = running.square.pendingNotifications().filter((n) => n.type === "payment.created").map((n) => JSON.parse(n.body).data.object.payment.status);
    expect(seen).toEqual(["APPROVED", "APPROVED"]);
    expect(running.square.charges().slice(-2).map((payment) => payment.status)).toEqual(["COMPLETED", "COMPLETED"]);
  });

  it("without expires_at, Square completes a pickup order's new payment at once (the fake as documented)", async () => {
    const gan = await giftCardOf(20);
    const { order } = await square("POST", "/v2/orders", {
      idempotency_key: randomUUID(),
      order: { location_id: running.square.locationId, line_items: [{ name: "Flatbread", quantity: "1", base_price_money: { amount: 5000, currency: "USD" } }], fulfillments: [{ type: "PICKUP", pickup_details: { recipient: { display_name: "Ana" } } }] },
    });
    const { payment } = await square("POST", "/v2/payments", {
      idempotency_key: randomUUID(), source_id: running.square.giftCards.giftCardToken(gan), amount_money: { amount: order.total_money.amount, currency: "USD" },
      accept_partial_authorization: true, autocomplete: false, location_id: running.square.locationId, order_id: order.id,
    });
    expect(payment.status).toBe("COMPLETED");
    expect(await balanceOf(gan)).toBe("0.00");
  });

  it("PayOrder cancels the order's other authorizations, giving a stale gift card hold back", async () => {
    const gan = await giftCardOf(100);
    const { order } = await square("POST", "/v2/orders", {
      idempotency_key: randomUUID(),
      order: { location_id: running.square.locationId, line_items: [{ name: "Flatbread", quantity: "1", base_price_money: { amount: 5000, currency: "USD" } }], fulfillments: [{ type: "PICKUP", pickup_details: { recipient: { display_name: "Ana" }, expires_at: new Date(Date.now() + 86_400_000).toISOString() } }] },
    });
    const authorize = (source: string) => square("POST", "/v2/payments", {
      idempotency_key: randomUUID(), source_id: source, amount_money: { amount: order.total_money.amount, currency: "USD" },
      autocomplete: false, location_id: running.square.locationId, order_id: order.id,
    });
    const { payment: stale } = await authorize(running.square.giftCards.giftCardToken(gan));
    const { payment: card } = await authorize("cnon:card-nonce-ok");
    expect([stale.status, card.status]).toEqual(["APPROVED", "APPROVED"]);
    expect(await balanceOf(gan)).toBe("100.00");
    await square("POST", `/v2/orders/${order.id}/pay`, { idempotency_key: randomUUID(), payment_ids: [card.id] });
    expect(running.square.charges().find((p) => p.id === stale.id).status).toBe("CANCELED");
    expect(running.square.charges().find((p) => p.id === card.id).status).toBe("COMPLETED");
    expect((await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gan) })).status).toBe(201);
  });

  it("a gift card short of the total answers INSUFFICIENT_FUNDS with GIFT_CARD_AVAILABLE_AMOUNT, and the checkout says so", async () => {
    const gan = await giftCardOf(25);
    running.square.requests.length = 0;
    const res = await postOrder({ ...PICKUP_ORDER, paymentToken: running.square.giftCards.giftCardToken(gan) });
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).error).toBe(errorWords.gift_card_short.en);
    const answer = await fetch(`${running.square.url}/v2/payments`, {
      method: "POST",
      headers: { authorization: `Bearer ${running.square.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ ...running.square.requestsTo("POST", "/v2/payments")[0]!.body, idempotency_key: randomUUID() }),
    });
    expect((await answer.json()).errors.map((e: { code: string; detail: string }) => [e.code, e.code === "GIFT_CARD_AVAILABLE_AMOUNT" ? e.detail : ""])).toEqual([
      ["INSUFFICIENT_FUNDS", ""],
      ["GIFT_CARD_AVAILABLE_AMOUNT", "2500"],
    ]);
    expect(await balanceOf(gan)).toBe("25.00");
  });
});

describe("the sweeper of stranded authorizations", () => {
  it("voids within 15 minutes a gift card authorization a lost answer left APPROVED, once, and leaves the counter's holds alone", async () => {
    const gan = await giftCardOf(20);
    process.env.SQUARE_TIMEOUT_SECONDS = "1";
    try {
      // The gift card's authorization is made at Square, but its answer never comes.
      running.square.fault("POST /v2/payments", { delayMs: 1500 }, 1);
      const res = await postOrder({ ...PICKUP_ORDER, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" });
      expect(res.status).toBe(502);
      // Square authorized the gift card before its answer was lost.
      await expect.poll(() => giftCardPayments().some((payment) => payment.status === "APPROVED"), { timeout: 5_000 }).toBe(true);
    } finally {
      process.env.SQUARE_TIMEOUT_SECONDS = "5";
    }
    const stranded = giftCardPayments().find((payment) => payment.status === "APPROVED");
    expect(stranded).toBeDefined();
    // A hold of the restaurant's own (not an online order's) is never the sweeper's.
    const { order: counter } = await square("POST", "/v2/orders", {
      idempotency_key: randomUUID(),
      order: { location_id: running.square.locationId, line_items: [{ name: "Bar tab", quantity: "1", base_price_money: { amount: 3000, currency: "USD" } }], fulfillments: [{ type: "PICKUP", pickup_details: { recipient: { display_name: "Bar" }, expires_at: new Date(Date.now() + 86_400_000).toISOString() } }] },
    });
    const { payment: tab } = await square("POST", "/v2/payments", {
      idempotency_key: randomUUID(), source_id: "cnon:card-nonce-ok", amount_money: { amount: counter.total_money.amount, currency: "USD" }, autocomplete: false, location_id: running.square.locationId, order_id: counter.id,
    });

    // Younger than the grace a checkout may hold it: left alone.
    expect(await voidStrandedAuthorizations()).toEqual({ voided: 0, failed: 0 });
    expect(running.square.charges().find((payment) => payment.id === stranded.id).status).toBe("APPROVED");
    // The next scheduled run, 10 minutes on: voided, once.
    const later = Date.now() + 10 * 60_000;
    expect(await voidStrandedAuthorizations(later)).toEqual({ voided: 1, failed: 0 });
    expect(running.square.charges().find((payment) => payment.id === stranded.id).status).toBe("CANCELED");
    expect(running.square.charges().find((payment) => payment.id === tab.id).status).toBe("APPROVED");
    expect(await voidStrandedAuthorizations(later)).toEqual({ voided: 0, failed: 0 });
    // The card's whole balance pays again.
    expect((await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }], paymentToken: running.square.giftCards.giftCardToken(gan) })).status).toBe(201);
  });
});

/** A call to the fake Square as any Square client makes it (snake_case JSON); throws on an error answer. */
async function square(method: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${running.square.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${running.square.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`fake Square ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
