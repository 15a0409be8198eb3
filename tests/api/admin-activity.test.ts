// The activity log, table-driven over every change the console makes: done by a signed-in owner, each
// leaves one activity row naming the person (their e-mail), the action, the target, and what it was
// before and is after, as the records show it; and a change that fails after it was made, inside its
// transaction (here: the activity row's own write), leaves neither the change nor a row.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { catalogueObjects } from "../support/squareCatalogue";
import { adminCookie } from "../support/admin";
import { testDatabase } from "../support/database";
import { databaseFaults } from "../support/databaseFaults";
import { call, callAs, jsonOf, SITE_ORIGIN, type FunctionCall } from "../support/functions";
import featuredItem from "../../netlify/functions/featured-item.mts";
import adminMenuItems from "../../netlify/functions/admin-menu-items.mts";
import adminLocations from "../../netlify/functions/admin-locations.mts";
import adminImageSlots from "../../netlify/functions/admin-image-slots.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminRefunds from "../../netlify/functions/admin-refunds.mts";
import adminMessages from "../../netlify/functions/admin-messages.mts";
import adminHours from "../../netlify/functions/admin-hours.mts";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminApplePay from "../../netlify/functions/admin-apple-pay.mts";
import squareSync from "../../netlify/functions/square-sync.mts";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import adminSessions from "../../netlify/functions/admin-sessions.mts";
import { placePaidOrder } from "../support/orderServices";
import { saveMessage } from "../../src/server/content/contactMessages";
import { readCapacities, readSchedule, readStaffSchedule } from "../../src/server/schedule/store";
import adminTranslations from "../../netlify/functions/admin-translations.mts";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "../../src/server/staff/adminSession";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import adminCatering from "../../netlify/functions/admin-catering.mts";
import catering from "../../netlify/functions/catering.mts";
import { ACTIVITY_GROUPS } from "../../src/domain/staffActivity";


interface Case {
  /** The request; made afresh for each attempt. */
  request: () => FunctionCall | Promise<FunctionCall>;
  status: number;
  action: string;
  target: string | RegExp;
  /** What the records hold of the thing changed, in the shape the log keeps. */
  read: () => Promise<unknown>;
  /** The logged before and after, from the records read before and after; by default those records themselves. */
  logged?: (before: any, after: any) => { before: unknown; after: unknown };
  /** Who is logged: the owner, unless the change is another person's own. */
  email?: string;
}

const FILE = "7B2270737049..." + "a1b2c3d4".repeat(40);
const db = () => testDatabase();
const one = async <T = any>(text: string, params: unknown[] = []) => (await db().rows<T>(text, params))[0];

let square: FakeSquare;
let owner: Record<string, string>;
let counter = 0;

beforeAll(async () => {
  square = await startFakeSquare({ catalog: catalogueObjects() });
  Object.assign(process.env, {
    RESTAURANT_CLOCK: "2026-11-21T12:00:00-05:00",
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_MAX_RETRIES: "0",
  });
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});
afterAll(async () => {
  for (const name of ["RESTAURANT_CLOCK", "SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL", "SQUARE_MAX_RETRIES"]) delete process.env[name];
  databaseFaults().heal();
  await square.stop();
});

/** Shared by the cases that act on one record made in advance. */
const fixtures = { orderId: "", heldOrderId: "", messageId: "", mailId: 0, accountId: "", accountEmail: "" };
/** An offer code of this run's own (the database outlives one run). */
const OFFER_CODE = `ACTIVITY${Date.now().toString(36).toUpperCase()}`;

const orderStatus = (id: string) => async () => ({ status: (await one("SELECT status FROM orders WHERE id = $1", [id])).status });
const itemFlag = (id: number, column: string, key: string) => async () => ({ [key]: (await one(`SELECT ${column} AS value FROM menu_items WHERE id = $1`, [id])).value });
const accountSnapshot = async () =>
  one("SELECT name, email, role, disabled_at IS NOT NULL AS disabled FROM staff_accounts WHERE id = $1", [fixtures.accountId]);
const withOwner = (request: Omit<FunctionCall, "headers"> & { headers?: Record<string, string> }): FunctionCall => ({ ...request, headers: { ...owner, ...request.headers } });

const CASES: [string, Case][] = [
  ["features a dish", {
    request: async () => withOwner({ handler: featuredItem, method: (await itemFlag(2, "featured", "featured")()).featured ? "DELETE" : "POST", path: "/api/featured-items/2", params: { id: "2" }, body: undefined }),
    status: 200, action: "menu.featured", target: /^2 /, read: itemFlag(2, "featured", "featured"),
  }],
  ["86s a dish", {
    request: async () => withOwner({ handler: featuredItem, method: "PATCH", path: "/api/featured-items/2/stock", params: { id: "2" }, body: { inStock: !(await itemFlag(2, "in_stock", "inStock")()).inStock } }),
    status: 200, action: "menu.stock", target: /^2 /, read: itemFlag(2, "in_stock", "inStock"),
    // The log keeps the return time with the flag (none here: a plain toggle).
    logged: (before, after) => ({ before: { ...before, backInStockAt: null }, after: { ...after, backInStockAt: null } }),
  }],
  ["sets a dish's picture", {
    request: () => withOwner({ handler: adminMenuItems, method: "PATCH", path: "/api/admin/menu-items/3/image", params: { id: "3" }, body: { imageUrl: `/images/menu/dish-${++counter}.webp` } }),
    status: 200, action: "menu.image", target: /^3 /, read: itemFlag(3, "image", "imageUrl"),
  }],
  ["removes a dish's picture", {
    request: () => withOwner({ handler: adminMenuItems, method: "DELETE", path: "/api/admin/menu-items/3/image", params: { id: "3" } }),
    status: 200, action: "menu.image", target: /^3 /, read: itemFlag(3, "image", "imageUrl"),
  }],
  ["sets a dish's kitchen weight", {
    request: async () => withOwner({ handler: adminHours, method: "PATCH", path: "/api/admin/hours/dishes/1", params: { id: "1" }, body: { kitchenWeight: (await itemFlag(1, "kitchen_weight", "kitchenWeight")()).kitchenWeight + 1 } }),
    status: 200, action: "dish.weight", target: /^1 /, read: itemFlag(1, "kitchen_weight", "kitchenWeight"),
  }],
  ["adds a location", {
    request: () => withOwner({ handler: adminLocations, method: "POST", path: "/api/admin/locations", body: { name: "Brickell", slug: "brickell", phone: "(305) 555-0100" } }),
    status: 201, action: "location.create", target: /.+/,
    read: async () => (await one("SELECT name, slug, phone FROM locations WHERE slug = 'brickell'")) ?? null,
    logged: (_before, after) => ({ before: null, after: expect.objectContaining(after) }),
  }],
  ["edits a location", {
    request: () => withOwner({ handler: adminLocations, method: "PATCH", path: "/api/admin/locations/main", params: { id: "main" }, body: { phone: `(305) 555-${String(1000 + ++counter)}` } }),
    status: 200, action: "location.update", target: "main",
    read: async () => ({ phone: (await one("SELECT phone FROM locations WHERE id = 'main'")).phone }),
  }],
  ["sets a location's picture", {
    request: () => withOwner({ handler: adminLocations, method: "PATCH", path: "/api/admin/locations/main/image", params: { id: "main" }, body: { imageUrl: `/images/places/place-${++counter}.webp` } }),
    status: 200, action: "location.image", target: "main",
    read: async () => ({ imageUrl: (await one("SELECT image_url FROM locations WHERE id = 'main'")).image_url }),
  }],
  ["sets a banner", {
    request: () => withOwner({ handler: adminImageSlots, method: "PATCH", path: "/api/admin/banners/hero", params: { id: "hero" }, body: { imageUrl: `/images/banners/hero-${++counter}.webp` } }),
    status: 200, action: "content.banners", target: "hero",
    read: async () => ({ imageUrl: (await one("SELECT image_url FROM image_slots WHERE kind = 'banners' AND slot_id = 'hero'"))?.image_url ?? null }),
  }],
  ["sets a gallery picture", {
    request: () => withOwner({ handler: adminImageSlots, method: "PATCH", path: "/api/admin/gallery/about-2", params: { id: "about-2" }, body: { imageUrl: `/images/gallery/about-${++counter}.webp` } }),
    status: 200, action: "content.gallery", target: "about-2",
    read: async () => ({ imageUrl: (await one("SELECT image_url FROM image_slots WHERE kind = 'gallery' AND slot_id = 'about-2'"))?.image_url ?? null }),
  }],
  ["saves the hours and special dates", {
    request: async () => {
      const schedule = await readSchedule();
      const specialDates = [{ from: "2026-12-25", to: "2026-12-25", hours: [], note: `Closed for Christmas ${++counter}`, noteEs: `Cerrado por Navidad ${counter}` }];
      return withOwner({ handler: adminHours, method: "PUT", path: "/api/admin/hours", body: { weekly: schedule.weekly, specialDates, leadMinutes: { pickup: 15 + counter, delivery: 45 }, capacities: await readCapacities() } });
    },
    status: 200, action: "hours.save", target: "hours",
    read: async () => {
      // With the Spanish of each note beside its English.
      const schedule = await readStaffSchedule();
      return JSON.parse(JSON.stringify({ weekly: schedule.weekly, specialDates: schedule.specialDates, leadMinutes: schedule.leadMinutes, capacities: await readCapacities() }));
    },
  }],
  ["writes a dish's Spanish description", {
    request: () => withOwner({ handler: adminTranslations, method: "PUT", path: "/api/admin/translations", body: { key: "dish:5:description", spanish: `Burrata ahumada, versión ${++counter}.` } }),
    status: 200, action: "content.spanish", target: /^dish:5:description Smoked Burrata: description$/,
    read: async () => ({
      english: (await one("SELECT description FROM menu_items WHERE id = 5")).description,
      spanish: (await one("SELECT spanish FROM spanish_texts WHERE key = 'dish:5:description'"))?.spanish ?? null,
    }),
  }],
  ["moves an order along", {
    request: async () => {
      fixtures.orderId = await placePaidOrder();
      return withOwner({ handler: adminOrders, method: "PATCH", path: `/api/admin/orders/${fixtures.orderId}`, params: { id: fixtures.orderId }, body: { status: "preparing" } });
    },
    status: 200, action: "order.status", target: /.+/, read: async () => orderStatus(fixtures.orderId)(),
  }],
  ["finds the charge of an order left pending and confirms it", {
    request: async () => {
      fixtures.heldOrderId = await placePaidOrder();
      await db().rows("UPDATE orders SET status = 'pending' WHERE id = $1", [fixtures.heldOrderId]);
      return withOwner({ handler: adminOrders, method: "POST", path: `/api/admin/orders/${fixtures.heldOrderId}/reconcile`, params: { id: fixtures.heldOrderId } });
    },
    status: 200, action: "order.reconcile", target: /.+/, read: async () => orderStatus(fixtures.heldOrderId)(),
  }],
  ["releases the slot of an order left pending that was never charged", {
    request: async () => {
      fixtures.heldOrderId = await placePaidOrder();
      // As if the attempt never reached Square: another attempt key, no payment.
      await db().rows(
        "UPDATE orders SET status = 'pending', idempotency_key = $2, payment_id = NULL, provider_order_id = NULL, amount_cents = NULL WHERE id = $1",
        [fixtures.heldOrderId, randomUUID()],
      );
      return withOwner({ handler: adminOrders, method: "POST", path: `/api/admin/orders/${fixtures.heldOrderId}/release`, params: { id: fixtures.heldOrderId } });
    },
    status: 200, action: "order.release", target: /.+/, read: async () => orderStatus(fixtures.heldOrderId)(),
  }],
  ["refunds part of an order", {
    request: async () => {
      fixtures.orderId = await placePaidOrder();
      return withOwner({ handler: adminRefunds, method: "POST", path: `/api/admin/orders/${fixtures.orderId}/refunds`, params: { id: fixtures.orderId }, body: { amount: 2.5, reason: "Cold fries" }, headers: { "idempotency-key": randomUUID() } });
    },
    status: 201, action: "order.refund", target: /.+/,
    read: async () => ({ refunded: (await one("SELECT refunded_cents FROM orders WHERE id = $1", [fixtures.orderId])).refunded_cents / 100 }),
    logged: (before, after) => ({ before, after: { ...after, amount: 2.5, reason: "Cold fries", status: expect.stringMatching(/^(PENDING|COMPLETED)$/) } }),
  }],
  ["marks a message handled", {
    request: async () => {
      fixtures.messageId = (await saveMessage({ firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "", message: "Do you cater?" })).id;
      return withOwner({ handler: adminMessages, method: "PATCH", path: `/api/admin/messages/${fixtures.messageId}`, params: { id: fixtures.messageId }, body: { handled: true } });
    },
    status: 200, action: "message.handled", target: /.+/,
    read: async () => ({ handled: (await one("SELECT handled FROM contact_messages WHERE id = $1", [fixtures.messageId])).handled }),
  }],
  ["pauses ordering", {
    request: () => withOwner({ handler: adminHours, method: "PATCH", path: "/api/admin/hours/ordering", body: { pause: { minutes: 30, message: `Back soon ${++counter}`, messageEs: `Volvemos pronto ${counter}` } } }),
    status: 200, action: "ordering.pause", target: "ordering",
    read: async () => JSON.parse(JSON.stringify((({ pause, busyMinutes }) => ({ pause, busyMinutes }))(await readStaffSchedule()))),
  }],
  ["resumes ordering", {
    request: () => withOwner({ handler: adminHours, method: "PATCH", path: "/api/admin/hours/ordering", body: { pause: null } }),
    status: 200, action: "ordering.pause", target: "ordering",
    read: async () => JSON.parse(JSON.stringify((({ pause, busyMinutes }) => ({ pause, busyMinutes }))(await readStaffSchedule()))),
  }],
  ["sets busy minutes", {
    request: async () => withOwner({ handler: adminHours, method: "PATCH", path: "/api/admin/hours/ordering", body: { busyMinutes: (await readSchedule()).busyMinutes === 10 ? 15 : 10 } }),
    status: 200, action: "ordering.busy", target: "ordering",
    read: async () => JSON.parse(JSON.stringify((({ pause, busyMinutes }) => ({ pause, busyMinutes }))(await readStaffSchedule()))),
  }],
  ["sets the restaurant's mail address", {
    request: () => withOwner({ handler: adminMail, method: "PUT", path: "/api/admin/mail/settings", params: { action: "settings" }, body: { restaurantAddress: `kitchen-${++counter}@jealousfork.test` } }),
    status: 200, action: "settings.mail", target: "restaurant address",
    read: async () => ({ restaurantAddress: (await one("SELECT value FROM settings WHERE key = 'mail_restaurant_address'"))?.value ?? null }),
  }],
  ["sends a failed e-mail again", {
    request: async () => {
      const row = await one("SELECT id FROM mail_outbox WHERE kind = 'order_confirmed' ORDER BY id DESC LIMIT 1");
      fixtures.mailId = Number(row.id);
      await db().rows("UPDATE mail_outbox SET status = 'failed' WHERE id = $1", [fixtures.mailId]);
      return withOwner({ handler: adminMail, method: "POST", path: `/api/admin/mail/${fixtures.mailId}/resend`, params: { id: String(fixtures.mailId), action: "resend" } });
    },
    status: 200, action: "mail.resend", target: /^\d+$/,
    read: async () => ({ status: (await one("SELECT status FROM mail_outbox WHERE id = $1", [fixtures.mailId])).status }),
  }],
  ["stores Apple Pay's domain file", {
    request: () => withOwner({ handler: adminApplePay, method: "PUT", path: "/api/admin/apple-pay", body: { domainAssociation: `${FILE}${++counter}` } }),
    status: 200, action: "settings.apple-pay-file", target: "apple pay",
    read: async () => {
      const value = (await one("SELECT value FROM settings WHERE key = 'apple_pay_domain_association'"))?.value;
      return { file: value ? { characters: value.length, sha256: expect.stringMatching(/^[0-9a-f]{16}$/) } : null };
    },
  }],
  ["registers a domain for Apple Pay", {
    request: () => withOwner({ handler: adminApplePay, method: "POST", path: "/api/admin/apple-pay/domains", params: { action: "domains" }, body: { domainName: "jealousfork.com" } }),
    status: 201, action: "settings.apple-pay-domain", target: "jealousfork.com",
    read: async () => {
      const domains = (await one("SELECT value FROM settings WHERE key = 'apple_pay_domains'"))?.value ?? [];
      return { domain: domains.find((domain: { domainName: string }) => domain.domainName === "jealousfork.com") ?? null };
    },
  }],
  ["adds a person", {
    request: () => withOwner({ handler: adminStaff, method: "POST", path: "/api/admin/staff", body: { name: "Marta", email: "marta@jealousfork.test", role: "staff" } }),
    status: 201, action: "account.create", target: "marta@jealousfork.test",
    read: async () => (await one("SELECT name, email, role, disabled_at IS NOT NULL AS disabled FROM staff_accounts WHERE email = 'marta@jealousfork.test'")) ?? null,
    logged: (_before, after) => ({ before: null, after }),
  }],
  ["disables a person", {
    request: async () => {
      const account = await one("SELECT id, email FROM staff_accounts WHERE email = 'marta@jealousfork.test'");
      Object.assign(fixtures, { accountId: account.id, accountEmail: account.email });
      return withOwner({ handler: adminStaff, method: "PATCH", path: `/api/admin/staff/${account.id}`, params: { id: account.id }, body: { disabled: true } });
    },
    status: 200, action: "account.update", target: "marta@jealousfork.test", read: accountSnapshot,
  }],
  ["re-enables a person", {
    request: () => withOwner({ handler: adminStaff, method: "PATCH", path: `/api/admin/staff/${fixtures.accountId}`, params: { id: fixtures.accountId }, body: { disabled: false } }),
    status: 200, action: "account.update", target: "marta@jealousfork.test", read: accountSnapshot,
  }],
  ["issues a new set-up link", {
    request: () => withOwner({ handler: adminStaff, method: "POST", path: `/api/admin/staff/${fixtures.accountId}/setup-link`, params: { id: fixtures.accountId } }),
    status: 201, action: "account.setup-link", target: "marta@jealousfork.test",
    read: async () => {
      const row = await one("SELECT max(expires_at) AS until FROM staff_setup_links WHERE account_id = $1 AND used_at IS NULL AND expires_at > now()", [fixtures.accountId]);
      return { liveLinkUntil: row.until ? new Date(row.until).toISOString() : null };
    },
  }],
  ["ends one of the owner's other sessions", {
    request: async () => {
      const other = await adminCookie();
      const list = await jsonOf(await call(adminSessions, "/api/admin/sessions", { headers: { cookie: other } }));
      const session = list.sessions.find((candidate: { current: boolean }) => candidate.current);
      return withOwner({ handler: adminSessions, method: "DELETE", path: `/api/admin/sessions/${session.id}`, params: { id: session.id } });
    },
    status: 200, action: "session.end", target: DEVELOPMENT_OWNER_EMAIL,
    read: async () => ({ live: Number((await one("SELECT count(*) AS n FROM admin_sessions s JOIN staff_accounts a ON a.id = s.account_id WHERE a.email = $1 AND revoked_at IS NULL", [DEVELOPMENT_OWNER_EMAIL])).n) }),
    logged: (before, after) => {
      expect(after.live).toBe(before.live - 1);
      return { before: expect.objectContaining({ live: true }), after: expect.objectContaining({ live: false }) };
    },
  }],
  ["signs out", {
    request: async () => ({ handler: adminSession, method: "DELETE", path: "/api/admin/session", headers: { cookie: await adminCookie(), origin: SITE_ORIGIN } }),
    status: 200, action: "sign-out", target: DEVELOPMENT_OWNER_EMAIL,
    read: async () => ({ live: Number((await one("SELECT count(*) AS n FROM admin_sessions s JOIN staff_accounts a ON a.id = s.account_id WHERE a.email = $1 AND revoked_at IS NULL", [DEVELOPMENT_OWNER_EMAIL])).n) }),
    logged: (before, after) => {
      expect(after.live).toBe(before.live - 1);
      return { before: { signedIn: true }, after: { signedIn: false } };
    },
  }],
  ["signs in", {
    request: () => ({ handler: adminSession, method: "POST", path: "/api/admin/session", body: { email: DEVELOPMENT_OWNER_EMAIL, password: DEVELOPMENT_PASSWORD }, headers: { origin: SITE_ORIGIN } }),
    status: 200, action: "sign-in", target: DEVELOPMENT_OWNER_EMAIL,
    read: async () => ({ live: Number((await one("SELECT count(*) AS n FROM admin_sessions s JOIN staff_accounts a ON a.id = s.account_id WHERE a.email = $1 AND revoked_at IS NULL", [DEVELOPMENT_OWNER_EMAIL])).n) }),
    logged: (before, after) => {
      expect(after.live).toBe(before.live + 1);
      return { before: null, after: { method: expect.stringMatching(/password/) } };
    },
  }],
  ["creates an offer code", {
    request: () => withOwner({ handler: adminOffers, method: "POST", path: "/api/admin/offers", body: {
      code: OFFER_CODE, kind: "amount", amountCents: 500, labelEn: "$5 off", labelEs: "$5 de descuento" } }),
    status: 201, action: "offer.create", target: OFFER_CODE,
    read: async () => ({ offer: (await db().rows("SELECT code, paused FROM offers WHERE code = $1", [OFFER_CODE]))[0] ?? null }),
    logged: () => ({ before: null, after: expect.objectContaining({ code: OFFER_CODE, amountCents: 500 }) }),
  }],
  ["pauses an offer code", {
    request: async () => {
      const { id } = (await db().rows<{ id: string }>("SELECT id FROM offers WHERE code = $1", [OFFER_CODE]))[0]!;
      return withOwner({ handler: adminOffers, method: "PATCH", path: `/api/admin/offers/${id}`, params: { id }, body: { paused: true } });
    },
    status: 200, action: "offer.pause", target: OFFER_CODE,
    read: async () => ({ paused: (await db().rows<{ paused: boolean }>("SELECT paused FROM offers WHERE code = $1", [OFFER_CODE]))[0]!.paused }),
    logged: () => ({ before: expect.objectContaining({ paused: false }), after: expect.objectContaining({ paused: true }) }),
  }],
  ["changes catering's fewest people", {
    request: () => withOwner({ handler: adminCatering, method: "PUT", path: "/api/admin/catering", body: { rules: { minPeople: 12 } } }),
    status: 200, action: "catering.change", target: "catering",
    read: async () => {
      // The catering menu is filled from content/ on its first reading.
      await call(catering, "/api/catering");
      return { minPeople: (await db().rows<{ min_people: number }>("SELECT min_people FROM catering_settings"))[0]!.min_people };
    },
    logged: () => ({ before: expect.objectContaining({ rules: expect.objectContaining({ minPeople: 10 }) }), after: expect.objectContaining({ rules: expect.objectContaining({ minPeople: 12 }) }) }),
  }],
  ["rebuilds the menu from Square's catalogue (dishes added, changed, removed)", {
    request: () => withOwner({ handler: squareSync, method: "POST", path: "/api/square/sync" }),
    status: 200, action: "menu.square-sync", target: "menu",
    read: async () => {
      const menu = await one("SELECT count(*) AS n, md5(string_agg(id || name || price_cents, ',' ORDER BY id)) AS dishes FROM menu_items");
      return { itemCount: Number(menu.n), dishes: menu.dishes };
    },
    logged: (before, after) => ({ before: { itemCount: before.itemCount, dishes: expect.any(Object) }, after: { itemCount: after.itemCount, dishes: expect.any(Object) } }),
  }],
];

async function lastActivityId(): Promise<number> {
  return Number((await one("SELECT coalesce(max(id), 0) AS id FROM staff_activity")).id);
}

async function activitySince(id: number) {
  return db().rows<{ action: string; target: string; actor: string; email: string | null; before: unknown; after: unknown; at: Date }>(
    `SELECT a.action, a.target, a.actor, s.email, a.before, a.after, a.at FROM staff_activity a
     LEFT JOIN staff_accounts s ON s.id = a.account_id WHERE a.id > $1 ORDER BY a.id`,
    [id],
  );
}


describe("every change made in the console is in the activity log, with the change or not at all", () => {
  for (const [name, test] of CASES) {
    it(`${name}: ${test.action}`, async () => {
      const faults = databaseFaults();
      // First with the activity row's write failing: the change made before it in the transaction is undone.
      const attempt = await test.request();
      const untouched = await test.read();
      const mark = await lastActivityId();
      faults.failWhen((text) => /INSERT INTO staff_activity/.test(text));
      let refused: Response;
      try {
        refused = await callAs(attempt);
      } finally {
        faults.heal();
      }
      expect(refused.status, await refused.clone().text()).toBeGreaterThanOrEqual(500);
      expect(await test.read()).toEqual(untouched);
      expect(await activitySince(mark)).toEqual([]);

      // Then for real: one change, one row, naming who did it and the change.
      const request = await test.request();
      const before = await test.read();
      const since = await lastActivityId();
      const started = Date.now();
      const res = await callAs(request);
      expect(res.status, await res.clone().text()).toBe(test.status);
      const after = await test.read();
      expect(after).not.toEqual(before);
      const rows = (await activitySince(since)).filter((row) => row.action === test.action);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row!.email).toBe(test.email ?? DEVELOPMENT_OWNER_EMAIL);
      expect(row!.target).toMatch(test.target);
      expect(row!.at.getTime()).toBeGreaterThanOrEqual(started - 1000);
      const expected = test.logged ? test.logged(before, after) : { before, after };
      expect({ before: row!.before, after: row!.after }).toEqual(expected);
    });
  }

  it("bad input is refused with a clear error and leaves no change and no row", async () => {
    const schedule = JSON.stringify(await readSchedule());
    const mark = await lastActivityId();
    const bad = await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { busyMinutes: -5 }, headers: owner });
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({ error: expect.any(String), issues: [expect.objectContaining({ path: "busyMinutes" })] });
    const orderId = await placePaidOrder();
    const refund = await call(adminRefunds, `/api/admin/orders/${orderId}/refunds`, {
      body: { amount: 10_000, reason: "Too much" },
      params: { id: orderId },
      headers: { ...owner, "idempotency-key": randomUUID() },
    });
    expect(refund.status).toBe(422);
    expect(JSON.stringify(await readSchedule())).toBe(schedule);
    expect(await one("SELECT count(*)::int AS n FROM order_refunds WHERE order_id = $1", [orderId])).toEqual({ n: 0 });
    expect(await activitySince(mark)).toEqual([]);
  });
});

describe("the Activity tab's filters", () => {
  const activity = async (query: string) => {
    const res = await call(adminActivity, `/api/admin/activity?${query}`, { headers: owner });
    expect(res.status).toBe(200);
    return (await jsonOf(res)).entries as { action: string; accountId: string | null; at: string }[];
  };

  it("find each group's actions, and only them, among the changes above", async () => {
    for (const [group, { actions }] of Object.entries(ACTIVITY_GROUPS)) {
      const entries = await activity(`action=${group}`);
      expect(entries.length, group).toBeGreaterThan(0);
      expect(entries.filter((entry) => !(actions as readonly string[]).includes(entry.action)), group).toEqual([]);
    }
    // One action alone, too.
    const weights = await activity("action=dish.weight");
    expect(weights.length).toBeGreaterThan(0);
    expect(new Set(weights.map((entry) => entry.action))).toEqual(new Set(["dish.weight"]));
  });

  it("find a person's changes, and a day's", async () => {
    const marta = await one("SELECT id FROM staff_accounts WHERE email = 'marta@jealousfork.test'");
    expect(await activity(`account=${marta.id}`)).toEqual([]);
    const ownerId = (await one("SELECT id FROM staff_accounts WHERE email = $1", [DEVELOPMENT_OWNER_EMAIL])).id;
    const mine = await activity(`account=${ownerId}&action=settings`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.accountId === ownerId)).toBe(true);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((await activity(`from=${today}&to=${today}&action=order`)).length).toBeGreaterThan(0);
    expect(await activity("from=2020-01-01&to=2020-01-02")).toEqual([]);
  });
});

describe("a partial edit", () => {
  it("of a location's phone keeps the rest of it (no defaults fill the fields it leaves out)", async () => {
    const before = await one("SELECT address, description, is_main_location FROM locations WHERE id = 'main'");
    const res = await call(adminLocations, "/api/admin/locations/main", { method: "PATCH", params: { id: "main" }, body: { phone: "(305) 699-1430" }, headers: owner });
    expect(res.status).toBe(200);
    expect(await one("SELECT address, description, is_main_location FROM locations WHERE id = 'main'")).toEqual(before);
    expect(before.address).not.toBe("");
  });
});

describe("a person's own changes", () => {
  it("setting a password with a set-up link is logged as that person's", async () => {
    const created = await jsonOf(await call(adminStaff, "/api/admin/staff", { body: { name: "Rosa", email: "rosa@jealousfork.test", role: "staff" }, headers: owner }));
    const mark = await lastActivityId();
    const token = created.setupLink.path.split("#")[1];
    const set = await call(adminSetup, "/api/admin/setup", { body: { token, password: "a long kitchen passphrase for the grill" }, headers: { origin: SITE_ORIGIN } });
    expect(set.status).toBe(200);
    const rows = await activitySince(mark);
    expect(rows).toEqual([expect.objectContaining({ action: "account.password", email: "rosa@jealousfork.test", before: { password: "none" }, after: { password: "set" } })]);
  });
});
