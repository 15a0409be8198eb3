// "How was it?": one e-mail 60 to 90 minutes after a pickup is marked completed, queued by the outbox's
// scheduled run (netlify/functions/mail-outbox.mts) only once owners turned it on, exactly once per order
// however many runs race; a happy answer leads to the Google review link, an unhappy one reaches the
// owner's inbox as a contact message, and a diner who opts out is never asked again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSiteMail } from "../support/siteMail";
import { testDatabase } from "../support/database";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import { setRestaurantClock } from "../support/clock";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { PICKUP_ORDER, SATURDAY_NOON, useOrderServices } from "../support/orderServices";
import ordersHandler from "../../netlify/functions/orders.mts";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import feedbackSettings from "../../netlify/functions/feedback-settings.mts";
import feedbackAnswer from "../../netlify/functions/feedback-answer.mts";
import scheduled from "../../netlify/functions/mail-outbox.mts";
import { queueComeBackMail } from "../../src/server/feedback/requests";
import feedbackFacts from "../../content/feedback.json";

const RESTAURANT = "owner-inbox@jealousfork.example";
const running = useOrderServices();
const siteMail = useSiteMail();
let admin: Record<string, string>;

const at = (minutesAfterNoon: number) => new Date(Date.parse(SATURDAY_NOON) + minutesAfterNoon * 60_000).toISOString();

beforeAll(async () => {
  admin = await adminHeaders();
  expect(running.services).toBeDefined();
  await call(adminMail, "/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: RESTAURANT }, headers: admin, params: { action: "settings" } });
});
afterAll(() => setRestaurantClock(SATURDAY_NOON));

const turn = (enabled: boolean) => call(feedbackSettings, "/api/admin/feedback-settings", { method: "PUT", body: { enabled }, headers: admin });

/** A paid order for `email`, taken through the kitchen and marked completed at `minutes` after noon. */
async function outboxIdle(): Promise<void> {
  const busy = async () => testDatabase().count("mail_outbox", "status = 'sending' OR (status = 'waiting' AND next_attempt_at <= now())");
  await expect.poll(busy, { timeout: 10_000, interval: 100, message: "The outbox was still sending after 10 s" }).toBe(0);
}

async function completedOrder(email: string, minutes: number, body: object = PICKUP_ORDER, language = "en"): Promise<{ orderId: string; orderNumber: string }> {
  setRestaurantClock(SATURDAY_NOON);
  const res = await call(ordersHandler, "/api/orders", {
    body: { ...body, customerInfo: { ...PICKUP_ORDER.customerInfo, email } },
    headers: { "idempotency-key": randomUUID(), "x-site-locale": language },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const placed = await jsonOf(res);
  setRestaurantClock(at(minutes));
  for (const status of ["preparing", "ready", "completed"]) {
    const moved = await call(adminOrders, `/api/admin/orders/${placed.orderId}`, { method: "PATCH", body: { status }, headers: admin, params: { id: placed.orderId } });
    expect(moved.status).toBe(200);
  }
  return placed;
}

const asks = (orderId: string) => testDatabase().count("mail_outbox", "kind = 'diner_come_back' AND order_id = $1", [orderId]);
const runAt = async (minutes: number) => {
  setRestaurantClock(at(minutes));
  expect((await scheduled()).status).toBe(204);
};
const tokenIn = (html: string) => /\/feedback\?a=happy#([0-9a-f]{64})/.exec(html)?.[1];
const answer = (body: unknown, action?: string) =>
  call(feedbackAnswer, action ? `/api/feedback/${action}` : "/api/feedback", { body, ...(action ? { params: { action } } : {}) });

describe("the owner's switch", () => {
  it("is off until an owner turns it on: a completed pickup is then never asked about", async () => {
    expect(await jsonOf(await call(feedbackSettings, "/api/admin/feedback-settings", { headers: admin }))).toEqual({ enabled: false });
    const { orderId } = await completedOrder("off@example.com", 10);
    await runAt(10 + 75);
    expect(await asks(orderId)).toBe(0);
    expect((await turn(true)).status).toBe(200);
    expect(await jsonOf(await call(feedbackSettings, "/api/admin/feedback-settings", { headers: admin }))).toEqual({ enabled: true });
  });

  it("refuses anything but true or false", async () => {
    expect((await call(feedbackSettings, "/api/admin/feedback-settings", { method: "PUT", body: { enabled: "yes" }, headers: admin })).status).toBe(400);
  });
});

describe("the e-mail after a pickup", () => {
  it("goes 60 to 90 minutes after the pickup was completed, once, with both answers and the opt-out", async () => {
    await turn(true);
    const { orderId, orderNumber } = await completedOrder("ana.comeback@example.com", 20);
    await runAt(20 + 30);
    expect(await asks(orderId), "half an hour after: not yet").toBe(0);
    await runAt(20 + 61);
    expect(await asks(orderId)).toBe(1);
    const mail = await siteMail.catcher.waitFor((m) => m.subject === `How was your order #${orderNumber}?`);
    expect(mail.to).toEqual(["ana.comeback@example.com"]);
    expect(mail.html).toContain("Loved it");
    expect(mail.html).toContain("Could be better");
    expect(mail.html).toMatch(/\/feedback\?a=stop#[0-9a-f]{64}/);
    await runAt(20 + 80);
    expect(await asks(orderId), "a later run asks no more").toBe(1);
  });

  it("is asked once however many scheduled runs race", async () => {
    await turn(true);
    const { orderId } = await completedOrder("race@example.com", 30);
    setRestaurantClock(at(30 + 70));
    const counts = await Promise.all(Array.from({ length: 6 }, () => queueComeBackMail(new Date(at(30 + 70)))));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await asks(orderId)).toBe(1);
    expect(await testDatabase().count("feedback_requests", "order_id = $1", [orderId])).toBe(1);
  });

  it("is never sent for a pickup completed more than 90 minutes ago (a run missed that long asks no one late)", async () => {
    await turn(true);
    const { orderId } = await completedOrder("late@example.com", 40);
    await runAt(40 + 95);
    expect(await asks(orderId)).toBe(0);
  });

  it("is in Spanish for a diner who ordered in Spanish", async () => {
    await turn(true);
    const { orderNumber } = await completedOrder("sofia@example.com", 50, PICKUP_ORDER, "es");
    await runAt(50 + 65);
    const mail = await siteMail.catcher.waitFor((m) => m.subject === `¿Qué tal tu pedido #${orderNumber}?`);
    expect(mail.html).toContain("Me encantó");
    expect(mail.html).toMatch(/\/es\/feedback\?a=unhappy#[0-9a-f]{64}/);
  });
});

describe("the diner's answer", () => {
  async function askedToken(email: string, minutes: number): Promise<{ token: string; orderNumber: string }> {
    await turn(true);
    const { orderNumber } = await completedOrder(email, minutes);
    await runAt(minutes + 70);
    const mail = await siteMail.catcher.waitFor((m) => m.subject === `How was your order #${orderNumber}?`);
    return { token: tokenIn(mail.html)!, orderNumber };
  }

  it("happy: answers the restaurant's Google review link", async () => {
    const { token } = await askedToken("happy@example.com", 60);
    const res = await answer({ token, answer: "happy" });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ answer: "happy", reviewUrl: feedbackFacts.googleReviewUrl });
  });

  it("unhappy: the message reaches the owner's inbox as a contact message naming the order, once", async () => {
    const { token, orderNumber } = await askedToken("unhappy@example.com", 70);
    const res = await answer({ token, answer: "unhappy", message: "The pancakes were cold." });
    expect(res.status).toBe(200);
    const copy = await siteMail.catcher.waitFor((m) => m.to.includes(RESTAURANT) && m.text.includes("The pancakes were cold."));
    expect(copy.text).toContain(`#${orderNumber}`);
    expect(copy.replyTo).toBe("unhappy@example.com");
    expect((await answer({ token, answer: "unhappy", message: "Again!" })).status).toBe(409);
    expect(await testDatabase().count("contact_messages", "email = 'unhappy@example.com'")).toBe(1);
  });

  it("refuses an empty or hidden message, and a link it does not know, leaving no record", async () => {
    const { token } = await askedToken("blank@example.com", 80);
    for (const message of ["", "   ", "\u200b", "a\u202etext"]) {
      const res = await answer({ token, answer: "unhappy", message });
      expect(res.status, JSON.stringify(message)).toBe(400);
      expect((await jsonOf(res)).error).toBeTruthy();
    }
    expect((await answer({ token: "f".repeat(64), answer: "happy" })).status).toBe(404);
    expect((await answer({ token: "not-a-token", answer: "happy" })).status).toBe(400);
    expect(await testDatabase().count("contact_messages", "email = 'blank@example.com'")).toBe(0);
  });

  it("opt-out: the diner is never e-mailed this again", async () => {
    const { token } = await askedToken("stop@example.com", 90);
    expect((await answer({ token }, "opt-out")).status).toBe(200);
    const { orderId } = await completedOrder("STOP@example.com", 100);
    await runAt(100 + 70);
    expect(await asks(orderId)).toBe(0);
  });

  it("keeps an opt-out only as a hash keyed with the site's secret, and rewrites an old unkeyed one it can", async () => {
    const secret = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = "the site's secret for this test, 32+ characters long";
    try {
      const { token } = await askedToken("keyed@example.com", 120);
      expect((await answer({ token }, "opt-out")).status).toBe(200);
      const plain = createHash("sha256").update("keyed@example.com").digest("hex");
      expect(await testDatabase().count("feedback_opt_outs", "email_hash = $1", [plain])).toBe(0);
      const keyed = createHmac("sha256", process.env.SESSION_SECRET).update("opt-out:keyed@example.com").digest("hex");
      expect(await testDatabase().count("feedback_opt_outs", "email_hash = $1 AND keyed", [keyed])).toBe(1);
    } finally {
      if (secret === undefined) delete process.env.SESSION_SECRET;
      else process.env.SESSION_SECRET = secret;
    }
    // A row kept before keys (a plain SHA-256) is still honoured, and rewritten once its address is among the orders.
    const { orderId } = await completedOrder("Old.Opt@example.com", 130);
    await testDatabase().rows("INSERT INTO feedback_opt_outs (email_hash, keyed) VALUES ($1, false)", [createHash("sha256").update("old.opt@example.com").digest("hex")]);
    await runAt(130 + 70);
    expect(await asks(orderId)).toBe(0);
    expect(await testDatabase().count("feedback_opt_outs", "NOT keyed")).toBe(0);
  });

  it("opt-out also stops an ask already queued but not yet sent", async () => {
    await turn(true);
    const first = await completedOrder("queued@example.com", 110);
    const second = await completedOrder("queued@example.com", 112);
    setRestaurantClock(at(112 + 65));
    // The orders' own e-mails go out in the background first: a drain still running would take the asks too.
    await outboxIdle();
    // Both queued by the same run; the first one's link opts out before the second goes.
    await queueComeBackMail(new Date(at(112 + 65)));
    const [row] = await testDatabase().rows<{ token_hash: string }>("SELECT token_hash FROM feedback_requests WHERE order_id = $1", [first.orderId]);
    expect(row).toBeDefined();
    const [queued] = await testDatabase().rows<{ payload: { token: string } }>("SELECT payload FROM mail_outbox WHERE kind = 'diner_come_back' AND order_id = $1", [first.orderId]);
    expect((await answer({ token: queued!.payload.token }, "opt-out")).status).toBe(200);
    const [left] = await testDatabase().rows<{ status: string }>("SELECT status FROM mail_outbox WHERE kind = 'diner_come_back' AND order_id = $1", [second.orderId]);
    expect(left!.status).toBe("failed");
  });
});

describe("a delivery", () => {
  it("is not asked about: the e-mail is for pickups", async () => {
    await turn(true);
    const delivery = {
      ...PICKUP_ORDER,
      orderType: "delivery",
      deliveryFee: 4.99,
      deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", notes: "" },
    };
    const { orderId } = await completedOrder("delivery@example.com", 120, delivery);
    expect(await testDatabase().count("orders", "id = $1 AND order_type = 'delivery' AND status = 'completed'", [orderId])).toBe(1);
    await runAt(120 + 70);
    expect(await asks(orderId)).toBe(0);
  });
});
