// Ordering ahead and kitchen pacing through the function handlers: a chosen time is refused with 422
// and one sentence when it is outside the hours, on a closed date, past the 7-day horizon, past, or full;
// parallel orders never take more of a slot than its room; the order and Square carry the promised time.
// The restaurant clock is Saturday 21 November 2026, noon in Miami (support/orderServices.ts).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import adminHours from "../../netlify/functions/admin-hours.mts";
import scheduleFunction from "../../netlify/functions/schedule.mts";
import menuFunction from "../../netlify/functions/menu.mts";
import orderHandler from "../../netlify/functions/order.mts";
import type { MenuAnswer } from "../../src/domain/menuReadModel";
import { setRestaurantClock } from "../support/clock";
import { adminHeaders } from "../support/admin";

const running = useOrderServices();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = await adminHeaders();
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
});

/** One Hot Maple Flatbread (Jealous Fork, kitchen weight 1), $16 + tax. */
const FLATBREAD_ORDER = { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }] };

const hours = (opens: string, closes: string) => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return { opens: m(opens), closes: m(closes) };
};
const FORK_WEEK = [[hours("09:00", "15:00")], [], ...Array.from({ length: 5 }, () => [hours("09:00", "15:00")])];
const BURGER_WEEK = [[], [], [], [], [], [hours("17:00", "21:00")], [hours("17:00", "21:00")]];

async function saveHours(overrides: Record<string, unknown> = {}) {
  const body = {
    weekly: { "jealous-fork": FORK_WEEK, "jealous-burger": BURGER_WEEK },
    specialDates: [],
    leadMinutes: { pickup: 15, delivery: 45 },
    capacities: { "jealous-fork": { pickup: 40, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
    ...overrides,
  };
  const res = await call(adminHours, "/api/admin/hours", { method: "PUT", body, headers: admin });
  expect(res.status).toBe(200);
  return res;
}

async function ordersStored(): Promise<number> {
  return testDatabase().count("orders");
}

async function refused(slot: string, message: RegExp, status = 422) {
  const before = await ordersStored();
  const res = await postOrder({ ...FLATBREAD_ORDER, slot });
  expect(res.status).toBe(status);
  const body = await jsonOf<{ error: string; issues: { path: string }[] }>(res);
  expect(body.error).toMatch(message);
  expect(body.issues).toContainEqual(expect.objectContaining({ path: "slot" }));
  expect(await ordersStored()).toBe(before);
  expect(running.square.requests).toHaveLength(0);
}

describe("a chosen time the kitchen cannot keep is refused with 422, nothing stored or charged", () => {
  it("outside the hours: Saturday 4 PM, after brunch closes at 3 PM", async () => {
    await refused("2026-11-21T16:00:00-05:00", /^Jealous Fork is not serving at the chosen time/);
  });

  it("on a closed date, with the note staff wrote", async () => {
    await saveHours({ specialDates: [{ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving" }] });
    await refused("2026-11-26T10:00:00-05:00", /^Closed for Thanksgiving\. Please choose another date\./);
    await saveHours();
  });

  it("past the 7-day horizon", async () => {
    await refused("2026-11-29T10:00:00-05:00", /up to 7 days ahead/);
  });

  it("in the past", async () => {
    await refused("2026-11-21T11:00:00-05:00", /already passed/);
  });

  it("sooner than the lead time and the busy minutes allow", async () => {
    await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { busyMinutes: 20 }, headers: admin });
    await refused("2026-11-21T12:30:00-05:00", /too soon: pickup orders need at least 35 minutes/);
    await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { busyMinutes: 0 }, headers: admin });
  });

  it("off the quarter hour", async () => {
    await refused("2026-11-22T10:10:00-05:00", /quarter hour/);
  });

  it("when the slot is full: a conflict (409) that names the next free time", async () => {
    await saveHours({ capacities: { "jealous-fork": { pickup: 1, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } } });
    expect((await postOrder({ ...FLATBREAD_ORDER, slot: "2026-11-22T10:00:00-05:00" })).status).toBe(201);
    running.square.reset();
    await refused("2026-11-22T10:00:00-05:00", /^That time is fully booked\. The next free time is Sunday, Nov 22 at 10:15\sAM\.$/, 409);
    await saveHours();
  });

  it("while staff have paused online ordering, with their message, for a slot or as soon as possible", async () => {
    const pause = await call(adminHours, "/api/admin/hours/ordering", {
      method: "PATCH",
      body: { pause: { minutes: null, message: "We are closed today for Mother's Day." } },
      headers: admin,
    });
    expect(pause.status).toBe(200);
    await refused("2026-11-22T10:00:00-05:00", /^We are closed today for Mother's Day\.$/);
    const asap = await postOrder(FLATBREAD_ORDER);
    expect(asap.status).toBe(422);
    expect((await jsonOf<{ error: string }>(asap)).error).toBe("We are closed today for Mother's Day.");
    const offered = await jsonOf<{ paused: { message: string }; slots: unknown[] }>(await call(scheduleFunction, "/api/schedule?items=1x1"));
    expect(offered.paused.message).toBe("We are closed today for Mother's Day.");
    expect(offered.slots).toEqual([]);
    await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: null }, headers: admin });
    expect((await postOrder(FLATBREAD_ORDER)).status).toBe(201);
  });

  it("while paused for an hour, offers and takes the times after the pause ends, and refuses one before it or as soon as possible", async () => {
    const pause = await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: { minutes: 60, message: "Catching up." } }, headers: admin });
    expect(pause.status).toBe(200);
    try {
      // Paused at noon until 1:00 PM: the first time is 1:15 PM (a pickup's 15 minutes after the pause).
      const offered = await jsonOf<{ paused: { message: string }; asap: unknown; slots: { at: string }[] }>(await call(scheduleFunction, "/api/schedule?items=1x1"));
      expect(offered.paused.message).toBe("Catching up.");
      expect(offered.asap).toBeNull();
      expect(offered.slots[0]?.at).toBe(new Date("2026-11-21T13:15:00-05:00").toISOString());
      await refused("2026-11-21T13:00:00-05:00", /^Catching up\.$/);
      expect((await postOrder(FLATBREAD_ORDER)).status).toBe(422);
      const later = await postOrder({ ...FLATBREAD_ORDER, slot: offered.slots[0]!.at });
      expect(later.status, await later.clone().text()).toBe(201);
    } finally {
      await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: null }, headers: admin });
    }
  });
});

describe("kitchen pacing", () => {
  it("lets 30 parallel orders for a slot with room for 10 weight units take exactly 10; the others hear the next free time (409)", async () => {
    await saveHours({ capacities: { "jealous-fork": { pickup: 10, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } } });
    const slot = "2026-11-22T11:00:00-05:00";
    const before = await ordersStored();
    const answers = await Promise.all(Array.from({ length: 30 }, () => postOrder({ ...FLATBREAD_ORDER, slot })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const [booking] = await testDatabase().rows<{ weight: number }>("SELECT weight FROM slot_bookings WHERE slot_at = $1", [slot]);
    expect(booking!.weight).toBe(10);
    // The refused orders left nothing behind: only the ten that got room exist, each promised that slot.
    expect(await ordersStored()).toBe(before + 10);
    expect(await testDatabase().count("orders", "promised_at = $1", [slot])).toBe(10);
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(10);
    await saveHours();
  });

  it("gives a cancelled order's room back to its slot", async () => {
    const { default: adminOrders } = await import("../../netlify/functions/admin-orders.mts");
    await saveHours({ capacities: { "jealous-fork": { pickup: 1, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } } });
    const slot = "2026-11-22T13:00:00-05:00";
    const first = await jsonOf<{ orderId: string }>(await postOrder({ ...FLATBREAD_ORDER, slot }));
    expect((await postOrder({ ...FLATBREAD_ORDER, slot })).status).toBe(409);
    const cancel = await call(adminOrders, `/api/admin/orders/${first.orderId}`, {
      method: "PATCH",
      body: { status: "cancelled" },
      headers: admin,
      params: { id: first.orderId },
    });
    expect(cancel.status).toBe(200);
    const [booking] = await testDatabase().rows<{ weight: number }>("SELECT weight FROM slot_bookings WHERE slot_at = $1", [slot]);
    expect(booking!.weight).toBe(0);
    expect((await postOrder({ ...FLATBREAD_ORDER, slot })).status).toBe(201);
    await saveHours();
  });

  it("gives a declined order's room back to its slot", async () => {
    await saveHours({ capacities: { "jealous-fork": { pickup: 1, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } } });
    const slot = "2026-11-22T13:30:00-05:00";
    const declined = await postOrder({ ...FLATBREAD_ORDER, slot, paymentToken: "cnon:card-nonce-declined" });
    expect(declined.status).toBe(402);
    const [booking] = await testDatabase().rows<{ weight: number }>("SELECT weight FROM slot_bookings WHERE slot_at = $1", [slot]);
    expect(booking?.weight ?? 0).toBe(0);
    expect((await postOrder({ ...FLATBREAD_ORDER, slot })).status).toBe(201);
    await saveHours();
  });

  it("counts a dish's kitchen weight: a weight-4 dish takes 4 units, and a slot without room for it is not offered", async () => {
    await saveHours({ capacities: { "jealous-fork": { pickup: 5, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } } });
    const weight = await call(adminHours, "/api/admin/hours/dishes/1", { method: "PATCH", body: { kitchenWeight: 4 }, headers: admin, params: { id: "1" } });
    expect(weight.status).toBe(200);
    const slot = "2026-11-22T12:00:00-05:00";
    expect((await postOrder({ ...FLATBREAD_ORDER, slot })).status).toBe(201);
    const offered = await jsonOf<{ slots: { at: string }[] }>(await call(scheduleFunction, "/api/schedule?items=1x1&orderType=pickup"));
    expect(offered.slots.map((s) => s.at)).not.toContain(new Date(slot).toISOString());
    expect(offered.slots.map((s) => s.at)).toContain(new Date("2026-11-22T12:15:00-05:00").toISOString());
    await call(adminHours, "/api/admin/hours/dishes/1", { method: "PATCH", body: { kitchenWeight: 1 }, headers: admin, params: { id: "1" } });
    await saveHours();
  });
});

describe("the promised time", () => {
  it("is stored with the order, sent to Square as a SCHEDULED pickup_at, and read on the confirmation", async () => {
    const slot = "2026-11-24T09:30:00-05:00"; // Tuesday 9:30 AM
    const res = await postOrder({ ...FLATBREAD_ORDER, slot });
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(res);
    const [row] = await testDatabase().rows<{ promised_at: Date; promised_asap: boolean }>(
      "SELECT promised_at, promised_asap FROM orders WHERE id = $1",
      [orderId],
    );
    expect(row!.promised_at.toISOString()).toBe("2026-11-24T14:30:00.000Z");
    expect(row!.promised_asap).toBe(false);
    const [squareOrder] = running.square.requestsTo("POST", "/v2/orders");
    expect(squareOrder!.body.order.fulfillments[0].pickup_details).toMatchObject({
      schedule_type: "SCHEDULED",
      pickup_at: "2026-11-24T14:30:00.000Z",
    });
    const view = await jsonOf<{ estimatedReadyTime: string; promisedAt: string }>(
      await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }),
    );
    expect(view).toMatchObject({ estimatedReadyTime: "Ready for pickup on Tuesday, Nov 24 at 9:30 AM", promisedAt: "2026-11-24T14:30:00.000Z" });
  });

  it("of an order for as soon as possible is its real quote, busy minutes included, and Square gets it too", async () => {
    await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { busyMinutes: 20 }, headers: admin });
    const offered = await jsonOf<{ asap: { at: string; label: string } }>(await call(scheduleFunction, "/api/schedule?items=1x1"));
    // Noon + 15 minutes of lead time + 20 busy minutes = 12:35, the next quarter hour is 12:45.
    expect(offered.asap).toEqual({ at: "2026-11-21T17:45:00.000Z", label: "Ready around 12:45 PM" });
    const res = await postOrder(FLATBREAD_ORDER);
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf<{ orderId: string }>(res);
    const [row] = await testDatabase().rows<{ promised_at: Date; promised_asap: boolean }>(
      "SELECT promised_at, promised_asap FROM orders WHERE id = $1",
      [orderId],
    );
    expect(row).toEqual({ promised_at: new Date("2026-11-21T17:45:00.000Z"), promised_asap: true });
    expect(running.square.requestsTo("POST", "/v2/orders")[0]!.body.order.fulfillments[0].pickup_details).toMatchObject({
      schedule_type: "SCHEDULED",
      pickup_at: "2026-11-21T17:45:00.000Z",
    });
    await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { busyMinutes: 0 }, headers: admin });
  });

  it("refuses 'as soon as possible' for a kitchen closed now, naming the dish, while the next slots are offered", async () => {
    const fries = { ...PICKUP_ORDER, items: [{ id: 29, name: "Classic French Fries", price: 5, quantity: 1 }] };
    const res = await postOrder(fries);
    expect(res.status).toBe(422);
    expect((await jsonOf<{ error: string }>(res)).error).toMatch(/Classic French Fries is not available right now/);
    const offered = await jsonOf<{ asap: unknown; slots: { at: string; label: string }[] }>(
      await call(scheduleFunction, "/api/schedule?items=29x1"),
    );
    expect(offered.asap).toBeNull();
    expect(offered.slots[0]).toMatchObject({ at: "2026-11-21T22:00:00.000Z", label: "Today at 5:00 PM" });
    expect((await postOrder({ ...fries, slot: offered.slots[0]!.at })).status).toBe(201);
  });
});

describe("a saved hours change", () => {
  it("reaches the menu API at once: Jealous Fork's Thursday becomes 9 AM - 2 PM", async () => {
    const thursdayShort = FORK_WEEK.map((day, index) => (index === 4 ? [hours("09:00", "14:00")] : day));
    await saveHours({ weekly: { "jealous-fork": thursdayShort, "jealous-burger": BURGER_WEEK } });
    setRestaurantClock("2026-11-26T14:30:00-05:00"); // Thursday 2:30 PM
    const menu = await jsonOf<MenuAnswer>(await call(menuFunction, "/api/menu"));
    expect(menu.sections[0]).toMatchObject({ days: "Tuesday - Sunday", hours: "Varies by day", isOpen: false });
    setRestaurantClock("2026-11-27T14:30:00-05:00"); // Friday 2:30 PM
    expect((await jsonOf<MenuAnswer>(await call(menuFunction, "/api/menu"))).sections[0]!.isOpen).toBe(true);
    setRestaurantClock("2026-11-21T12:00:00-05:00");
    await saveHours();
  });

  it("refuses hours that break the rules (a range closing before it opens), changing nothing", async () => {
    const broken = FORK_WEEK.map((day, index) => (index === 4 ? [{ opens: 900, closes: 540 }] : day));
    const res = await call(adminHours, "/api/admin/hours", {
      method: "PUT",
      headers: admin,
      body: {
        weekly: { "jealous-fork": broken, "jealous-burger": BURGER_WEEK },
        specialDates: [],
        leadMinutes: { pickup: 15, delivery: 45 },
        capacities: { "jealous-fork": { pickup: 40, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
      },
    });
    expect(res.status).toBe(422);
    expect((await jsonOf<{ error: string }>(res)).error).toBe("Jealous Fork, Thursday: a range must open before it closes, within the day.");
    expect(await testDatabase().count("opening_hours", "section = 'jealous-fork' AND weekday = 4 AND opens = 540 AND closes = 900")).toBe(1);
  });

  it("is for staff only", async () => {
    expect((await call(adminHours, "/api/admin/hours", { method: "GET" })).status).toBe(401);
  });
});

describe("the console's upcoming orders", () => {
  it("lists paid orders not yet done by promised time, soonest first", async () => {
    const { default: adminOrders } = await import("../../netlify/functions/admin-orders.mts");
    const later = await jsonOf<{ orderId: string }>(await postOrder({ ...FLATBREAD_ORDER, slot: "2026-11-25T10:00:00-05:00" }));
    const sooner = await jsonOf<{ orderId: string }>(await postOrder({ ...FLATBREAD_ORDER, slot: "2026-11-25T09:15:00-05:00" }));
    const { orders } = await jsonOf<{ orders: { orderId: string; promisedAt: string; estimatedReadyTime: string }[] }>(
      await call(adminOrders, "/api/admin/orders?upcoming", { method: "GET", headers: admin }),
    );
    const ours = orders.filter((order) => [later.orderId, sooner.orderId].includes(order.orderId));
    expect(ours.map((order) => order.estimatedReadyTime)).toEqual(["Ready for pickup on Wednesday, Nov 25 at 9:15 AM", "Ready for pickup on Wednesday, Nov 25 at 10:00 AM"]);
    const times = orders.map((order) => order.promisedAt);
    expect(times).toEqual([...times].sort());
  });
});

describe("every page that shows the hours follows a save", () => {
  it("is prerendered from the published data (a save rebuilds the site); only checkout, the order page (English and Spanish) and the English 404 page (for its headers, from the same published data) render on request", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const root = join(import.meta.dirname, "..", "..", "src", "pages");
    const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith(".astro") && file !== "admin.astro" && !file.startsWith("admin/"));
    expect(pages.length).toBeGreaterThan(10);
    const onRequest: string[] = [];
    for (const page of pages) {
      if (/^export const prerender = false;$/m.test(await readFile(join(root, page), "utf8"))) onRequest.push(page);
    }
    expect(onRequest.sort()).toEqual(["404.astro", "checkout.astro", "es/checkout.astro", "es/confirmacion-de-pedido/[orderId].astro", "es/order-confirmation/[orderId].astro", "order-confirmation/[orderId].astro"]);
  });

  it("purges the CDN's pages and menu answers by their tags when staff save hours or pause ordering", async () => {
    process.env.SITE_ID = "test-site";
    process.env.NETLIFY_PURGE_API_TOKEN = "test-token";
    const realFetch = globalThis.fetch;
    const purges: unknown[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("api.netlify.com")) {
        purges.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 202 });
      }
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await saveHours();
      await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { busyMinutes: 0 }, headers: admin });
    } finally {
      globalThis.fetch = realFetch;
      delete process.env.SITE_ID;
      delete process.env.NETLIFY_PURGE_API_TOKEN;
    }
    expect(purges).toEqual([
      expect.objectContaining({ cache_tags: ["hours", "menu"], site_id: "test-site" }),
      expect.objectContaining({ cache_tags: ["hours", "menu"], site_id: "test-site" }),
    ]);
  });
});
