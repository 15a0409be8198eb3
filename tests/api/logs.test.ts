// Server logs during an order (with a Square failure on the way), admin sign-ins and a contact
// message: every line is one JSON object carrying the request id of the request that wrote it, and
// no line holds a card token, a password, a cookie, an e-mail address or the Square access token.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import type { Context } from "@netlify/functions";
import { databaseFaults } from "../support/databaseFaults";
import { testDatabase } from "../support/database";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { makeContext, SITE_ORIGIN } from "../support/functions";
import orders from "../../netlify/functions/orders.mts";
import adminSession from "../../netlify/functions/admin-session.mts";
import contact from "../../netlify/functions/contact.mts";
import { log } from "../../src/server/platform/http";

const PASSWORD = `log-test-password-${randomUUID()}`;
const WRONG_PASSWORD = `wrong-password-${randomUUID()}`;
const EMAIL = "ana.logtest@example.com";
const TOKEN = "cnon:card-nonce-ok";

let square: FakeSquare;
let lines: string[] = [];

beforeAll(async () => {
  square = await startFakeSquare();
  Object.assign(process.env, {
    RESTAURANT_CLOCK: "2026-11-21T12:00:00-05:00",
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_TIMEOUT_SECONDS: "0.5",
    SQUARE_MAX_RETRIES: "0",
    ADMIN_PASSWORD: PASSWORD,
    SESSION_SECRET: `log-test-secret-${randomUUID()}`,
  });
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await square.stop();
});
beforeEach(() => {
  lines = [];
});

type Handler = (req: Request, context: Context) => Promise<Response>;

/** Calls a function with a known request id and answers the log lines written meanwhile. */
async function logsOf(handler: Handler, path: string, body: unknown, headers: Record<string, string> = {}) {
  const requestId = `req-${randomUUID()}`;
  const from = lines.length;
  const req = new Request(new URL(path, SITE_ORIGIN), {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
  const res = await handler(req, { ...makeContext(), requestId } as Context);
  return { res, requestId, written: lines.slice(from), cookie: res.headers.get("set-cookie") };
}

function expectClean(written: string[], requestId: string, secrets: string[]) {
  expect(written.length).toBeGreaterThan(0);
  for (const line of written) {
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({ level: expect.stringMatching(/^(info|warn|error)$/), msg: expect.any(String), requestId });
    for (const secret of secrets) expect(line, `a log line holds a secret: ${line}`).not.toContain(secret);
    expect(line).not.toMatch(/[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i); // no e-mail address at all
  }
}

const order = {
  items: [{ id: 1, quantity: 2 }],
  orderType: "pickup",
  customerInfo: { name: "Ana Pérez", email: EMAIL, phone: "(305) 555-0142" },
  paymentToken: TOKEN,
};

describe("server logs", () => {
  it("of an order whose payment first fails at Square, then goes through: request id on every line, no token or e-mail", async () => {
    square.fault("POST /v2/payments", { status: 500 });
    const key = randomUUID();
    const failed = await logsOf(orders, "/api/orders", order, { "idempotency-key": key });
    expect(failed.res.status).toBe(502);
    expectClean(failed.written, failed.requestId, [TOKEN, EMAIL, square.accessToken, key]);
    expect(failed.written.some((line) => line.includes("square call failed"))).toBe(true);

    const retried = await logsOf(orders, "/api/orders", order, { "idempotency-key": key });
    expect(retried.res.status).toBe(201);
    expectClean(retried.written, retried.requestId, [TOKEN, EMAIL, square.accessToken, key]);
    expect(retried.written.some((line) => line.includes("order confirmed"))).toBe(true);
  });

  it("of a declined card and of a late confirmation: the order number, never the order page's id (its capability URL)", async () => {
    const key = randomUUID();
    const declined = await logsOf(orders, "/api/orders", { ...order, paymentToken: "cnon:card-nonce-declined" }, { "idempotency-key": key });
    expect(declined.res.status).toBe(402);
    const [row] = await testDatabase().rows<{ id: string; order_number: string }>("SELECT id, order_number FROM orders WHERE idempotency_key = $1", [key]);
    const line = declined.written.find((written) => written.includes("card declined"));
    expect(JSON.parse(line!)).toMatchObject({ orderNumber: row!.order_number });
    for (const written of declined.written) expect(written).not.toContain(row!.id);

    square.fault("POST /v2/payments", { status: 500 });
    const failedKey = randomUUID();
    const failed = await logsOf(orders, "/api/orders", order, { "idempotency-key": failedKey });
    const [failedRow] = await testDatabase().rows<{ id: string }>("SELECT id FROM orders WHERE idempotency_key = $1", [failedKey]);
    for (const written of failed.written) expect(written).not.toContain(failedRow!.id);
  });

  it("mask a field named for an order's id, whatever a caller passes (the order number is what lines name)", () => {
    const id = "ri4mBA__URuFQMY6QfDLpQ";
    log("info", "an order event", { orderId: id, order_id: id, publicId: id, orderNumber: "T32FY" });
    const entry = JSON.parse(lines.at(-1)!);
    expect(entry).toMatchObject({ orderId: "[redacted]", order_id: "[redacted]", publicId: "[redacted]", orderNumber: "T32FY" });
  });

  it("of admin sign-ins, failed and successful: no password, no cookie", async () => {
    const wrong = await logsOf(adminSession, "/api/admin/session", { password: WRONG_PASSWORD });
    expect(wrong.res.status).toBe(401);
    expectClean(wrong.written, wrong.requestId, [WRONG_PASSWORD, PASSWORD]);

    const right = await logsOf(adminSession, "/api/admin/session", { password: PASSWORD });
    expect(right.res.status).toBe(200);
    const cookieValue = right.cookie!.split(";")[0]!.split("=").slice(1).join("=");
    expect(cookieValue.length).toBeGreaterThan(20);
    expectClean(right.written, right.requestId, [PASSWORD, cookieValue, process.env.SESSION_SECRET!]);
  });

  it("of a contact message: no e-mail address, no message text", async () => {
    const message = `Private note ${randomUUID()}`;
    const sent = await logsOf(contact, "/contact", { firstName: "Ana", lastName: "Pérez", email: EMAIL, phone: "", message });
    expect(sent.res.status).toBe(201);
    expectClean(sent.written, sent.requestId, [EMAIL, message]);
  });

  it("of a contact message the database fails to store: a 500, logged with its request id, no e-mail address, no message text", async () => {
    const message = `Private note ${randomUUID()}`;
    const faults = databaseFaults();
    faults.failWhen((text) => text.includes("INSERT INTO contact_messages"));
    try {
      const sent = await logsOf(contact, "/contact", { firstName: "Ana", lastName: "Pérez", email: EMAIL, phone: "", message });
      expect(sent.res.status).toBe(500);
      expect(faults.failed()).toBeGreaterThan(0);
      expectClean(sent.written, sent.requestId, [EMAIL, message]);
      expect(sent.written.some((line) => JSON.parse(line).level === "error")).toBe(true);
    } finally {
      faults.heal();
    }
  });
});
