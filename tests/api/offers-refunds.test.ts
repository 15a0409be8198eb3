// A full refund of an order with a code gives the use back only when the owner ticks it; given back, the
// diner may use the code again, a first-order code included (the refunded order no longer makes them a
// returning diner for that code: not by e-mail, not by phone, not by card).
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import ordersHandler from "../../netlify/functions/orders.mts";
import refunds from "../../netlify/functions/admin-refunds.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { call, jsonOf } from "../support/functions";
import { createOffer, newDiner, type Diner } from "../support/offerCodes";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
});

const ONE_PM = "2026-11-21T13:00:00-05:00";

const offer = (fields: Record<string, unknown>) => createOffer(admin, "BACK", fields);

const someone = () => newDiner("back");

async function order(code: string, diner: Diner, card: string): Promise<Response> {
  const body = { ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }], slot: ONE_PM, promoCode: code, customerInfo: diner, paymentToken: cardToken(card) };
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": randomUUID() } });
}

/** Refunds the whole of what the order was charged (its amount and tip), the owner ticking "give back" or not. */
async function refundAll(orderId: string, giveBackOffer: boolean): Promise<void> {
  const [row] = await testDatabase().rows<{ cents: number }>("SELECT amount_cents + tip_cents AS cents FROM orders WHERE id = $1", [orderId]);
  const res = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
    body: { amount: row!.cents / 100, reason: "Order never came", giveBackOffer },
    params: { id: orderId },
    headers: { ...admin, "idempotency-key": randomUUID() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const stateOf = async (orderId: string) => (await testDatabase().rows<{ state: string }>("SELECT state FROM offer_uses WHERE order_id = $1", [orderId]))[0]?.state;

describe("a full refund of an order with a code", () => {
  it("keeps the use spent when the owner does not give it back", async () => {
    const { code } = await offer({ perDinerCap: 1 });
    const diner = someone();
    const placed = await order(code, diner, "4000 0000 0000 0010");
    expect(placed.status).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(placed);
    await refundAll(orderId, false);
    expect(await stateOf(orderId)).toBe("redeemed");
    expect((await order(code, diner, "4000 0000 0000 0010")).status).toBe(422);
  });

  it("lets the diner use a first-order code again when the owner gives it back (same e-mail, phone and card)", async () => {
    const { code } = await offer({ firstOrderOnly: true });
    const diner = someone();
    const card = "4000 0000 0000 0028";
    const placed = await order(code, diner, card);
    expect(placed.status).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(placed);
    await refundAll(orderId, true);
    expect(await stateOf(orderId)).toBe("released");

    const again = await order(code, diner, card);
    expect(again.status, await again.clone().text()).toBe(201);
    expect(running.square.charges().filter((payment) => payment.status === "COMPLETED")).toHaveLength(2);
  });
});
