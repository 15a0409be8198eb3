// Property-based tests over every public endpoint (fast-check, seeded, modest runs): bodies generated
// from each endpoint's zod schema with one to three fields made hostile, and the raw-body attacks
// around them (wrong media types, oversized, not JSON, deeply nested). The schema predicts the
// answer: what it refuses must be a 4xx with a JSON `error` and store nothing (no table gains or loses
// a row); what it accepts is
// processed; nothing is ever a 5xx. Text it accepts (script included) is stored as the same text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { testDatabase } from "../support/database";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { call } from "../support/functions";
import { depthOf, hostileBody, hostileText, SCRIPT_PAYLOADS } from "../support/hostileInput";
import { PICKUP_ORDER } from "../support/orderServices";
import contact from "../../netlify/functions/contact.mts";
import orders from "../../netlify/functions/orders.mts";
import order from "../../netlify/functions/order.mts";
import menu from "../../netlify/functions/menu.mts";
import featuredItems from "../../netlify/functions/featured-items.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import catering from "../../netlify/functions/catering.mts";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import { cateringOrderSchema } from "../../src/domain/catering.schema";
import { contactMessageSchema } from "../../src/domain/contactMessage.schema";
import { orderRequestSchema } from "../../src/domain/orderRequest.schema";
import { z } from "zod";
import { listMessages } from "../../src/server/content/contactMessages";
import { setRestaurantClock } from "../support/clock";

const SEED = 20261121;
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);

beforeAll(async () => {
  // The database is filled from content/ at its first use: before the first snapshot, not between two.
  await db.one(sql`SELECT 1`);
  for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL", "ADMIN_PASSWORD"]) delete process.env[name];
  // Saturday noon in Miami: the dishes of the valid example are on sale.
  setRestaurantClock("2026-11-21T12:00:00-05:00");
});
afterAll(() => {
  setRestaurantClock(undefined);
});

/**
 * The number of rows of every table (orders, order_lines, payment_attempts, contact_messages,
 * admin_sessions, menu_items, ...), but the counters and sign-in failures: counting an attempt is the
 * limiter at work, not a record; nor the activity log, which records every sign-in attempt by design;
 * nor the local development secret and development owner, which the first sign-in of a run writes.
 */
async function snapshot(): Promise<Record<string, number>> {
  const db = testDatabase();
  const tables = await db.rows<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (name === "counters" || name === "sign_in_failures" || name === "staff_activity" || name === "staff_accounts") continue;
    counts[name] = await db.count(`"${name}"`, name === "settings" ? "key NOT LIKE 'development-%'" : undefined);
  }
  return counts;
}

/** All sign-in failures counted (per account and per network). */
async function signInsCounted(): Promise<number> {
  const [row] = await testDatabase().rows<{ n: number }>("SELECT coalesce(sum(failures), 0)::int AS n FROM sign_in_failures");
  return row!.n;
}

/** Each run comes from an address of its own, so per-client limits never mask the answer. */
let client = 0;
const nextIp = () => `198.51.${Math.floor(++client / 250) % 250}.${client % 250}`;

async function expectJsonError(res: Response, context: string): Promise<any> {
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(res.headers.get("content-type") ?? "", context).toContain("application/json");
  const body = await res.json();
  expect(typeof body.error, context).toBe("string");
  expect(body.error.length, context).toBeGreaterThan(0);
  return body;
}

/** What the server must do with `body`, by the same rules it states: size, depth, then the schema. */
function verdict(schema: z.ZodType, body: unknown, limit: number): { refuse: boolean; text: string } {
  const text = JSON.stringify(body) ?? "";
  if (Buffer.byteLength(text) > limit) return { refuse: true, text };
  const seen = JSON.parse(text === "" ? "null" : text);
  if (depthOf(seen) > 8) return { refuse: true, text };
  return { refuse: !schema.safeParse(seen).success, text };
}

const CONTACT_EXAMPLE = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "(305) 555-0142", message: "A table for six on Sunday?" };
const ORDER_EXAMPLE = {
  ...PICKUP_ORDER,
  orderType: "delivery",
  deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "Gate 12" },
  subtotal: 50,
  tax: 3.75,
  deliveryFee: 4.99,
  total: 58.74,
};
const signInSchema = z.object({ email: z.email().max(254).optional(), password: z.string().min(1).max(200) });

/** Bodies that are not a JSON object of the right size, with the status they must get. */
const RAW_ATTACKS: { label: string; body: BodyInit; type?: string; status: number }[] = [
  { label: "form-encoded", body: "firstName=Ana&message=hi", type: "application/x-www-form-urlencoded", status: 415 },
  { label: "plain text", body: '{"firstName":"Ana"}', type: "text/plain", status: 415 },
  { label: "multipart", body: "--x\r\n\r\nhi\r\n--x--", type: "multipart/form-data; boundary=x", status: 415 },
  { label: "no content type", body: "{}", status: 415 },
  { label: "a JSON look-alike type", body: "{}", type: "application/jsonp", status: 415 },
  { label: "empty JSON", body: "", type: "application/json", status: 400 },
  { label: "not JSON", body: "{firstName: 'Ana'", type: "application/json", status: 400 },
  { label: "JSON null", body: "null", type: "application/json", status: 400 },
  { label: "a JSON string", body: '"<script>alert(1)</script>"', type: "application/json", status: 400 },
  { label: "a huge number", body: "1e999999", type: "application/json", status: 400 },
  { label: "deeply nested arrays", body: "[".repeat(5000) + "]".repeat(5000), type: "application/json", status: 400 },
  { label: "deeply nested objects", body: '{"a":'.repeat(2000) + "1" + "}".repeat(2000), type: "application/json", status: 400 },
  { label: "a body over the limit", body: JSON.stringify({ message: "x".repeat(200_000) }), type: "application/json", status: 413 },
  { label: "a huge JSON array", body: JSON.stringify(Array.from({ length: 60_000 }, (_, i) => i)), type: "application/json", status: 413 },
  { label: "invalid UTF-8", body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), type: "application/json", status: 400 },
];

describe("what storing nothing means", () => {
  it("every table of records is looked at, and a stored message shows in its count", async () => {
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["orders", "order_lines", "payment_attempts", "contact_messages", "admin_sessions", "menu_items", "locations", "image_slots", "settings"]));
    expect(before).not.toHaveProperty("counters");
    const res = await call(contact, "/contact", { body: CONTACT_EXAMPLE, ip: nextIp() });
    expect(res.status).toBe(201);
    expect(await snapshot()).toEqual({ ...before, contact_messages: before.contact_messages! + 1 });
  });
});

describe("POST /contact", () => {
  it("answers every hostile body as its schema says: refused with a JSON 4xx storing nothing, or stored as the same text", async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(contactMessageSchema, CONTACT_EXAMPLE), async (body) => {
        const { refuse, text } = verdict(contactMessageSchema, body, 32 * 1024);
        const before = await snapshot();
        const res = await call(contact, "/contact", { rawBody: text, headers: { "content-type": "application/json" }, ip: nextIp() });
        expect(res.status).toBeLessThan(500);
        if (refuse) {
          await expectJsonError(res, `refused ${text.slice(0, 200)}`);
          expect(await snapshot()).toEqual(before);
        } else {
          expect(res.status, text.slice(0, 200)).toBe(201);
          const parsed = contactMessageSchema.parse(JSON.parse(text));
          if (!parsed.website) {
            const [latest] = await listMessages({ limit: 1 });
            expect(latest).toMatchObject({ firstName: parsed.firstName, lastName: parsed.lastName, message: parsed.message });
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(RAW_ATTACKS)("refuses $label with $status and a JSON error, storing nothing", async ({ body, type, status }) => {
    const before = await snapshot();
    const res = await call(contact, "/contact", { rawBody: body, headers: type ? { "content-type": type } : {}, ip: nextIp() });
    expect(res.status).toBe(status);
    await expectJsonError(res, String(status));
    expect(await snapshot()).toEqual(before);
  });

  it("keeps script in every text field as text", async () => {
    const payload = SCRIPT_PAYLOADS[1];
    const res = await call(contact, "/contact", {
      body: { firstName: payload, lastName: SCRIPT_PAYLOADS[0], email: "ana@example.com", phone: "", message: `${payload} ${SCRIPT_PAYLOADS[2]}` },
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
    const [latest] = await listMessages({ limit: 1 });
    expect(latest).toMatchObject({ firstName: payload, lastName: SCRIPT_PAYLOADS[0], message: `${payload} ${SCRIPT_PAYLOADS[2]}` });
  });
});

describe("POST /api/orders", () => {
  const post = (text: BodyInit, headers: Record<string, string>) => call(orders, "/api/orders", { method: "POST", rawBody: text, headers, ip: nextIp() });

  it("answers every hostile order as its schema says: refused with a JSON 4xx storing nothing, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(orderRequestSchema, ORDER_EXAMPLE), async (body) => {
        const { refuse, text } = verdict(orderRequestSchema, body, 128 * 1024);
        const before = await snapshot();
        const res = await post(text, { "content-type": "application/json", "idempotency-key": randomUUID() });
        expect(res.status, text.slice(0, 300)).toBeLessThan(500);
        if (refuse) {
          await expectJsonError(res, `refused ${text.slice(0, 300)}`);
          expect(await snapshot()).toEqual(before);
        } else if (res.status >= 400) {
          // Accepted by the schema but not sellable (422: unknown dish, undeliverable ZIP), a total
          // other than the menu's (409, with today's prices), or a card the gateway declines (402,
          // kept as a failed attempt): a JSON error either way.
          const answer = await expectJsonError(res, text.slice(0, 300));
          expect([402, 409, 422], answer.error).toContain(res.status);
          if (res.status === 422 || res.status === 409) expect(await snapshot()).toEqual(before);
        } else {
          expect(res.status).toBe(201);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("refuses hostile Idempotency-Key headers with 400, storing nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileText, fc.string({ maxLength: 15 }), fc.string({ minLength: 46, maxLength: 200 })).filter((key) => !/^[A-Za-z0-9_-]{16,45}$/.test(key) && /^[\x20-\x7e]*$/.test(key)),
        async (key) => {
          const before = await snapshot();
          const res = await post(JSON.stringify(ORDER_EXAMPLE), { "content-type": "application/json", "idempotency-key": key });
          expect(res.status).toBe(400);
          await expectJsonError(res, key);
          expect(await snapshot()).toEqual(before);
        },
      ),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it.each(RAW_ATTACKS)("refuses $label with $status and a JSON error, storing nothing", async ({ body, type, status }) => {
    const before = await snapshot();
    const res = await post(body, { ...(type ? { "content-type": type } : {}), "idempotency-key": randomUUID() });
    expect(res.status).toBe(status);
    await expectJsonError(res, String(status));
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["a negative quantity", -3],
    ["a fractional quantity", 1.5],
    ["a quantity over the per-line limit", 51],
    ["an enormous quantity", 1e15],
    ["a quantity past 2^53", 2 ** 53 + 2],
  ])("refuses %s with 400", async (_label, quantity) => {
    const before = await snapshot();
    const res = await post(JSON.stringify({ ...ORDER_EXAMPLE, items: [{ id: 1, quantity }] }), { "content-type": "application/json", "idempotency-key": randomUUID() });
    expect(res.status).toBe(400);
    await expectJsonError(res, String(quantity));
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["negative", -16],
    ["zero", 0],
    ["fractional cents", 0.001],
    ["enormous", 1e300],
  ])("ignores a %s price sent by the browser and charges the menu's", async (_label, price) => {
    // The total is the one the menu gives (the checkout sends what it showed); another answers 409.
    const res = await post(
      JSON.stringify({ ...ORDER_EXAMPLE, items: [{ id: 1, quantity: 1, price }], subtotal: price, tax: price, total: 22.19, deliveryFee: price }),
      { "content-type": "application/json", "idempotency-key": randomUUID() },
    );
    expect(res.status).toBe(201);
    const { orderId } = await res.json();
    const view = await (await call(order, `/api/orders/${orderId}`, { params: { id: orderId } })).json();
    expect(view).toMatchObject({ subtotal: 16, tax: 1.2, deliveryFee: 4.99, total: 22.19 });
  });
});

describe("GET /api/orders/{id}", () => {
  it("answers 404 with a JSON error for any id that is not an order, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileText, fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), fc.constantFrom("../../etc/passwd", "%2e%2e%2f", "order/x", "key/x", "sandbox-payment/x", "\u0000")),
        async (id) => {
          // A URL cannot carry a lone surrogate; the handler gets the raw id as its param anyway.
          const res = await call(order, `/api/orders/${encodeURIComponent(id.toWellFormed())}`, { params: { id } });
          expect(res.status).toBe(404);
          await expectJsonError(res, id);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("GET /api/menu and GET /api/featured-items", () => {
  it("answer 200 JSON whatever the query string and headers, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 20 }), hostileText, { maxKeys: 4 }),
        fc.constantFrom("text/html", "*/*", "application/xml", "\u0000", "a".repeat(4000)),
        async (query, accept) => {
          const search = new URLSearchParams(query).toString();
          for (const [handler, path] of [
            [menu, "/api/menu"],
            [featuredItems, "/api/featured-items"],
          ] as const) {
            // eslint-disable-next-line no-control-regex -- a NUL cannot travel in a header: taken out on purpose
            const res = await call(handler, `${path}?${search}`, { headers: { accept: accept.replace(/\u0000/g, "") } });
            expect(res.status).toBe(200);
            expect(res.headers.get("content-type")).toContain("application/json");
            await res.json();
          }
        },
      ),
      { seed: SEED, numRuns: Math.ceil(RUNS / 3) },
    );
  });
});

describe("POST /api/admin/session", () => {
  const signIn = (text: BodyInit, headers: Record<string, string>) =>
    call(adminSession, "/api/admin/session", { method: "POST", rawBody: text, headers, ip: nextIp() });

  // The set-up password's slow hash is made once, at the first sign-in, and kept: made here before the
  // runs compare the records a refusal leaves.
  beforeAll(async () => {
    await signIn(JSON.stringify({ password: "a first guess" }), { "content-type": "application/json" });
  });

  it("refuses every hostile sign-in with a JSON 4xx and opens no session", async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(signInSchema, { password: "guess" }), async (body) => {
        const { refuse, text } = verdict(signInSchema, body, 4096);
        // Every run starts with no failures counted, as the first guess of a client would: the account's
        // growing wait would otherwise answer 429 before the password is looked at.
        await testDatabase().rows("DELETE FROM sign_in_failures");
        const before = await snapshot();
        const countedBefore = await signInsCounted();
        const res = await signIn(text, { "content-type": "application/json" });
        await expectJsonError(res, text.slice(0, 200));
        expect(res.headers.get("set-cookie")).toBeNull();
        // No session, nor any other record, whatever the answer.
        expect(await snapshot()).toEqual(before);
        if (refuse) {
          expect(res.status).not.toBe(401);
          expect(await signInsCounted()).toBe(countedBefore);
        } else {
          // A well-formed wrong password is counted (the only trace a refusal leaves), never a session.
          expect(res.status).toBe(401);
          expect(await signInsCounted()).toBeGreaterThan(countedBefore);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Each well-formed guess is compared through the slow hash (the set-up password's too): about half a second.
  }, 180_000);

  it.each(RAW_ATTACKS.filter((attack) => attack.status !== 413 || attack.label !== "a huge JSON array"))(
    "refuses $label with a JSON 4xx",
    async ({ body, type }) => {
      const res = await signIn(body, type ? { "content-type": type } : {});
      await expectJsonError(res, String(type));
      expect(res.headers.get("set-cookie")).toBeNull();
    },
  );

  it("refuses a sign-in posted from another site with 403", async () => {
    const res = await signIn(JSON.stringify({ password: "jealous-admin" }), { "content-type": "application/json", origin: "https://evil.example" });
    expect(res.status).toBe(403);
    await expectJsonError(res, "origin");
  });
});

describe("POST /api/catering/orders", () => {
  const CATERING_EXAMPLE = {
    eventAt: "2026-11-24T12:00:00-05:00",
    headcount: 25,
    lines: [{ tray: "flatbread-tray", quantity: 2 }, { tray: "fruit-tray", quantity: 1 }],
    customer: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
    note: "Office brunch, 3rd floor",
    sourceId: "cnon:card-nonce-ok",
    acceptTerms: true,
  };
  const post = (text: BodyInit, headers: Record<string, string>) => call(cateringOrders, "/api/catering/orders", { method: "POST", rawBody: text, headers, ip: nextIp() });
  // The catering menu is filled from content/ on its first reading: before the first snapshot.
  beforeAll(async () => {
    await call(catering, "/api/catering");
  });

  it("answers every hostile catering order as its schema says: refused with a JSON 4xx storing nothing, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody(cateringOrderSchema, CATERING_EXAMPLE), async (body) => {
        const { refuse, text } = verdict(cateringOrderSchema, body, 64 * 1024);
        const before = await snapshot();
        const res = await post(text, { "content-type": "application/json", "idempotency-key": randomUUID() });
        expect(res.status, text.slice(0, 300)).toBeLessThan(500);
        if (refuse || res.status >= 400) {
          // Refused by its schema, or by the owner's rules (422), or a declined card (402): nothing kept.
          await expectJsonError(res, `refused ${text.slice(0, 300)}`);
          expect(await snapshot()).toEqual(before);
        } else {
          expect(res.status).toBe(201);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(RAW_ATTACKS)("refuses $label with $status and a JSON error, storing nothing", async ({ body, type, status }) => {
    const before = await snapshot();
    const res = await post(body, { ...(type ? { "content-type": type } : {}), "idempotency-key": randomUUID() });
    expect(res.status).toBe(status);
    await expectJsonError(res, String(status));
    expect(await snapshot()).toEqual(before);
  });
});
