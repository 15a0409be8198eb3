// Deploy previews and branch deploys are public URLs: they must run with production's rules (no known
// admin password, no test gateway, no fixed clock) and never touch production's records. Development
// relaxations apply only where the code is certainly local; an unknown context counts as deployed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import adminSession from "../../netlify/functions/admin-session.mts";
import contact from "../../netlify/functions/contact.mts";
import menu from "../../netlify/functions/menu.mts";
import orders from "../../netlify/functions/orders.mts";
import paymentConfig from "../../netlify/functions/payment-config.mts";
import { SANDBOX_NONCES } from "../../src/domain/payment";
import { DEVELOPMENT_PASSWORD } from "../../src/server/staff/adminSession";
import { closeDatabase } from "../../src/server/platform/database";
import { startTestDatabase, testDatabase, type TestDatabase } from "../support/database";
import { setDeployContext } from "../support/deployContext";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER } from "../support/orderServices";
import { setRestaurantClock } from "../support/clock";

beforeAll(async () => {
  for (const name of ["ADMIN_PASSWORD", "SESSION_SECRET", "SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "PUBLIC_SQUARE_APPLICATION_ID"]) {
    delete process.env[name];
  }
  // A Saturday noon in Miami: the kitchen is open, so only the context decides.
  setRestaurantClock("2026-11-21T12:00:00-05:00");
});
afterAll(() => {
  setRestaurantClock(undefined);
});
afterEach(() => {
  setDeployContext("dev");
  delete process.env.ADMIN_PASSWORD;
  delete process.env.SESSION_SECRET;
  delete process.env.OWNER_EMAIL;
});

let nextAddress = 1;
const signIn = (password: string) =>
  call(adminSession, "/api/admin/session", { body: { password }, ip: `203.0.113.${nextAddress++}` });

const placeOrder = () =>
  call(orders, "/api/orders", { body: { ...PICKUP_ORDER, paymentToken: SANDBOX_NONCES.approved }, headers: { "idempotency-key": randomUUID() } });

/** Every row an order attempt leaves: the order, its lines, its charge attempts, a test gateway payment. */
async function orderRecords(): Promise<number> {
  const db = testDatabase();
  return (await db.count("orders")) + (await db.count("order_lines")) + (await db.count("payment_attempts")) + (await db.count("sandbox_payments"));
}

/** Deployed contexts, and the ones the code cannot place: all must get production's rules. */
const DEPLOYED = ["production", "deploy-preview", "branch-deploy", "staging", ""] as const;

describe.each(DEPLOYED)("deploy context %j without configuration", (context) => {
  it("keeps the admin console closed (503): the development password does not open it", async () => {
    setDeployContext(context);
    const res = await signIn(DEVELOPMENT_PASSWORD);
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toMatch(/ADMIN_PASSWORD \(at least 16 characters\) and SESSION_SECRET/);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("takes no payment through the test gateway and offers no test card form", async () => {
    setDeployContext(context);
    const ordersBefore = await orderRecords();
    const res = await placeOrder();
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toMatch(/not available right now/);
    expect(await orderRecords()).toBe(ordersBefore);
    expect((await jsonOf(await call(paymentConfig, "/api/payment-config"))).mode).toBe("unavailable");
  });

  it("ignores the fixed test clock (RESTAURANT_CLOCK): the menu's open states are for the real now", async () => {
    setDeployContext(context);
    const before = Date.now();
    const { now } = await jsonOf<{ now: string }>(await call(menu, "/api/menu"));
    expect(new Date(now).getTime()).toBeGreaterThanOrEqual(before - 1000);
    setDeployContext("dev");
    expect((await jsonOf<{ now: string }>(await call(menu, "/api/menu"))).now).toBe("2026-11-21T17:00:00.000Z");
  });
});

describe("a deploy preview configured for the console", () => {
  it("opens to its first owner with its own password of at least 16 characters, and refuses a shorter one", async () => {
    setDeployContext("deploy-preview");
    process.env.SESSION_SECRET = "a-secret-for-this-preview-only";
    process.env.OWNER_EMAIL = "preview-owner@jealousfork.com";
    process.env.ADMIN_PASSWORD = "fifteen-chars!!";
    expect((await signIn("fifteen-chars!!")).status).toBe(503);
    process.env.ADMIN_PASSWORD = "a-preview-password-16+";
    expect((await signIn(DEVELOPMENT_PASSWORD)).status).toBe(401);
    const res = await signIn("a-preview-password-16+");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
  });
});

describe("records of previews and branch deploys", () => {
  /**
   * Netlify gives a deploy preview and a branch deploy a database branch of their own, and the
   * deploy's functions its address in NETLIFY_DB_URL: the code must store into the database its deploy
   * was given, never into one it knows of. A database here stands for each deploy's; the connections
   * are closed between them, as one function instance serves one deploy.
   */
  async function onDeploy<T>(context: string, url: string, task: () => Promise<T>): Promise<T> {
    await closeDatabase();
    process.env.NETLIFY_DB_URL = url;
    setDeployContext(context);
    try {
      return await task();
    } finally {
      setDeployContext("dev");
      await closeDatabase();
      process.env.NETLIFY_DB_URL = testDatabase().url;
    }
  }

  async function deployDatabase(): Promise<{ database: TestDatabase; url: string; messages(): Promise<number>; menuItems(): Promise<number> }> {
    const database = await startTestDatabase();
    process.env.NETLIFY_DB_URL = testDatabase().url;
    return { database, url: database.url, messages: () => database.count("contact_messages"), menuItems: () => database.count("menu_items") };
  }

  it("are kept apart from production's: a message sent on a preview is stored in the preview's own database, not in production's", async () => {
    const message = { firstName: "Preview", lastName: "Tester", email: "tester@example.com", phone: "", message: "Testing the preview" };
    const production = await testDatabase().count("contact_messages");
    const [preview, branch] = await Promise.all([deployDatabase(), deployDatabase()]);
    try {
      const sent = await onDeploy("deploy-preview", preview.url, async () =>
        (await call(contact, "/contact", { body: message, ip: "198.51.100.200" })).status,
      );
      expect(sent).toBe(201);
      const sentOnBranch = await onDeploy("branch-deploy", branch.url, async () =>
        (await call(contact, "/contact", { body: message, ip: "198.51.100.201" })).status,
      );
      expect(sentOnBranch).toBe(201);

      expect(await testDatabase().count("contact_messages")).toBe(production);
      expect(await preview.messages()).toBe(1);
      expect(await branch.messages()).toBe(1);
      // A preview's database starts from the menu in content/, not from production's.
      expect(await preview.menuItems()).toBeGreaterThan(0);
    } finally {
      await Promise.all([preview.database.stop(), branch.database.stop()]);
    }
    // Back on this deploy's own database, the code reads it again.
    expect((await call(contact, "/contact", { body: message, ip: "198.51.100.202" })).status).toBe(201);
    expect(await testDatabase().count("contact_messages")).toBe(production + 1);
  });
});
