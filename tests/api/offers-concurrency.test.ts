// A promo code is never used more than the owner allows, on a real Postgres with many connections at once
// (requests started together, never awaited one by one): 50 diners on the last 10 uses of a code get
// exactly 10 paid orders and 40 clear refusals that cost no Square call; an attempt whose card is declined
// gives its use back at once, so the next diner can have it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminHours from "../../netlify/functions/admin-hours.mts";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import type { FakeSquare } from "../support/fakeSquare";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, hearNotificationsAfterEachTest, postOrder, startOrderServices, type OrderServices } from "../support/orderServices";

let services: OrderServices;
let square: FakeSquare;
let admin: Record<string, string>;

beforeAll(async () => {
  services = await startOrderServices();
  square = services.square;
  // Fifty requests at once on two cores: the fake Square may take longer than usual to answer each.
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  admin = await adminHeaders();
});
afterAll(() => services.stop());
hearNotificationsAfterEachTest(() => services?.square);
beforeEach(async () => {
  square.reset();
  await testDatabase().rows("DELETE FROM slot_bookings");
});

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const BRUNCH = [{ opens: minutes("09:00"), closes: minutes("15:00") }];
const SLOT = "2026-11-22T11:00:00-05:00";

/** Room for every attempt in Jealous Fork's pickup slots: only the code can refuse them. */
async function roomForAll(): Promise<void> {
  const body = {
    weekly: {
      "jealous-fork": [BRUNCH, [], BRUNCH, BRUNCH, BRUNCH, BRUNCH, BRUNCH],
      "jealous-burger": [[], [], [], [], [], [{ opens: minutes("17:00"), closes: minutes("21:00") }], [{ opens: minutes("17:00"), closes: minutes("21:00") }]],
    },
    specialDates: [],
    leadMinutes: { pickup: 15, delivery: 45 },
    capacities: { "jealous-fork": { pickup: 200, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
  };
  expect((await call(adminHours, "/api/admin/hours", { method: "PUT", body, headers: admin })).status).toBe(200);
}

/** A $5-off code with `cap` uses in all: its id. */
async function codeWithUses(code: string, cap: number): Promise<string> {
  const body = { code, kind: "amount", amountCents: 500, scope: "order", totalCap: cap, labelEn: "$5 off", labelEs: "$5 de descuento" };
  const res = await call(adminOffers, "/api/admin/offers", { body, headers: admin });
  expect(res.status).toBe(201);
  return (await jsonOf<{ offer: { id: string } }>(res)).offer.id;
}

/** One Hot Maple Flatbread for the slot, with the code, from a diner of its own (the caps are the code's, not theirs). */
function orderWith(code: string, paymentToken = "cnon:card-nonce-ok") {
  const diner = randomUUID().slice(0, 8);
  return {
    ...PICKUP_ORDER,
    items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }],
    customerInfo: { name: `Diner ${diner}`, email: `diner-${diner}@example.com`, phone: `(305) 555-${String(Math.floor(Math.random() * 9000) + 1000)}` },
    slot: SLOT,
    promoCode: code,
    paymentToken,
  };
}

async function usesOf(offerId: string): Promise<Record<string, number>> {
  const rows = await testDatabase().rows<{ state: string; n: number }>("SELECT state, count(*)::int AS n FROM offer_uses WHERE offer_id = $1 GROUP BY state", [offerId]);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

describe("50 diners at once on a code with 10 uses left", () => {
  it("give exactly 10 paid orders and 40 clear refusals, and Square is asked only for the 10", async () => {
    await roomForAll();
    const offerId = await codeWithUses("LAST10", 10);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => postOrder(orderWith(i % 2 === 0 ? "last10" : " LAST10 "))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused.map((res) => res.status)).toEqual(Array(40).fill(422));
    for (const res of refused) expect((await jsonOf<{ error: string }>(res)).error).toBe("That code has been used up.");

    expect(square.charges()).toHaveLength(10);
    expect(square.requestsTo("POST", "/v2/orders")).toHaveLength(10);
    // Each paid order carries the code as Square's discount, and was charged $16.00 - $5.00 + 7.5% tax.
    for (const order of square.orders.values()) {
      expect(order.discounts).toEqual([expect.objectContaining({ name: "LAST10", type: "FIXED_AMOUNT", applied_money: { amount: 500, currency: "USD" } })]);
      expect(order.total_money.amount).toBe(1100 + 82);
    }
    expect(square.charges().map((charge) => charge.amount_money.amount)).toEqual(Array(10).fill(1182));
    expect(await usesOf(offerId)).toEqual({ redeemed: 10 });
    expect(await testDatabase().count("orders", "promised_at = $1", [SLOT])).toBe(10);

    const listed = await jsonOf<{ offers: { id: string; stats: Record<string, number> }[] }>(await call(adminOffers, "/api/admin/offers", { method: "GET", headers: admin }));
    expect(listed.offers.find((offer) => offer.id === offerId)!.stats).toMatchObject({ uses: 10, reserved: 0, discountGiven: 5000 });

    // Used up: the next diner hears so, and Square is not called.
    const after = await postOrder(orderWith("LAST10"));
    expect(after.status).toBe(422);
    expect(square.charges()).toHaveLength(10);
  });
});

describe("a declined card on a code's last use", () => {
  it("gives the use back at once: the next diner pays with it", async () => {
    await roomForAll();
    const offerId = await codeWithUses("ONELEFT", 1);
    const declined = await postOrder(orderWith("ONELEFT", "cnon:card-nonce-declined"));
    expect(declined.status).toBe(402);
    expect(await usesOf(offerId)).toEqual({ released: 1 });

    const next = await postOrder(orderWith("ONELEFT"));
    expect(next.status).toBe(201);
    expect(await usesOf(offerId)).toEqual({ released: 1, redeemed: 1 });
    expect((await postOrder(orderWith("ONELEFT"))).status).toBe(422);
  });
});
