// An honest ready time: every order records when the kitchen started it, when it was ready and when it was
// handed over, from the console's taps; an 'as soon as possible' promise adds what the last orders ran late;
// the board says why and how many of today's orders were ready by their promise plus 5 minutes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf, makeContext, SITE_ORIGIN } from "../support/functions";
import { adminCookie } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { useSiteMail } from "../support/siteMail";
import { deliverSquareWebhooks, postOrder, PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { getOrder } from "../../src/server/orders";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import board from "../../netlify/functions/admin-order-board.mts";
import scheduleFunction from "../../netlify/functions/schedule.mts";
import kitchenLate from "../../netlify/functions/kitchen-late.mts";
import orderHandler from "../../netlify/functions/order.mts";
import mailOutbox from "../../netlify/functions/mail-outbox.mts";
import adminKitchen from "../../netlify/functions/admin-kitchen.mts";
import kitchenWeek from "../../netlify/functions/kitchen-week.mts";
import adminMail from "../../netlify/functions/admin-mail.mts";

const running = useOrderServices();
const siteMail = useSiteMail();
const MINUTE = 60_000;
let staff: string;
let stopWebhooks: (() => void) | undefined;
beforeAll(async () => {
  staff = await adminCookie();
  // Square's notifications reach the webhook as a subscription delivers them (the POS's steps among them).
  stopWebhooks = deliverSquareWebhooks(running.square, "whsk-ready-quotes-0123456789");
});
afterAll(() => stopWebhooks?.());

const at = (time: string) => `2026-11-21T${time}:00-05:00`;

/** An 'as soon as possible' pickup of one Hot Maple Flatbread (Jealous Fork) placed at `time`: its id and promise. */
async function placeAt(time: string): Promise<{ id: string; promisedAt: Date }> {
  setRestaurantClock(at(time));
  const res = await postOrder({ ...PICKUP_ORDER, items: [{ id: 1, quantity: 1 }] });
  expect(res.status, await res.clone().text()).toBe(201);
  const { orderId } = await jsonOf<{ orderId: string }>(res);
  return { id: orderId, promisedAt: await timesOf(orderId).then((times) => times.promised_at) };
}

async function timesOf(orderId: string) {
  const [row] = await testDatabase().rows<{ promised_at: Date; started_at: Date | null; ready_at: Date | null; handed_at: Date | null }>(
    "SELECT promised_at, started_at, ready_at, handed_at FROM orders WHERE id = $1",
    [orderId],
  );
  return row!;
}

/** A tap on the console's board at an instant. */
async function tap(orderId: string, status: string, instant: Date) {
  setRestaurantClock(instant.toISOString());
  const res = await call(adminOrders, `/api/admin/orders/${orderId}`, { method: "PATCH", params: { id: orderId }, body: { status }, headers: { cookie: staff, origin: SITE_ORIGIN } });
  expect(res.status, await res.clone().text()).toBe(200);
}

const plus = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);

describe("the kitchen's times", () => {
  it("are stamped as the console's taps move the order: started, ready, handed over", async () => {
    const order = await placeAt("09:00");
    expect(await timesOf(order.id)).toMatchObject({ started_at: null, ready_at: null, handed_at: null });
    await tap(order.id, "preparing", plus(order.promisedAt, -8));
    await tap(order.id, "ready", plus(order.promisedAt, 2));
    await tap(order.id, "completed", plus(order.promisedAt, 9));
    expect(await timesOf(order.id)).toEqual({
      promised_at: order.promisedAt,
      started_at: plus(order.promisedAt, -8),
      ready_at: plus(order.promisedAt, 2),
      handed_at: plus(order.promisedAt, 9),
    });
  });
});

describe("the kitchen's times from the POS", () => {
  it("are stamped as Square's notifications move the order: started and ready as the POS sets them", async () => {
    const order = await placeAt("09:10");
    const squareOrderId = (await getOrder(order.id))!.payment.providerOrderId!;
    await running.square.deliverWebhooks();
    setRestaurantClock(plus(order.promisedAt, -6).toISOString());
    running.square.posSetFulfillmentState(squareOrderId, "RESERVED");
    await running.square.deliverWebhooks();
    setRestaurantClock(plus(order.promisedAt, 3).toISOString());
    running.square.posSetFulfillmentState(squareOrderId, "PREPARED");
    await running.square.deliverWebhooks();
    expect(await timesOf(order.id)).toMatchObject({ started_at: plus(order.promisedAt, -6), ready_at: plus(order.promisedAt, 3), handed_at: null });
  });
});

describe("quotes that learn", () => {
  it("move an 'as soon as possible' promise out by what the last 10 orders ran late, and the board says why", async () => {
    // Ten orders at noon: four ready 2 minutes after their promise, six 6 minutes after.
    const orders = [];
    for (let index = 0; index < 10; index++) orders.push(await placeAt(`12:0${index}`));
    for (const [index, order] of orders.entries()) {
      await tap(order.id, "preparing", plus(order.promisedAt, -10));
      await tap(order.id, "ready", plus(order.promisedAt, index < 4 ? 2 : 6));
    }

    setRestaurantClock(at("13:02"));
    const offered = await jsonOf<{ asap: { at: string } | null; learned: { minutes: number } }>(
      await call(scheduleFunction, "/api/schedule?items=1x1&orderType=pickup"),
    );
    expect(offered.learned.minutes).toBe(6);
    // The first slot with room is 13:30 (13:02 plus 15 minutes' lead, rounded up to the quarter hour).
    expect(offered.asap?.at).toBe(new Date(at("13:36")).toISOString());

    const next = await placeAt("13:03");
    expect(next.promisedAt).toEqual(new Date(at("13:36")));
    const [claim] = await testDatabase().rows<{ slot_at: Date }>("SELECT slot_at FROM order_slot_claims WHERE order_id = $1", [next.id]);
    expect(claim!.slot_at).toEqual(new Date(at("13:30")));

    const answer = await jsonOf<{ kitchen: { today: { ready: number; onTime: number }; quotes: { section: string; minutes: number; sentence: string }[] } }>(
      await call(board, "/api/admin/order-board", { headers: { cookie: staff, origin: SITE_ORIGIN } }),
    );
    expect(answer.kitchen.quotes.find((quote) => quote.section === "jealous-fork")).toMatchObject({
      minutes: 6,
      sentence: "Quotes +6 min: the last 10 orders ran 6 min late",
    });
    expect(answer.kitchen.quotes.find((quote) => quote.section === "jealous-burger")?.minutes).toBe(0);
    // Today: the morning's two orders and the noon's ten were ready; the morning's and four of the ten by their promise plus 5.
    expect(answer.kitchen.today).toEqual({ ready: 12, onTime: 6, share: 0.5 });
  });
});

describe("running late, said once", () => {
  async function sweepAt(instant: Date) {
    setRestaurantClock(instant.toISOString());
    expect((await kitchenLate(new Request("http://localhost/.netlify/functions/kitchen-late"), makeContext())).status).toBe(204);
  }
  const lateMail = (orderId: string) =>
    testDatabase().rows<{ recipient: string; payload: { newTime: string } }>("SELECT recipient, payload FROM mail_outbox WHERE kind = 'order_running_late' AND order_id = $1", [orderId]);
  const view = async (orderId: string) => jsonOf<{ estimatedReadyTime: string; runningLateUntil?: string }>(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));

  it("tells a diner whose order was not started by its promise the new time, once, by e-mail, and the order page says it", async () => {
    const late = await placeAt("14:00");
    const onTrack = await placeAt("14:01");
    await tap(onTrack.id, "preparing", plus(onTrack.promisedAt, -20));
    await sweepAt(plus(late.promisedAt, 1));

    const [notice] = await testDatabase().rows<{ new_time: Date; channel: string }>("SELECT new_time, channel FROM order_late_notices WHERE order_id = $1", [late.id]);
    expect(notice!.channel).toBe("email");
    // A time the kitchen can keep: after the promise, and on a 5-minute mark.
    expect(notice!.new_time.getTime()).toBeGreaterThan(late.promisedAt.getTime());
    expect(notice!.new_time.getUTCMinutes() % 5).toBe(0);
    const mails = await lateMail(late.id);
    expect(mails.map((mail) => [mail.recipient, new Date(mail.payload.newTime)])).toEqual([[PICKUP_ORDER.customerInfo.email, notice!.new_time]]);
    const page = await view(late.id);
    expect(page.runningLateUntil).toBe(notice!.new_time.toISOString());
    expect(page.estimatedReadyTime).toMatch(/^Running late: ready for pickup around \d{1,2}:\d{2} PM$/);

    const { orderNumber } = await jsonOf<{ orderNumber: string }>(await call(orderHandler, `/api/orders/${late.id}`, { params: { id: late.id } }));
    expect((await mailOutbox()).status).toBe(204);
    const mail = await siteMail.catcher.waitFor((m) => m.subject.startsWith(`Order #${orderNumber} is running late: ready around`));
    expect(mail.to).toContain(PICKUP_ORDER.customerInfo.email);
    expect(mail.text).toContain("This is the only message we send about it.");

    // Started well before its promise: it keeps it, and hears nothing.
    expect(await lateMail(onTrack.id)).toEqual([]);
    // Later sweeps say nothing more.
    await sweepAt(plus(late.promisedAt, 10));
    expect(await lateMail(late.id)).toHaveLength(1);
  });
});

describe("the kitchen's own figure, per day and week", () => {
  it("gives staff the last 14 days by day and section, refuses a stranger, and e-mails the owner once when the week slips", async () => {
    setRestaurantClock("2026-11-22T10:00:00-05:00");
    expect((await call(adminKitchen, "/api/admin/kitchen")).status).toBe(401);
    const answer = await jsonOf<{ goal: number; days: unknown[]; weeks: { from: string; to: string; ready: number; onTime: number }[] }>(
      await call(adminKitchen, "/api/admin/kitchen", { headers: { cookie: staff, origin: SITE_ORIGIN } }),
    );
    expect(answer.goal).toBe(0.9);
    // Saturday's twelve orders ready, six of them by their promise plus 5 minutes; the unfinished ones do not count.
    expect(answer.days).toEqual([{ date: "2026-11-21", section: "jealous-fork", ready: 12, onTime: 6, share: 0.5 }]);
    expect(answer.weeks[1]).toEqual({ from: "2026-11-15", to: "2026-11-21", ready: 12, onTime: 6, share: 0.5 });

    const owner = "owner@jealousfork.test";
    const saved = await call(adminMail, "/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: owner }, headers: { cookie: staff, origin: SITE_ORIGIN }, params: { action: "settings" } });
    expect(saved.status).toBe(200);
    const weekly = () => kitchenWeek(new Request("http://localhost/.netlify/functions/kitchen-week"), makeContext());
    expect((await weekly()).status).toBe(204);
    expect((await weekly()).status).toBe(204);
    const mails = await testDatabase().rows<{ payload: { last: { share: number } } }>("SELECT payload FROM mail_outbox WHERE kind = 'staff_kitchen_week'");
    expect(mails.map((mail) => mail.payload.last.share)).toEqual([0.5]);
    expect((await mailOutbox()).status).toBe(204);
    const mail = await siteMail.catcher.waitFor((m) => m.subject === "Orders ready on time slipped: 50% (6 of 12) the week of 2026-11-15");
    expect(mail.to).toContain(owner);
    expect(mail.text).toContain("The goal is 90%.");
  });
});
