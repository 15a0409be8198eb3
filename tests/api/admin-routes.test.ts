// Every admin route, table-driven, for each kind of caller: the owner may do everything; staff may use
// the orders board, stock flags, pause and busy, messages and their own sign-in (403 elsewhere); a
// disabled account and a request without a session get 401; a state-changing request from another
// origin gets 403 even with a session. "May" means the guard let it through: no 401 or 403, and no
// server error (a status below 500). The table is checked against every function's own config (its
// path and methods): each route that asks for a session is in it, and nothing else is.
import { readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { call, callAs, SITE_ORIGIN, type FunctionCall, type Handler } from "../support/functions";
import featuredItem from "../../netlify/functions/featured-item.mts";
import adminMenuItems from "../../netlify/functions/admin-menu-items.mts";
import adminLocations from "../../netlify/functions/admin-locations.mts";
// Banners and gallery are one function, told apart by the path.
import adminImageSlots from "../../netlify/functions/admin-image-slots.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminOrderBoard from "../../netlify/functions/admin-order-board.mts";
import adminKitchen from "../../netlify/functions/admin-kitchen.mts";
import adminMessages from "../../netlify/functions/admin-messages.mts";
import squareStatus from "../../netlify/functions/square-status.mts";
import testSquare from "../../netlify/functions/test-square.mts";
import squareSync from "../../netlify/functions/square-sync.mts";
import objectsUpload from "../../netlify/functions/objects-upload.mts";
import { placePaidOrder } from "../support/orderServices";
import { saveMessage } from "../../src/server/content/contactMessages";
import { catalogueObjects } from "../support/squareCatalogue";
import adminHours from "../../netlify/functions/admin-hours.mts";
import adminRefunds from "../../netlify/functions/admin-refunds.mts";
import adminSales from "../../netlify/functions/admin-sales.mts";
import adminMail from "../../netlify/functions/admin-mail.mts";
import feedbackSettings from "../../netlify/functions/feedback-settings.mts";
import adminSitePublish from "../../netlify/functions/admin-site-publish.mts";
import adminApplePay from "../../netlify/functions/admin-apple-pay.mts";
import adminSessions from "../../netlify/functions/admin-sessions.mts";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import adminPasskeys from "../../netlify/functions/admin-passkeys.mts";
import adminTranslations from "../../netlify/functions/admin-translations.mts";
import adminCouriers from "../../netlify/functions/admin-couriers.mts";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import adminCatering from "../../netlify/functions/admin-catering.mts";
import adminStaffCredentials from "../../netlify/functions/admin-staff-credentials.mts";
import adminPassword from "../../netlify/functions/admin-password.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import adminGolive from "../../netlify/functions/admin-golive.mts";
import adminGiftCards from "../../netlify/functions/admin-gift-cards.mts";
import adminDeclineBrake from "../../netlify/functions/admin-decline-brake.mts";
import adminBudgets from "../../netlify/functions/admin-budgets.mts";
import { adminCookie } from "../support/admin";
import { startLocalBlobs, type LocalBlobs } from "../support/blobs";
import { openSession } from "../../src/server/staff/sessions";
import { testDatabase } from "../support/database";

interface Route extends FunctionCall {
  /** The answer of an allowed call; "allowed": any status below 500 but 401 and 403. */
  success: number | "allowed";
}

/** Who may call a route: "staff" routes are the owner's too. */
type Role = "owner" | "staff";

let square: FakeSquare;
let blobs: LocalBlobs;
let disabledCookie: string;
let ownerId: string;
let staffId: string;
let probeOwnerId: string;

/** A session opened for the account now (without its password's slow hash), as its cookie: each test its own, and fresh. */
async function sessionCookie(accountId: string): Promise<string> {
  const { cookie } = await openSession(new Request(SITE_ORIGIN), accountId, "password");
  return cookie.split(";")[0]!;
}
let orderId: string;
let messageId: string;

beforeAll(async () => {
  square = await startFakeSquare({ catalog: catalogueObjects(), catalogPageSize: 4 });
  Object.assign(process.env, {
    RESTAURANT_CLOCK: "2026-11-21T12:00:00-05:00",
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_MAX_RETRIES: "0",
  });
  blobs = await startLocalBlobs();
  const cookie = await adminCookie();
  ownerId = await accountOf(cookie);
  staffId = await accountOf(await newAccount(cookie, "Luis", "luis@jealousfork.test", "staff"));
  disabledCookie = await newAccount(cookie, "Ana", "ana-former@jealousfork.test", "staff", true);
  // An owner whose sessions the route survey may end (it calls "sign out everywhere" too).
  await newAccount(cookie, "Probe", "probe@jealousfork.test", "owner");
  probeOwnerId = (await testDatabase().rows<{ id: string }>("SELECT id FROM staff_accounts WHERE email = 'probe@jealousfork.test'"))[0]!.id;
  orderId = await placePaidOrder();
  messageId = (
    await saveMessage({ firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "", message: "Do you cater?" })
  ).id;
});
afterAll(async () => {
  for (const name of ["RESTAURANT_CLOCK", "SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL", "SQUARE_MAX_RETRIES"]) {
    delete process.env[name];
  }
  await square.stop();
  await blobs.stop();
});

async function accountOf(cookie: string): Promise<string> {
  return (await (await call(adminSession, "/api/admin/session", { headers: { cookie } })).json()).account.id;
}

/** Adds an account through the owner's API, sets its password through its set-up link, and answers its session cookie. */
async function newAccount(cookie: string, name: string, email: string, role: Role, thenDisable = false): Promise<string> {
  const owner = { cookie, origin: SITE_ORIGIN };
  // An owner's set-up link is only e-mailed: an owner is added as staff, set up, then made owner.
  const created = await call(adminStaff, "/api/admin/staff", { body: { name, email, role: "staff" }, headers: owner });
  expect(created.status).toBe(201);
  const { account, setupLink } = await created.json();
  const token = setupLink.path.split("#")[1];
  const set = await call(adminSetup, "/api/admin/setup", { body: { token, password: "a long kitchen passphrase for the grill" }, headers: { origin: SITE_ORIGIN } });
  expect(set.status).toBe(200);
  const session = (set.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (role === "owner") {
    const promoted = await call(adminStaff, `/api/admin/staff/${account.id}`, { method: "PATCH", params: { id: account.id }, body: { role }, headers: owner });
    expect(promoted.status).toBe(200);
  }
  if (thenDisable) {
    const off = await call(adminStaff, `/api/admin/staff/${account.id}`, { method: "PATCH", params: { id: account.id }, body: { disabled: true }, headers: owner });
    expect(off.status).toBe(200);
  }
  return session;
}

const hours = (opens: number, closes: number) => [{ opens: opens * 60, closes: closes * 60 }];
const HOURS = {
  weekly: { "jealous-fork": Array.from({ length: 7 }, () => hours(9, 15)), "jealous-burger": Array.from({ length: 7 }, () => hours(17, 22)) },
  specialDates: [],
  leadMinutes: { pickup: 15, delivery: 45 },
  capacities: { "jealous-fork": { pickup: 40, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
};

const image = { imageUrl: "/images/menu/flatbread.webp" };
let slugCounter = 0;

function routes(): [string, Role, () => Route | Promise<Route>][] {
  return [
    ["POST /api/featured-items/:id", "owner", () => ({ handler: featuredItem, method: "POST", path: "/api/featured-items/2", params: { id: "2" }, body: {}, success: 200 })],
    ["DELETE /api/featured-items/:id", "owner", () => ({ handler: featuredItem, method: "DELETE", path: "/api/featured-items/2", params: { id: "2" }, success: 200 })],
    ["PATCH /api/featured-items/:id/stock", "staff", () => ({ handler: featuredItem, method: "PATCH", path: "/api/featured-items/2/stock", params: { id: "2" }, body: { inStock: true }, success: 200 })],
    ["PATCH /api/featured-items/:id/image", "owner", () => ({ handler: featuredItem, method: "PATCH", path: "/api/featured-items/2/image", params: { id: "2" }, body: image, success: 200 })],
    ["GET /api/admin/menu-items", "staff", () => ({ handler: adminMenuItems, method: "GET", path: "/api/admin/menu-items", success: 200 })],
    ["PATCH /api/admin/menu-items/:id/image", "owner", () => ({ handler: adminMenuItems, method: "PATCH", path: "/api/admin/menu-items/3/image", params: { id: "3" }, body: image, success: 200 })],
    ["PUT /api/admin/menu-items/:id/labels", "owner", () => ({ handler: adminMenuItems, method: "PUT", path: "/api/admin/menu-items/3/labels", params: { id: "3" }, body: { dietary: ["contains-dairy", "contains-eggs"] }, success: 200 })],
    ["DELETE /api/admin/menu-items/:id/image", "owner", () => ({ handler: adminMenuItems, method: "DELETE", path: "/api/admin/menu-items/3/image", params: { id: "3" }, success: 200 })],
    ["GET /api/admin/locations", "owner", () => ({ handler: adminLocations, method: "GET", path: "/api/admin/locations", success: 200 })],
    ["POST /api/admin/locations", "owner", () => ({ handler: adminLocations, method: "POST", path: "/api/admin/locations", body: { name: "Brickell", slug: `brickell-${++slugCounter}` }, success: 201 })],
    ["PATCH /api/admin/locations/:id", "owner", () => ({ handler: adminLocations, method: "PATCH", path: "/api/admin/locations/main", params: { id: "main" }, body: { phone: "(305) 699-1430" }, success: 200 })],
    ["PATCH /api/admin/locations/:id/image", "owner", () => ({ handler: adminLocations, method: "PATCH", path: "/api/admin/locations/main/image", params: { id: "main" }, body: image, success: 200 })],
    ["DELETE /api/admin/locations/:id/image", "owner", () => ({ handler: adminLocations, method: "DELETE", path: "/api/admin/locations/main/image", params: { id: "main" }, success: 200 })],
    ["GET /api/admin/banners", "owner", () => ({ handler: adminImageSlots, method: "GET", path: "/api/admin/banners", success: 200 })],
    ["PATCH /api/admin/banners/:id", "owner", () => ({ handler: adminImageSlots, method: "PATCH", path: "/api/admin/banners/hero", params: { id: "hero" }, body: image, success: 200 })],
    ["GET /api/admin/gallery", "owner", () => ({ handler: adminImageSlots, method: "GET", path: "/api/admin/gallery", success: 200 })],
    ["PATCH /api/admin/gallery/:id", "owner", () => ({ handler: adminImageSlots, method: "PATCH", path: "/api/admin/gallery/about-1", params: { id: "about-1" }, body: image, success: 200 })],
    ["GET /api/admin/orders", "staff", () => ({ handler: adminOrders, method: "GET", path: "/api/admin/orders", success: 200 })],
    ["PATCH /api/admin/orders/:id", "staff", async () => { const id = await placePaidOrder(); return { handler: adminOrders, method: "PATCH", path: `/api/admin/orders/${id}`, params: { id }, body: { status: "cancelled" }, success: 200 }; }],
    ["GET /api/admin/kitchen", "staff", () => ({ handler: adminKitchen, method: "GET", path: "/api/admin/kitchen", success: 200 })],
    ["GET /api/admin/order-board", "staff", () => ({ handler: adminOrderBoard, method: "GET", path: "/api/admin/order-board", success: 200 })],
    // From cursor 0 every paid order is a change: 200 with them.
    ["GET /api/admin/order-board/changes", "staff", () => ({ handler: adminOrderBoard, method: "GET", path: "/api/admin/order-board/changes?since=0", success: 200 })],
    ["GET /api/admin/messages", "staff", () => ({ handler: adminMessages, method: "GET", path: "/api/admin/messages", success: 200 })],
    ["PATCH /api/admin/messages/:id", "staff", () => ({ handler: adminMessages, method: "PATCH", path: `/api/admin/messages/${messageId}`, params: { id: messageId }, body: { handled: true }, success: 200 })],
    ["GET /api/square-status", "staff", () => ({ handler: squareStatus, method: "GET", path: "/api/square-status", success: 200 })],
    ["POST /api/test-square", "owner", () => ({ handler: testSquare, method: "POST", path: "/api/test-square", success: 200 })],
    ["POST /api/square/sync", "owner", () => ({ handler: squareSync, method: "POST", path: "/api/square/sync", success: 200 })],
    ["POST /api/objects/upload", "owner", () => ({ handler: objectsUpload, method: "POST", path: "/api/objects/upload", success: 200 })],
    ["GET /api/admin/hours", "staff", () => ({ handler: adminHours, method: "GET", path: "/api/admin/hours", success: 200 })],
    ["PUT /api/admin/hours", "owner", () => ({ handler: adminHours, method: "PUT", path: "/api/admin/hours", body: HOURS, success: 200 })],
    ["PATCH /api/admin/hours/ordering", "staff", () => ({ handler: adminHours, method: "PATCH", path: "/api/admin/hours/ordering", body: { busyMinutes: 10 }, success: 200 })],
    ["PATCH /api/admin/hours/dishes/:id", "owner", () => ({ handler: adminHours, method: "PATCH", path: "/api/admin/hours/dishes/1", params: { id: "1" }, body: { kitchenWeight: 2 }, success: 200 })],
    ["POST /api/admin/orders/:id/refunds", "owner", async () => {
      const id = await placePaidOrder();
      return { handler: adminRefunds, method: "POST", path: `/api/admin/orders/${id}/refunds`, params: { id }, body: { amount: 1, reason: "Cold fries" }, headers: { "idempotency-key": randomUUID() }, success: 201 };
    }],
    ["POST /api/admin/orders/:id/reconcile", "staff", () => ({ handler: adminOrders, method: "POST", path: `/api/admin/orders/${orderId}/reconcile`, params: { id: orderId }, success: "allowed" })],
    ["GET /api/admin/sales", "owner", () => ({ handler: adminSales, method: "GET", path: "/api/admin/sales", success: 200 })],
    ["GET /api/admin/sales/orders-per-hour.svg", "owner", () => ({ handler: adminSales, method: "GET", path: "/api/admin/sales/orders-per-hour.svg", success: 200 })],
    ["GET /api/admin/sales/orders.csv", "owner", () => ({ handler: adminSales, method: "GET", path: "/api/admin/sales/orders.csv", success: 200 })],
    ["GET /api/admin/site-publish", "staff", () => ({ handler: adminSitePublish, method: "GET", path: "/api/admin/site-publish", success: 200 })],
    ["GET /api/admin/apple-pay", "owner", () => ({ handler: adminApplePay, method: "GET", path: "/api/admin/apple-pay", success: 200 })],
    ["GET /api/admin/gift-cards", "owner", () => ({ handler: adminGiftCards, method: "GET", path: "/api/admin/gift-cards", success: 200 })],
    ["PUT /api/admin/gift-cards/hourly-cap", "owner", () => ({ handler: adminGiftCards, method: "PUT", path: "/api/admin/gift-cards/hourly-cap", body: { limit: 20 }, success: 200 })],
    ["GET /api/admin/decline-brake", "staff", () => ({ handler: adminDeclineBrake, method: "GET", path: "/api/admin/decline-brake", success: 200 })],
    // The brake is off in this file: past the guard, the route says so.
    ["DELETE /api/admin/decline-brake", "owner", () => ({ handler: adminDeclineBrake, method: "DELETE", path: "/api/admin/decline-brake", success: 409 })],
    ["GET /api/admin/budgets", "owner", () => ({ handler: adminBudgets, method: "GET", path: "/api/admin/budgets", success: 200 })],
    ["PUT /api/admin/budgets", "owner", () => ({ handler: adminBudgets, method: "PUT", path: "/api/admin/budgets", body: { textsPerHour: 30 }, success: 200 })],
    ["POST /api/admin/gift-cards/:id/:action (resend)", "owner", () => ({ handler: adminGiftCards, method: "POST", path: "/api/admin/gift-cards/GC-ABCD1234/resend", params: { id: "GC-ABCD1234", action: "resend" }, success: "allowed" })],
    ["GET /api/admin/golive", "owner", () => ({ handler: adminGolive, method: "GET", path: "/api/admin/golive", success: 200 })],
    // Mail is not configured in this file: past the guard, the route says so (503) rather than queue a test e-mail.
    ["POST /api/admin/golive/:action (test-email)", "owner", () => ({ handler: adminGolive, method: "POST", path: "/api/admin/golive/test-email", params: { action: "test-email" }, success: 503 })],
    ["PUT /api/admin/golive/:action/:step (steps)", "owner", () => ({ handler: adminGolive, method: "PUT", path: "/api/admin/golive/steps/google-business-profile", params: { action: "steps", step: "google-business-profile" }, body: { done: true }, success: 200 })],
    ["GET /api/admin/mail", "owner", () => ({ handler: adminMail, method: "GET", path: "/api/admin/mail", success: 200 })],
    ["PUT /api/admin/mail/:action (settings)", "owner", () => ({ handler: adminMail, method: "PUT", path: "/api/admin/mail/settings", params: { action: "settings" }, body: { restaurantAddress: "kitchen@jealousfork.test" }, success: 200 })],
    ["GET /api/admin/feedback-settings", "owner", () => ({ handler: feedbackSettings, method: "GET", path: "/api/admin/feedback-settings", success: 200 })],
    ["PUT /api/admin/feedback-settings", "owner", () => ({ handler: feedbackSettings, method: "PUT", path: "/api/admin/feedback-settings", body: { enabled: false }, success: 200 })],
    ["POST /api/admin/mail/:id/:action (resend)", "owner", () => ({ handler: adminMail, method: "POST", path: "/api/admin/mail/999999/resend", params: { id: "999999", action: "resend" }, success: 409 })],
    ["PUT /api/admin/apple-pay", "owner", () => ({ handler: adminApplePay, method: "PUT", path: "/api/admin/apple-pay", body: {}, success: 400 })],
    ["POST /api/admin/apple-pay/:action (domains)", "owner", () => ({ handler: adminApplePay, method: "POST", path: "/api/admin/apple-pay/domains", params: { action: "domains" }, body: { domainName: "jealousfork.com" }, success: "allowed" })],
    ["POST /api/admin/orders/:id/release", "staff", () => ({ handler: adminOrders, method: "POST", path: `/api/admin/orders/${orderId}/release`, params: { id: orderId }, success: "allowed" })],
    ["GET /api/admin/session", "staff", () => ({ handler: adminSession, method: "GET", path: "/api/admin/session", success: 200 })],
    ["DELETE /api/admin/sessions", "staff", () => ({ handler: adminSessions, method: "DELETE", path: "/api/admin/sessions", success: 200 })],
    ["PUT /api/admin/password", "staff", () => ({ handler: adminPassword, method: "PUT", path: "/api/admin/password", body: { password: "a fresh kitchen passphrase 9" }, success: 200 })],
    ["GET /api/admin/staff/:id/credentials", "owner", () => ({ handler: adminStaffCredentials, method: "GET", path: `/api/admin/staff/${staffId}/credentials`, params: { id: staffId }, success: 200 })],
    ["DELETE /api/admin/staff/:id/passkeys/:passkey", "owner", () => ({ handler: adminStaffCredentials, method: "DELETE", path: `/api/admin/staff/${staffId}/passkeys/unknown`, params: { id: staffId, passkey: "unknown" }, success: 404 })],
    ["DELETE /api/admin/staff/:id/password", "owner", () => ({ handler: adminStaffCredentials, method: "DELETE", path: `/api/admin/staff/${staffId}/password`, params: { id: staffId }, success: "allowed" })],
    ["GET /api/admin/sessions", "staff", () => ({ handler: adminSessions, method: "GET", path: "/api/admin/sessions", success: 200 })],
    ["DELETE /api/admin/sessions/:id", "staff", () => ({ handler: adminSessions, method: "DELETE", path: "/api/admin/sessions/0123456789abcdef", params: { id: "0123456789abcdef" }, success: 404 })],
    ["GET /api/admin/staff", "owner", () => ({ handler: adminStaff, method: "GET", path: "/api/admin/staff", success: 200 })],
    ["POST /api/admin/staff", "owner", () => ({ handler: adminStaff, method: "POST", path: "/api/admin/staff", body: { name: "Marta", email: `marta-${randomUUID()}@jealousfork.test`, role: "staff" }, success: 201 })],
    ["PATCH /api/admin/staff/:id", "owner", () => ({ handler: adminStaff, method: "PATCH", path: `/api/admin/staff/${staffId}`, params: { id: staffId }, body: { name: "Luis" }, success: 200 })],
    ["POST /api/admin/staff/:id/setup-link", "owner", () => ({ handler: adminStaff, method: "POST", path: `/api/admin/staff/${staffId}/setup-link`, params: { id: staffId }, success: 201 })],
    ["GET /api/admin/passkeys", "staff", () => ({ handler: adminPasskeys, method: "GET", path: "/api/admin/passkeys", success: 200 })],
    ["POST /api/admin/passkeys/options", "staff", () => ({ handler: adminPasskeys, method: "POST", path: "/api/admin/passkeys/options", success: 200 })],
    // A registration needs a real authenticator (tests/api/passkeys.test.ts): here, an expired ceremony.
    ["POST /api/admin/passkeys", "staff", () => ({ handler: adminPasskeys, method: "POST", path: "/api/admin/passkeys", body: { ceremonyId: "A".repeat(24), response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "e30" } } }, success: 400 })],
    ["DELETE /api/admin/passkeys/:id", "staff", () => ({ handler: adminPasskeys, method: "DELETE", path: "/api/admin/passkeys/unknown", params: { id: "unknown" }, success: 404 })],
    ["GET /api/admin/activity", "owner", () => ({ handler: adminActivity, method: "GET", path: "/api/admin/activity?action=order", success: 200 })],
    ["GET /api/admin/couriers", "staff", () => ({ handler: adminCouriers, method: "GET", path: "/api/admin/couriers", success: 200 })],
    ["PUT /api/admin/couriers (the courier fee policy)", "owner", () => ({ handler: adminCouriers, method: "PUT", path: "/api/admin/couriers", body: { policy: { mode: "flat", flatCents: 499 } }, success: 200 })],
    // The order has no courier delivery: the answer is 404 once the session and role pass.
    ["POST /api/admin/orders/:id/courier", "staff", () => ({ handler: adminCouriers, method: "POST", path: `/api/admin/orders/${orderId}/courier`, params: { id: orderId }, body: { action: "acknowledge" }, success: "allowed" })],
    ["GET /api/admin/catering", "staff", () => ({ handler: adminCatering, method: "GET", path: "/api/admin/catering", success: 200 })],
    ["PUT /api/admin/catering", "owner", () => ({ handler: adminCatering, method: "PUT", path: "/api/admin/catering", body: { rules: { minPeople: 10 } }, success: 200 })],
    ["GET /api/admin/offers", "owner", () => ({ handler: adminOffers, method: "GET", path: "/api/admin/offers", success: 200 })],
    ["POST /api/admin/offers", "owner", () => ({ handler: adminOffers, method: "POST", path: "/api/admin/offers", body: { code: `ROUTE${randomUUID().slice(0, 8).replaceAll("-", "")}`, kind: "amount", amountCents: 500, labelEn: "$5 off", labelEs: "$5 de descuento" }, success: 201 })],
    // An unknown offer: the answer is 404 once the session and role pass.
    ["PATCH /api/admin/offers/:id", "owner", () => ({ handler: adminOffers, method: "PATCH", path: "/api/admin/offers/unknown", params: { id: "unknown" }, body: { paused: true }, success: 404 })],
    ["GET /api/admin/translations", "staff", () => ({ handler: adminTranslations, method: "GET", path: "/api/admin/translations", success: 200 })],
    ["PUT /api/admin/translations (a dish's Spanish)", "owner", () => ({ handler: adminTranslations, method: "PUT", path: "/api/admin/translations", body: { key: "dish:1:description", spanish: "Flatbread de pepperoni." }, success: 200 })],
    // The pause message's Spanish is any staff member's (here nothing is paused: no such text).
    ["PUT /api/admin/translations (the pause message's Spanish)", "staff", () => ({ handler: adminTranslations, method: "PUT", path: "/api/admin/translations", body: { key: "pause", spanish: "Volvemos pronto." }, success: 404 })],
  ];
}

async function expectAllowed(route: Route, res: Response) {
  if (route.success === "allowed") {
    expect([401, 403], await res.clone().text()).not.toContain(res.status);
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  } else expect(res.status, await res.clone().text()).toBe(route.success);
}

describe("every admin route", () => {
  for (const [name, role, make] of routes()) {
    it(`${name}: 401 without a session`, async () => {
      const res = await callAs(await make(), { origin: SITE_ORIGIN });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    });

    it(`${name}: 401 with a forged session cookie, and for a disabled account`, async () => {
      const cookie = await sessionCookie(ownerId);
      expect((await callAs(await make(), { origin: SITE_ORIGIN, cookie: cookie.replace(/.{4}$/, "AAAA") })).status).toBe(401);
      expect((await callAs(await make(), { origin: SITE_ORIGIN, cookie: disabledCookie })).status).toBe(401);
    });

    if (!name.startsWith("GET ")) {
      it(`${name}: 403 from another origin, even with the owner's session`, async () => {
        const cookie = await sessionCookie(ownerId);
        expect((await callAs(await make(), { cookie, origin: "https://evil.example" })).status).toBe(403);
        // Without Origin, a foreign Referer counts the same.
        expect((await callAs(await make(), { cookie, referer: "https://evil.example/page" })).status).toBe(403);
      });
    }

    it(`${name}: the owner may`, async () => {
      const route = await make();
      await expectAllowed(route, await callAs(route, { cookie: await sessionCookie(ownerId), origin: SITE_ORIGIN, referer: `${SITE_ORIGIN}/admin` }));
    });

    if (role === "staff") {
      it(`${name}: staff may`, async () => {
        const route = await make();
        await expectAllowed(route, await callAs(route, { cookie: await sessionCookie(staffId), origin: SITE_ORIGIN }));
      });
    } else {
      it(`${name}: staff may not (403)`, async () => {
        const res = await callAs(await make(), { cookie: await sessionCookie(staffId), origin: SITE_ORIGIN });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: "Only the owner can do this." });
      });
    }
  }
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
/** A value for each kind of path parameter, so a route's own checks answer rather than the router. */
const SAMPLE: Record<string, string> = { id: "00000000-0000-4000-8000-000000000000" };

interface Surveyed {
  /** "METHOD path" of every route that answers 401 without a session (the config's own path). */
  guarded: Set<string>;
  /** Of those, the routes the owner reaches (neither 404 nor 405 with a session): each must be in the table. */
  reached: Set<string>;
  /** Every path of a function that has a guarded route. */
  guardedPaths: Set<string>;
  /** "METHOD path" of every /api/admin route that answered a caller without a session with anything but 401. */
  openAdmin: Set<string>;
}

/** Calls every method of every path of every function in netlify/functions, by its config, without and with a session. */
async function survey(): Promise<Surveyed> {
  const dir = new URL("../../netlify/functions/", import.meta.url);
  const found: Surveyed = { guarded: new Set(), reached: new Set(), guardedPaths: new Set(), openAdmin: new Set() };
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".mts")).sort()) {
    const module = (await import(new URL(file, dir).href)) as { default: Handler; config?: { path?: string | string[]; method?: string | string[] } };
    const methods = module.config?.method ? [module.config.method].flat() : METHODS;
    for (const path of [module.config?.path ?? []].flat()) {
      const params: Record<string, string> = {};
      const concrete = path.replace(/:(\w+)/g, (_, name: string) => (params[name] = SAMPLE[name] ?? "sample"));
      for (const method of methods) {
        const anonymous = await callAs({ handler: module.default, method, path: concrete, params }, { origin: SITE_ORIGIN });
        if (anonymous.status !== 401) {
          // 405: the function takes no such method, so there is nothing to guard.
          if (path.startsWith("/api/admin") && anonymous.status !== 405) found.openAdmin.add(`${method} ${path}`);
          continue;
        }
        found.guarded.add(`${method} ${path}`);
        found.guardedPaths.add(path);
        const owner = await callAs({ handler: module.default, method, path: concrete, params }, { origin: SITE_ORIGIN, cookie: await sessionCookie(probeOwnerId) });
        if (![401, 404, 405].includes(owner.status)) found.reached.add(`${method} ${path}`);
      }
    }
  }
  return found;
}

/**
 * Routes guarded by a diner's session (jf_diner), not a staff one: tests/api/accounts.test.ts proves them;
 * here each must answer 401 to the owner's console session too (the two doors are apart).
 */
const DINER_ROUTES = ["GET /api/account", "GET /api/account/orders", "DELETE /api/account", "POST /api/account/passkeys", "POST /api/account/passkeys/options", "DELETE /api/account/passkeys/:id", "DELETE /api/account/sessions/:id", "GET /api/account/addresses", "POST /api/account/addresses", "PUT /api/account/addresses/:id", "DELETE /api/account/addresses/:id", "GET /api/account/orders/:id/reorder", "GET /api/account/loyalty", "POST /api/account/loyalty/phone", "POST /api/account/loyalty/code", "POST /api/account/loyalty/join", "GET /api/account/texts", "DELETE /api/account/texts", "POST /api/account/texts/phone", "POST /api/account/texts/code", "POST /api/account/cards", "DELETE /api/account/cards/:id"];

/** The console's routes a caller without a session may reach: signing in and out, and a set-up link's steps. */
const OPEN_ADMIN_DOORS = [
  "DELETE /api/admin/session",
  "POST /api/admin/session",
  "POST /api/admin/session/code",
  "POST /api/admin/session/passkey",
  "POST /api/admin/session/passkey/options",
  "POST /api/admin/setup",
  "POST /api/admin/setup/lookup",
  "POST /api/admin/setup/passkey",
  "POST /api/admin/setup/passkey/options",
];

describe("the table", () => {
  it("lists every route that asks for a session, by each function's own config path and method, and nothing else", async () => {
    const listed = new Set(routes().map(([name]) => name.split(" ").slice(0, 2).join(" ")));
    for (const route of DINER_ROUTES) listed.add(route);
    const { guarded, reached, guardedPaths, openAdmin } = await survey();
    // The survey reads a route as guarded only when it answers 401 without a session: a console route that
    // forgot its guard would answer otherwise and be skipped. Only the doors that open a session may.
    expect([...openAdmin].sort(), "console routes that answer without a session").toEqual(OPEN_ADMIN_DOORS);
    expect(DINER_ROUTES.filter((route) => reached.has(route)), "diner routes the owner's console session opens").toEqual([]);
    expect([...reached].filter((route) => !listed.has(route)), "routes missing from the table").toEqual([]);
    expect([...listed].filter((route) => !guarded.has(route)), "rows that are no guarded route of any function").toEqual([]);
    const listedPaths = new Set([...listed].map((route) => route.split(" ")[1]));
    expect([...guardedPaths].filter((path) => !listedPaths.has(path)), "guarded paths with no row").toEqual([]);
  }, 120_000);
});
