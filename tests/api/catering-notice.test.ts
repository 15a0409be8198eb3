// The owner's notice and minimums: 48 hours before an event, 24 when it is 30 people or fewer; the server
// refuses any attempt inside the notice and names the first time that works; 10 people and $150 at least.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { jsonOf } from "../support/functions";
import { orderCatering, setCateringRules } from "../support/catering";
import { EVENT_FIRST_MINUTE, EVENT_LAST_MINUTE, holdReaches } from "../../src/domain/catering";
import { restaurantTime } from "../../src/domain/hours";

/** Monday 9:00 AM in Miami. */
const NOW = new Date("2026-12-07T09:00:00-05:00");
const HOUR = 3_600_000;

let owner: Record<string, string>;
beforeAll(async () => {
  for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL"]) delete process.env[name];
  setRestaurantClock(NOW.toISOString());
  owner = await adminHeaders();
  // Room enough that only the notice decides here.
  await setCateringRules(owner, { traysPerDay: 1000 });
});
afterAll(() => setRestaurantClock(undefined));

const orders = async () => (await testDatabase().rows<{ n: number }>("SELECT count(*)::int AS n FROM catering_orders"))[0]!.n;
/** Enough flatbread trays (each serves 12) for a headcount. */
const traysFor = (headcount: number) => [{ tray: "flatbread-tray", quantity: Math.max(2, Math.ceil(headcount / 12)) }];

describe("the notice an event needs", () => {
  it("refuses 25 people 23 hours ahead, naming the first time that works, and takes them 24 hours ahead", async () => {
    const refused = await orderCatering({ eventAt: new Date(NOW.getTime() + 23 * HOUR), headcount: 25 });
    expect(refused.status).toBe(422);
    const body = await jsonOf(refused);
    expect(body.code).toBe("catering_notice");
    expect(body.error).toBe("Catering needs 24 hours' notice: the first time that works is Tuesday, December 8 at 9:00 AM.");
    const spanish = await jsonOf(await orderCatering({ eventAt: new Date(NOW.getTime() + 23 * HOUR), headcount: 25, headers: { "x-site-locale": "es" } }));
    expect(spanish.error).toContain("la primera hora posible es el martes, 8 de diciembre");
    expect(await orders()).toBe(0);
    expect((await orderCatering({ eventAt: new Date(NOW.getTime() + 24 * HOUR), headcount: 25 })).status).toBe(201);
  });

  it("asks 48 hours for 31 people, and names Wednesday's morning", async () => {
    const refused = await jsonOf(await orderCatering({ eventAt: new Date(NOW.getTime() + 47 * HOUR), headcount: 31, lines: traysFor(31) }));
    expect(refused.error).toBe("Catering needs 48 hours' notice: the first time that works is Wednesday, December 9 at 9:00 AM.");
    expect((await orderCatering({ eventAt: new Date(NOW.getTime() + 48 * HOUR), headcount: 31, lines: traysFor(31) })).status).toBe(201);
  });

  it("accepts none of 500 randomized attempts inside the notice, and every one outside it that keeps the other rules", async () => {
    // A seeded generator: the same 500 attempts on every run.
    let seed = 20261207;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let inside = 0;
    let accepted = 0;
    for (let i = 0; i < 500; i++) {
      const headcount = 10 + Math.floor(random() * 60);
      const eventAt = new Date(Math.floor((NOW.getTime() - 2 * HOUR + random() * 6 * 24 * HOUR) / 60_000) * 60_000);
      const res = await orderCatering({ eventAt, headcount, lines: traysFor(headcount), key: randomUUID() });
      const notice = (headcount <= 30 ? 24 : 48) * HOUR;
      const minutes = restaurantTime(eventAt).minutes;
      const keepsTheRest = minutes >= EVENT_FIRST_MINUTE && minutes <= EVENT_LAST_MINUTE && holdReaches(eventAt, NOW);
      if (eventAt.getTime() - NOW.getTime() < notice) {
        inside++;
        expect(res.status, `${headcount} people at ${eventAt.toISOString()}`).toBe(422);
        expect((await jsonOf(res)).code).toBe("catering_notice");
      } else if (keepsTheRest) {
        expect(res.status, `${headcount} people at ${eventAt.toISOString()}`).toBe(201);
        accepted++;
      } else expect(res.status).toBe(422);
    }
    expect(inside).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(100);
    const early = await testDatabase().rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM catering_orders WHERE event_at - $1::timestamptz < make_interval(hours => CASE WHEN headcount <= 30 THEN 24 ELSE 48 END)",
      [NOW.toISOString()],
    );
    expect(early[0]!.n).toBe(0);
  });
});

describe("the owner's minimums", () => {
  const inThreeDays = new Date(NOW.getTime() + 72 * HOUR);

  it("refuses fewer than 10 people and less than $150 of trays, in a sentence, storing nothing", async () => {
    const before = await orders();
    const few = await jsonOf(await orderCatering({ eventAt: inThreeDays, headcount: 8 }));
    expect(few.error).toBe("Catering starts at 10 people.");
    const little = await jsonOf(await orderCatering({ eventAt: inThreeDays, headcount: 10, lines: [{ tray: "pancake-tray", quantity: 1 }] }));
    expect(little.error).toBe("Catering orders start at $150.00 before tax.");
    const short = await jsonOf(await orderCatering({ eventAt: inThreeDays, headcount: 40, lines: [{ tray: "flatbread-tray", quantity: 2 }] }));
    expect(short.error).toBe("These trays serve 24, and you expect 40 people: please add a tray.");
    expect(await orders()).toBe(before);
  });

  it("follows the owner's own minimums and notice", async () => {
    await setCateringRules(owner, { minPeople: 20, smallNoticeHours: 72 });
    const few = await jsonOf(await orderCatering({ eventAt: inThreeDays, headcount: 15, lines: traysFor(15) }));
    expect(few.error).toBe("Catering starts at 20 people.");
    const soon = await jsonOf(await orderCatering({ eventAt: new Date(inThreeDays.getTime() - HOUR), headcount: 25 }));
    expect(soon.code).toBe("catering_notice");
    expect((await orderCatering({ eventAt: inThreeDays, headcount: 25 })).status).toBe(201);
    await setCateringRules(owner, { minPeople: 10, smallNoticeHours: 24 });
  });
});
