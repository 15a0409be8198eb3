// The races the site must win on a real Postgres with many connections at once (requests started
// together, never awaited one by one): a slot's last room, refunds of one payment, a status change
// racing the POS, a pause while orders arrive, transactions Postgres breaks off (deadlock, serialization
// failure), and kitchen slots held by payments that never happen.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminHours from "../../netlify/functions/admin-hours.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import refunds from "../../netlify/functions/admin-refunds.mts";
import scheduleFunction from "../../netlify/functions/schedule.mts";
import { db, TRANSACTION_ATTEMPTS } from "../../src/server/platform/database";
import { getOrder } from "../../src/server/orders/records";
import { sql } from "../../src/server/platform/sql";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import type { FakeSquare } from "../support/fakeSquare";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, SATURDAY_NOON, deliverSquareWebhooks, postOrder, startOrderServices, type OrderServices, hearNotificationsAfterEachTest } from "../support/orderServices";
import { setRestaurantClock } from "../support/clock";
import { reconcilePendingOrders } from "../../src/server/orders/reconcile";

const SIGNATURE_KEY = "whsk-races-0123456789";

let services: OrderServices;
let stopWebhooks: () => void;
let square: FakeSquare;
let admin: Record<string, string>;

beforeAll(async () => {
  services = await startOrderServices();
  square = services.square;
  // Forty requests at once on two cores: Square (the fake) may take longer than the usual half second
  // to answer each, and a timeout here would be a test of the machine, not of the race.
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
  stopWebhooks = deliverSquareWebhooks(square, SIGNATURE_KEY);
  admin = await adminHeaders();
});
afterAll(async () => {
  stopWebhooks();
  await services.stop();
});
hearNotificationsAfterEachTest(() => services?.square);
beforeEach(async () => {
  square.reset();
  await testDatabase().rows("DELETE FROM slot_bookings");
});

/** One Hot Maple Flatbread (Jealous Fork, kitchen weight 1). */
const FLATBREAD_ORDER = { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }] };
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const BRUNCH = [{ opens: minutes("09:00"), closes: minutes("15:00") }];

/** Saves the week's hours with `pickupRoom` weight units per 15-minute pickup slot for Jealous Fork. */
async function saveHours(pickupRoom: number): Promise<void> {
  const body = {
    weekly: {
      "jealous-fork": [BRUNCH, [], BRUNCH, BRUNCH, BRUNCH, BRUNCH, BRUNCH],
      "jealous-burger": [[], [], [], [], [], [{ opens: minutes("17:00"), closes: minutes("21:00") }], [{ opens: minutes("17:00"), closes: minutes("21:00") }]],
    },
    specialDates: [],
    leadMinutes: { pickup: 15, delivery: 45 },
    capacities: { "jealous-fork": { pickup: pickupRoom, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
  };
  expect((await call(adminHours, "/api/admin/hours", { method: "PUT", body, headers: admin })).status).toBe(200);
}

const roomTaken = async () => (await testDatabase().rows<{ n: number }>("SELECT coalesce(sum(weight), 0)::int AS n FROM slot_bookings"))[0]!.n;

describe("40 parallel orders for a slot with room for 3", () => {
  it("let at most 3 take it; every other one hears a clear 409 naming the next free time, and is neither stored nor charged", async () => {
    await saveHours(3);
    const slot = "2026-11-22T11:00:00-05:00";
    const answers = await Promise.all(Array.from({ length: 40 }, () => postOrder({ ...FLATBREAD_ORDER, slot })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused.map((res) => res.status)).toEqual(Array(37).fill(409));
    for (const res of refused) {
      expect((await jsonOf<{ error: string }>(res)).error).toMatch(/^That time is fully booked\. The next free time is Sunday, Nov 22 at 11:15\sAM\.$/);
    }
    expect(await testDatabase().count("orders", "promised_at = $1", [slot])).toBe(3);
    expect(square.charges()).toHaveLength(3);
    expect(await roomTaken()).toBe(3);
  });
});

describe("10 parallel partial refunds of a paid order", () => {
  it("never refund more than was paid: each answer is a refund or a clear 422, and Square is asked only for what fits", async () => {
    await saveHours(40);
    const placed = await postOrder(PICKUP_ORDER);
    expect(placed.status).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(placed);
    await square.deliverWebhooks();
    // $53.75 paid; ten refunds of $10 at once: five fit.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(refunds, `/api/admin/orders/${orderId}/refunds`, {
          body: { amount: 10, reason: `Refund ${i + 1}` },
          params: { id: orderId },
          headers: { ...admin, "idempotency-key": randomUUID() },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(422)]);
    for (const res of answers.filter((answer) => answer.status === 422)) {
      expect((await jsonOf<{ error: string }>(res)).error).toMatch(/^At most \$3\.75 can still be refunded: \$53\.75 was paid and \$50\.00 already refunded\.$/);
    }
    const refunded = square.requestsTo("POST", "/v2/refunds").reduce((sum, request) => sum + Number(request.body.amount_money.amount), 0);
    expect(refunded).toBe(5000);
    expect(await testDatabase().count("order_refunds", "order_id = $1", [orderId])).toBe(5);
  });
});

describe("a staff status change racing the Square webhook for the same order", () => {
  it("ends where the flow allows whichever comes first: completed, with no 5xx and a clear answer to staff", async () => {
    await saveHours(40);
    for (let round = 0; round < 5; round++) {
      const res = await postOrder(PICKUP_ORDER);
      const { orderId } = await jsonOf<{ orderId: string }>(res);
      const squareOrderId = (await getOrder(orderId))!.payment.providerOrderId!;
      await square.deliverWebhooks();
      square.posSetFulfillmentState(squareOrderId, "COMPLETED");
      const [staff, delivered] = await Promise.all([
        call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", body: { status: "preparing" }, params: { id: orderId }, headers: admin }),
        square.deliverWebhooks(),
      ]);
      expect([200, 409]).toContain(staff.status);
      if (staff.status === 409) expect((await jsonOf<{ error: string }>(staff)).error).toBe("An order that is completed cannot be moved to preparing.");
      expect(delivered.every((status) => status === 200)).toBe(true);
      expect((await getOrder(orderId))?.status).toBe("completed");
    }
  });
});

describe("a pause saved while orders arrive", () => {
  it("splits them cleanly: each order is taken (201) or refused with the staff's message (422), and none is taken after the pause", async () => {
    await saveHours(40);
    const message = "Kitchen closed for a private event.";
    const before = await testDatabase().count("orders");
    const orders = Array.from({ length: 15 }, () => postOrder({ ...FLATBREAD_ORDER, slot: "2026-11-22T12:00:00-05:00" }));
    const pause = call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: { minutes: null, message } }, headers: admin });
    const [paused, ...answers] = await Promise.all([pause, ...orders]);
    expect(paused.status).toBe(200);
    for (const res of answers) {
      expect([201, 422]).toContain(res.status);
      if (res.status === 422) expect((await jsonOf<{ error: string }>(res)).error).toBe(message);
    }
    const taken = answers.filter((res) => res.status === 201).length;
    expect(await testDatabase().count("orders")).toBe(before + taken);
    expect(square.charges()).toHaveLength(taken);
    const after = await postOrder(FLATBREAD_ORDER);
    expect(after.status).toBe(422);
    expect((await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: null }, headers: admin })).status).toBe(200);
  });
});

describe("transactions Postgres breaks off", () => {
  beforeAll(async () => {
    await testDatabase().rows("CREATE TABLE IF NOT EXISTS race_pair (id integer PRIMARY KEY, n integer NOT NULL)");
  });
  beforeEach(async () => {
    await testDatabase().rows("DELETE FROM race_pair");
    await testDatabase().rows("INSERT INTO race_pair VALUES (1, 0), (2, 0)");
  });

  /** Resolves for both parties once both have arrived (on their first run only). */
  function meeting(): () => Promise<void> {
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((resolve) => (release = resolve));
    return () => {
      arrived += 1;
      if (arrived === 2) release();
      return arrived <= 2 ? both : Promise.resolve();
    };
  }

  it("run again after a deadlock (40P01), and both land, once each", async () => {
    const meet = meeting();
    let runs = 0;
    const crossing = (first: number, second: number) =>
      db.transaction(async (tx) => {
        runs += 1;
        await tx.run(sql`UPDATE race_pair SET n = n + 1 WHERE id = ${first}`);
        await meet();
        await tx.run(sql`UPDATE race_pair SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(runs).toBe(3);
    expect(await testDatabase().rows("SELECT id, n FROM race_pair ORDER BY id")).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it("run again after a serialization failure (40001), and the second sees the first's write", async () => {
    const meet = meeting();
    let runs = 0;
    // Write skew under SERIALIZABLE: each reads the total, then writes what it read plus one.
    const bump = (id: number) =>
      db.transaction(async (tx) => {
        runs += 1;
        await tx.run(sql`SET TRANSACTION ISOLATION LEVEL SERIALIZABLE`);
        const total = (await tx.one<{ total: number }>(sql`SELECT sum(n)::int AS total FROM race_pair`))!.total;
        await meet();
        await tx.run(sql`UPDATE race_pair SET n = ${total + 1} WHERE id = ${id}`);
      });
    await Promise.all([bump(1), bump(2)]);
    expect(runs).toBe(3);
    const rows = await testDatabase().rows<{ n: number }>("SELECT n FROM race_pair ORDER BY id");
    expect(rows.map((row) => row.n).sort()).toEqual([1, 2]);
  });

  it("answer 503 with a sentence, never 500, when one keeps breaking off after every try", async () => {
    let runs = 0;
    const doomed = db.transaction(async () => {
      runs += 1;
      throw Object.assign(new Error("could not serialize access due to concurrent update"), { code: "40001" });
    });
    await expect(doomed).rejects.toMatchObject({ name: "Unavailable", message: "The restaurant's records are very busy right now. Please try again in a moment." });
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });
});

describe("kitchen slots held by payments that never happen", () => {
  it("a day filled with forged card tokens is free again: every attempt ends without a charge and gives its slot back", async () => {
    await saveHours(1);
    const items = "1x1";
    const offered = async () => (await jsonOf<{ slots: { at: string; date: string }[] }>(await call(scheduleFunction, `/api/schedule?items=${items}`))).slots;
    const sunday = (await offered()).filter((slot) => slot.date === "2026-11-22");
    expect(sunday.length).toBeGreaterThan(20);
    // Square answers forged tokens in several ways: a decline on the source, a bare NOT_FOUND, or a
    // failure with no verdict (an error, a timeout).
    const faults = [
      () => undefined,
      () => square.fault("POST /v2/payments", { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Card nonce not found" }] } }),
      () => square.fault("POST /v2/payments", { status: 500 }),
      () => square.fault("POST /v2/payments", { delayMs: 1500, process: false }),
    ];
    const answers: number[] = [];
    // One attempt per slot, each from a network of its own.
    for (const [i, slot] of sunday.entries()) {
      faults[i % faults.length]!();
      answers.push((await postOrder({ ...FLATBREAD_ORDER, slot: slot.at, paymentToken: `cnon:forged-${randomUUID()}` })).status);
    }
    expect(answers.every((status) => status === 402 || status === 502)).toBe(true);
    expect(square.charges()).toHaveLength(0);
    expect(await roomTaken()).toBe(0);
    expect(await testDatabase().count("orders", "status = 'pending'")).toBe(0);
    // Every slot of the day is offered again, and a real customer takes one.
    expect((await offered()).filter((slot) => slot.date === "2026-11-22")).toHaveLength(sunday.length);
    square.clearFaults();
    expect((await postOrder({ ...FLATBREAD_ORDER, slot: sunday[0]!.at })).status).toBe(201);
  });

  it("a hold Square could not be asked about is released by the scheduled reconciliation once it is 15 minutes old, after Square says it holds no charge", async () => {
    await saveHours(1);
    const slot = "2026-11-22T14:00:00-05:00";
    square.fault("POST /v2/payments", { status: 500 });
    square.fault("GET /v2/orders/:id", { status: 500 }, 10);
    expect((await postOrder({ ...FLATBREAD_ORDER, slot })).status).toBe(502);
    expect(await testDatabase().count("orders", "status = 'pending' AND promised_at = $1", [slot])).toBe(1);
    square.clearFaults();
    try {
      // Ten minutes on: asked, no charge, but the hold is kept a little longer.
      setRestaurantClock("2026-11-21T12:10:00-05:00");
      expect((await reconcilePendingOrders(5))["not-charged"]).toBe(1);
      expect(await roomTaken()).toBe(1);
      // Sixteen minutes on: released, and the slot is free for a real customer.
      setRestaurantClock("2026-11-21T12:16:00-05:00");
      expect((await reconcilePendingOrders(5)).released).toBe(1);
      expect(await roomTaken()).toBe(0);
      expect((await postOrder({ ...FLATBREAD_ORDER, slot })).status).toBe(201);
    } finally {
      setRestaurantClock(SATURDAY_NOON);
    }
  });
});
