// A code's use follows its order whichever way the order's outcome is learnt: paid after a timeout (by
// Square's notification or by reconciliation) it is redeemed; with no charge at Square it is held while the
// outcome is unknown and given back by reconciliation within 15 minutes; an attempt sent again with its key
// holds one use, never two, and cannot take back a use another diner took meanwhile.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import { reconcileOrder } from "../../src/server/orders/reconcile";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
});

/** One Hot Maple Flatbread ($16) for 1 PM today (the clock is Saturday noon). */
const ONE_PM = "2026-11-21T13:00:00-05:00";

async function codeWithUses(cap: number): Promise<{ id: string; code: string }> {
  const code = `PATH${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
  const body = { code, kind: "amount", amountCents: 300, scope: "order", totalCap: cap, labelEn: "$3 off", labelEs: "$3 de descuento" };
  const res = await call(adminOffers, "/api/admin/offers", { body, headers: admin });
  expect(res.status).toBe(201);
  return { id: (await jsonOf<{ offer: { id: string } }>(res)).offer.id, code };
}

function orderWith(code: string, email = `diner-${randomUUID().slice(0, 8)}@example.com`) {
  return { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }], slot: ONE_PM, promoCode: code, customerInfo: { ...PICKUP_ORDER.customerInfo, email } };
}

async function usesOf(offerId: string): Promise<string[]> {
  const rows = await testDatabase().rows<{ state: string }>("SELECT state FROM offer_uses WHERE offer_id = $1 ORDER BY reserved_at", [offerId]);
  return rows.map((row) => row.state);
}

/**
 * Places a paid order with the code, then puts it back as it stands when the instance died after Square
 * paid it, before the confirmation was stored: pending, its use still held.
 */
async function paidButUnrecorded(code: string, key: string): Promise<void> {
  expect((await postOrder(orderWith(code), key)).status).toBe(201);
  const orderId = await orderIdOf(key);
  await testDatabase().rows(
    "UPDATE orders SET status = 'pending', payment_id = NULL, amount_cents = NULL, confirmed_at = NULL WHERE id = $1",
    [orderId],
  );
  await testDatabase().rows("DELETE FROM order_tenders WHERE order_id = $1", [orderId]);
  await testDatabase().rows("UPDATE offer_uses SET state = 'reserved' WHERE order_id = $1", [orderId]);
}

async function orderIdOf(key: string): Promise<string> {
  const [row] = await testDatabase().rows<{ id: string }>("SELECT id FROM orders WHERE idempotency_key = $1", [key]);
  return row!.id;
}

describe("a paid order whose confirmation was lost (the instance died after Square paid it)", () => {
  it("is redeemed when Square's notification tells the site it was paid", async () => {
    const { id, code } = await codeWithUses(5);
    const key = randomUUID();
    await paidButUnrecorded(code, key);
    expect(await usesOf(id)).toEqual(["reserved"]);
    await running.square.deliverWebhooks();
    const [row] = await testDatabase().rows<{ status: string }>("SELECT status FROM orders WHERE idempotency_key = $1", [key]);
    expect(row!.status).toBe("confirmed");
    expect(await usesOf(id)).toEqual(["redeemed"]);
    // Charged the discounted total: $16.00 - $3.00 + 7.5% of $13.00 ($0.975, half to even $0.98).
    expect(running.square.charges().map((charge) => charge.amount_money.amount)).toEqual([1300 + 98]);
  });

  it("is redeemed when reconciliation finds the charge", async () => {
    const { id, code } = await codeWithUses(5);
    const key = randomUUID();
    await paidButUnrecorded(code, key);
    const reconciled = await reconcileOrder(await orderIdOf(key));
    expect(reconciled.outcome).toBe("confirmed");
    expect(await usesOf(id)).toEqual(["redeemed"]);
  });
});

describe("an attempt Square never charged (no answer, nothing processed)", () => {
  it("holds its use while the outcome is unknown, and reconciliation gives it back after 15 minutes", async () => {
    const { id, code } = await codeWithUses(1);
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { delayMs: 1500, process: false });
    expect((await postOrder(orderWith(code), key)).status).toBe(502);
    expect(await usesOf(id)).toEqual(["reserved"]);
    // The last use is held: another diner is refused meanwhile (never over-redeemed).
    expect((await postOrder(orderWith(code))).status).toBe(422);

    const orderId = await orderIdOf(key);
    const soon = await reconcileOrder(orderId, undefined, { release: "when-old", now: new Date(Date.parse("2026-11-21T12:05:00-05:00")) });
    expect(soon.outcome).toBe("not-charged");
    expect(await usesOf(id)).toEqual(["reserved"]);
    const later = await reconcileOrder(orderId, undefined, { release: "when-old", now: new Date(Date.parse("2026-11-21T12:20:00-05:00")) });
    expect(later.outcome).toBe("released");
    expect(await usesOf(id)).toEqual(["released"]);
    // Given back: the next diner pays with it.
    expect((await postOrder(orderWith(code))).status).toBe(201);
  });
});

describe("an attempt sent again with its key", () => {
  it("after Square failed it (500), holds one use and is paid once with it", async () => {
    const { id, code } = await codeWithUses(1);
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { status: 500 });
    const first = await postOrder(orderWith(code, "same@example.com"), key);
    expect(first.status).toBeGreaterThanOrEqual(500);
    const again = await postOrder(orderWith(code, "same@example.com"), key);
    expect(again.status).toBe(201);
    expect(running.square.charges()).toHaveLength(1);
    expect(await usesOf(id)).toEqual(["redeemed"]);
  });

  it("cannot take back a use another diner took after its own was given back", async () => {
    const { id, code } = await codeWithUses(1);
    const key = randomUUID();
    running.square.fault("POST /v2/payments", { delayMs: 1500, process: false });
    expect((await postOrder(orderWith(code, "first@example.com"), key)).status).toBe(502);
    await reconcileOrder(await orderIdOf(key), undefined, { release: "now" });
    expect(await usesOf(id)).toEqual(["released"]);
    expect((await postOrder(orderWith(code, "second@example.com"))).status).toBe(201);

    const retried = await postOrder(orderWith(code, "first@example.com"), key);
    expect(retried.status).toBe(422);
    expect((await jsonOf<{ error: string }>(retried)).error).toBe("That code has been used up.");
    expect(running.square.charges()).toHaveLength(1);
    expect((await usesOf(id)).sort()).toEqual(["redeemed", "released"]);
  });
});
