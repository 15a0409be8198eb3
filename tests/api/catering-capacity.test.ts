// Catering's own room: the owner's trays per event day, apart from the kitchen's pickup and delivery slots.
// Of 50 diners asking at once for the last room of a day, exactly as many as fit get it; the rest are told
// in a sentence, and Square holds nothing on their cards.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { jsonOf } from "../support/functions";
import { orderCatering, setCateringRules } from "../support/catering";
import { useOrderServices } from "../support/orderServices";
import { setRestaurantClock } from "../support/clock";

const running = useOrderServices();
/** Monday 9:00 AM in Miami; the event is Thursday at noon. */
const NOW = "2026-12-07T09:00:00-05:00";
const THURSDAY_NOON = new Date("2026-12-10T12:00:00-05:00");
const ONE_TRAY = [{ tray: "flatbread-tray", quantity: 1 }];

let owner: Record<string, string>;
beforeAll(async () => {
  owner = await adminHeaders();
  // One flatbread tray (12 people, $110) is an order here.
  await setCateringRules(owner, { traysPerDay: 8, minCents: 10000 });
});
beforeEach(async () => {
  setRestaurantClock(NOW);
  await testDatabase().rows("DELETE FROM catering_orders");
  await testDatabase().rows("DELETE FROM catering_day_bookings");
});

const held = () => running.square.requestsTo("POST", "/v2/payments");

describe("a catering day's room", () => {
  it("gives 50 attempts at once on a day with room for 8 trays exactly 8 bookings, refusing the rest with nothing charged", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => orderCatering({ eventAt: THURSDAY_NOON, headcount: 12, lines: ONE_TRAY, sourceId: cardToken("4111 1111 1111 1111") })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(8);
    expect(statuses.filter((status) => status === 422)).toHaveLength(42);
    const refusal = await jsonOf(answers[statuses.indexOf(422)]!);
    expect(refusal.error).toBe("That day is fully booked for catering. Nothing was charged: please choose another day.");
    expect(held()).toHaveLength(8);
    const [rows] = await testDatabase().rows<{ n: number; trays: number }>(
      "SELECT count(*)::int AS n, (SELECT trays FROM catering_day_bookings) AS trays FROM catering_orders WHERE status = 'authorized'",
    );
    expect(rows).toEqual({ n: 8, trays: 8 });
  });

  it("says how many trays are left, and the kitchen's own slots are not touched", async () => {
    expect((await orderCatering({ eventAt: THURSDAY_NOON, headcount: 60, lines: [{ tray: "flatbread-tray", quantity: 5 }] })).status).toBe(201);
    const res = await orderCatering({ eventAt: THURSDAY_NOON, headcount: 48, lines: [{ tray: "flatbread-tray", quantity: 4 }] });
    expect((await jsonOf(res)).error).toBe("That day has room for only 3 more trays. Nothing was charged: choose another day or fewer trays.");
    // Another day has its own room.
    expect((await orderCatering({ eventAt: new Date(THURSDAY_NOON.getTime() + 24 * 3_600_000), headcount: 48, lines: [{ tray: "flatbread-tray", quantity: 4 }] })).status).toBe(201);
    const [slots] = await testDatabase().rows<{ n: number }>("SELECT count(*)::int AS n FROM slot_bookings");
    expect(slots!.n).toBe(0);
  });

  it("answers a retried attempt with its booking, holding the card once", async () => {
    const first = await orderCatering({ eventAt: THURSDAY_NOON, headcount: 12, lines: ONE_TRAY, key: "catering-retry-0000001", email: "retry@example.com" });
    const again = await orderCatering({ eventAt: THURSDAY_NOON, headcount: 12, lines: ONE_TRAY, key: "catering-retry-0000001", email: "retry@example.com" });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await jsonOf(again)).order.id).toBe((await jsonOf(first)).order.id);
    expect(held()).toHaveLength(1);
  });

  it("gives one diner 5 bookings an hour, then a sentence, with nothing held", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await orderCatering({ eventAt: THURSDAY_NOON, headcount: 12, lines: ONE_TRAY, email: "Busy@Example.com" })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(held()).toHaveLength(5);
  });

  it("gives the day's room back when the card is declined, holding nothing and keeping no order", async () => {
    const declined = await orderCatering({ eventAt: THURSDAY_NOON, headcount: 12, lines: ONE_TRAY, sourceId: "cnon:card-nonce-declined" });
    expect(declined.status).toBe(402);
    const [row] = await testDatabase().rows<{ orders: number; trays: number }>(
      "SELECT (SELECT count(*)::int FROM catering_orders) AS orders, COALESCE((SELECT trays FROM catering_day_bookings), 0) AS trays",
    );
    expect(row).toEqual({ orders: 0, trays: 0 });
  });
});
