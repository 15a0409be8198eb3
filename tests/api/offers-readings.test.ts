// A code's totals are Square's own whichever rounding Square follows where its pages are silent: an
// order-level percentage rounded once or on each line (10% off a $9.95 and a $12.95 dish: $2.29 or $2.30),
// a dish's fixed amount taken off its line once or off each unit ($2 off two of a dish: $2 or $4). Under
// each reading of the fake Square the checkout shows Square's figures, the order is placed (never refused as
// prices out of step), charged what was shown, and stored with it; the order placed from a checked cart asks
// Square for no second preview; and one dish free stays one dish.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import offerCheck from "../../netlify/functions/offer-check.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { LINE_FIXED_AMOUNT_READINGS, ORDER_PERCENTAGE_READINGS } from "../support/fakeSquareReadings";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
  // Bacon Spindle at $9.95 and Billionaire Brunch Bites at $12.95: each line's 10% lands on a half cent.
  await testDatabase().rows("UPDATE menu_items SET price_cents = 995 WHERE id = 4");
  await testDatabase().rows("UPDATE menu_items SET price_cents = 1295 WHERE id = 7");
});
afterAll(async () => {
  await testDatabase().rows("UPDATE menu_items SET price_cents = 1100 WHERE id = 4");
  await testDatabase().rows("UPDATE menu_items SET price_cents = 1700 WHERE id = 7");
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
  // Square keeps one reading for good; a test that switches the fake's must not find the other's preview kept.
  await testDatabase().rows("DELETE FROM offer_square_quotes");
});

const TWO_DISHES = [
  { id: 4, name: "Bacon Spindle", price: 9.95, quantity: 1 },
  { id: 7, name: "Billionaire Brunch Bites", price: 12.95, quantity: 1 },
];
const TWO_OF_ONE = [{ id: 7, name: "Billionaire Brunch Bites", price: 12.95, quantity: 2 }];

async function newCode(body: Record<string, unknown>): Promise<string> {
  const code = `RD${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
  const made = await call(adminOffers, "/api/admin/offers", { body: { code, labelEn: "Off", labelEs: "Descuento", ...body }, headers: admin });
  expect(made.status, await made.clone().text()).toBe(201);
  return code;
}

type Totals = { subtotal: number; discount: number; tax: number; deliveryFee: number; total: number };

/** Checks the code on the cart, places the order with the total shown, and answers what each step came to. */
async function checkThenPay(code: string, items: typeof TWO_DISHES) {
  const checked = await call(offerCheck, "/api/offers/check", { body: { code, items: items.map(({ id, quantity }) => ({ id, quantity })) } });
  expect(checked.status, await checked.clone().text()).toBe(200);
  const { totals } = await jsonOf<{ totals: Totals }>(checked);
  const previews = running.square.requestsTo("POST", "/v2/orders/calculate").length;
  const placed = await postOrder({ ...PICKUP_ORDER, items, promoCode: code, total: totals.total / 100 });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { orderId } = await jsonOf<{ orderId: string }>(placed);
  const [payment] = running.square.charges();
  const [stored] = await testDatabase().rows<{ discount_cents: number; tax_cents: number; total_cents: number }>(
    "SELECT discount_cents, tax_cents, total_cents FROM orders WHERE id = $1",
    [orderId],
  );
  return { totals, charged: payment.amount_money.amount as number, stored, previewsAtPay: running.square.requestsTo("POST", "/v2/orders/calculate").length - previews };
}

describe.each(ORDER_PERCENTAGE_READINGS)("ten percent off a 9.95 and a 12.95 dollar dish, Square rounding the order's percentage %s", (reading) => {
  it("shows Square's discount, charges the total shown and stores it", async () => {
    running.square.readings.orderPercentage = reading;
    const code = await newCode({ kind: "percent", percent: 10, scope: "order" });
    const { totals, charged, stored, previewsAtPay } = await checkThenPay(code, TWO_DISHES);
    // Once: 10% of $22.90 = $2.29. Per line: $0.995 -> $1.00 and $1.295 -> $1.30 (half to even) = $2.30.
    const discount = reading === "once" ? 229 : 230;
    expect(totals).toMatchObject({ subtotal: 2290, discount, deliveryFee: 0, total: 2290 - discount + totals.tax });
    expect(charged).toBe(totals.total);
    expect(stored).toEqual({ discount_cents: discount, tax_cents: totals.tax, total_cents: totals.total });
    expect(previewsAtPay).toBe(0);
  });
});

describe.each(LINE_FIXED_AMOUNT_READINGS)("2 dollars off a listed dish ordered twice, Square taking a line's amount %s", (reading) => {
  it("shows Square's discount, charges the total shown and stores it", async () => {
    running.square.readings.lineFixedAmount = reading;
    const code = await newCode({ kind: "amount", amountCents: 200, scope: "dishes", dishIds: ["7"] });
    const { totals, charged, stored } = await checkThenPay(code, TWO_OF_ONE);
    const discount = reading === "per-line" ? 200 : 400;
    expect(totals.discount).toBe(discount);
    expect(totals.total).toBe(2590 - discount + totals.tax);
    expect(charged).toBe(totals.total);
    expect(stored).toMatchObject({ discount_cents: discount, total_cents: totals.total });
  });
});

describe.each(LINE_FIXED_AMOUNT_READINGS)("one dish free, ordered twice, Square taking a line's amount %s", (reading) => {
  it("takes one dish's price off, never both, and charges the total shown", async () => {
    running.square.readings.lineFixedAmount = reading;
    const code = await newCode({ kind: "free_dish", freeDishId: "7" });
    const { totals, charged, stored } = await checkThenPay(code, TWO_OF_ONE);
    expect(totals.discount).toBe(1295);
    expect(charged).toBe(totals.total);
    expect(stored).toMatchObject({ discount_cents: 1295, total_cents: totals.total });
  });
});
