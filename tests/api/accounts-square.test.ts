// One Square customer per diner, against the fake Square's customer directory (written from Square's
// documents: search blind to new profiles for a while, idempotent creates, duplicates, merges, 429s): the
// account is linked once, by e-mail, then phone, else a new profile with reference_id = our account id; a
// lagging search never makes a second profile; a 429 leaves the account working and the scheduled retry
// links it; Square's merge notifications, delivered to /api/square/webhooks as production receives them,
// move the link to the merged profile.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import accountLink from "../../netlify/functions/account-link.mts";
import accountProfile from "../../netlify/functions/account-profile.mts";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { customerIdempotencyKey, linkSquareCustomer, linkUnlinkedAccounts } from "../../src/server/accounts/squareCustomer";
import { call, SITE_ORIGIN } from "../support/functions";
import { deliverSquareWebhooks, PICKUP_ORDER, startOrderServices, type OrderServices } from "../support/orderServices";
import orders from "../../netlify/functions/orders.mts";
import accountOrders from "../../netlify/functions/account-orders.mts";
import squareLinks from "../../netlify/functions/account-square-links.mts";
import type { FakeSquare } from "../support/fakeSquare";
import { ASKING_BROWSER } from "../support/linkAsker";

let services: OrderServices;
let square: FakeSquare;
let stopWebhooks: () => void;

beforeAll(async () => {
  services = await startOrderServices();
  square = services.square;
  stopWebhooks = deliverSquareWebhooks(square, "diner-accounts-signature-key");
});
afterAll(async () => {
  stopWebhooks();
  await services.stop();
});
beforeEach(() => square.reset());

/** An account as a used link leaves it (the sign-up itself is tests/api/accounts.test.ts's). */
async function anAccount(email: string, name = "Ana", phone: string | null = null): Promise<string> {
  const id = randomUUID();
  await db.run(sql`INSERT INTO diner_accounts (id, email, name, phone) VALUES (${id}::uuid, ${email}, ${name}, ${phone})`);
  return id;
}
const unlinked = async (ids: string[]) =>
  Number((await db.one<{ n: string }>(sql`SELECT count(*) AS n FROM diner_accounts WHERE id = ANY(${ids}::uuid[]) AND square_customer_id IS NULL`))!.n);
const linkOf = async (id: string) => (await db.one<{ square_customer_id: string | null }>(sql`SELECT square_customer_id FROM diner_accounts WHERE id = ${id}::uuid`))?.square_customer_id;

describe("linking a diner to one Square customer", () => {
  it("creates a profile when none is found, with reference_id = the account id and a key derived from it", async () => {
    const id = await anAccount("new.diner@example.com", "Nora");
    expect(await linkSquareCustomer(id)).toBe("linked");
    const [created] = square.requestsTo("POST", "/v2/customers");
    expect(created!.body).toMatchObject({ idempotency_key: customerIdempotencyKey(id), reference_id: id, email_address: "new.diner@example.com", given_name: "Nora" });
    expect(square.requestsTo("POST", "/v2/customers/search")[0]!.body.query.filter).toEqual({ email_address: { exact: "new.diner@example.com" } });
    expect(await linkOf(id)).toBe(created && square.customers.profiles.values().next().value.id);
    // Linked once: nothing more is asked of Square.
    expect(await linkSquareCustomer(id)).toBe("already");
    expect(square.requestsTo("POST", "/v2/customers")).toHaveLength(1);
  });

  it("takes the newest of several profiles with the e-mail, and logs the others by id only", async () => {
    const older = square.customers.seedProfile({ email_address: "regular@example.com", given_name: "Reg" }, "2025-01-02T10:00:00Z");
    const newest = square.customers.seedProfile({ email_address: "regular@example.com", given_name: "Reg" }, "2026-06-02T10:00:00Z");
    const id = await anAccount("Regular@Example.com");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await linkSquareCustomer(id)).toBe("linked");
      const logged = warn.mock.calls.map((args) => args.map(String).join(" ")).join("\n");
      expect(logged).toContain(older.id);
      expect(logged).not.toMatch(/regular@example\.com|Reg\b/i);
    } finally {
      warn.mockRestore();
    }
    expect(await linkOf(id)).toBe(newest.id);
    expect(square.requestsTo("POST", "/v2/customers")).toHaveLength(0);
  });

  it("searches by phone when the e-mail finds no one, once the phone is proved by its texted code", async () => {
    const counter = square.customers.seedProfile({ phone_number: "+13055550142", given_name: "Pat" });
    const id = await anAccount("pat@example.com", "Pat", "+13055550142");
    await db.run(sql`INSERT INTO loyalty_phone_proofs (account_id, phone, proof, proved_at) VALUES (${id}::uuid, '+13055550142', 'code', now())`);
    expect(await linkSquareCustomer(id)).toBe("linked");
    expect(await linkOf(id)).toBe(counter.id);
    expect(square.requestsTo("POST", "/v2/customers/search").map((r) => Object.keys(r.body.query.filter)[0])).toEqual(["email_address", "phone_number"]);
  });

  it("never searches for nor writes a phone the diner only typed (not proved by its code)", async () => {
    square.customers.seedProfile({ phone_number: "+13055550143", given_name: "Someone else" });
    const id = await anAccount("typed@example.com", "Tia", "+13055550143");
    expect(await linkSquareCustomer(id)).toBe("linked");
    expect(square.requestsTo("POST", "/v2/customers/search").map((r) => Object.keys(r.body.query.filter)[0])).toEqual(["email_address"]);
    const [created] = square.requestsTo("POST", "/v2/customers");
    expect(created!.body.phone_number).toBeUndefined();
    expect(created!.body.email_address).toBe("typed@example.com");
  });

  it("makes 0 duplicate Square customers over 200 sign-ups with a 60 s search lag, however often the link is retried", async () => {
    square.customers.searchLagMs = 60_000;
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => anAccount(`diner${i}@example.com`, `Diner ${i}`)));
    // The link after sign-up and the scheduled retry race; then a result is lost and the link tried again.
    await Promise.all(ids.flatMap((id) => [linkSquareCustomer(id), linkSquareCustomer(id)]));
    await db.run(sql`UPDATE diner_accounts SET square_customer_id = NULL WHERE id = ANY(${ids.slice(0, 50)}::uuid[])`);
    // The scheduled retry runs until every account is linked (a call cut short by its time limit is tried again).
    for (let run = 0; run < 30 && (await unlinked(ids)) > 0; run++) await linkUnlinkedAccounts(200);
    expect(await unlinked(ids)).toBe(0);
    const references = [...square.customers.profiles.values()].map((profile) => profile.reference_id);
    expect(references).toHaveLength(200);
    expect(new Set(references).size).toBe(200);
    const linked = await db.one<{ n: string }>(sql`SELECT count(DISTINCT square_customer_id) AS n FROM diner_accounts WHERE id = ANY(${ids}::uuid[])`);
    expect(Number(linked!.n)).toBe(200);
  }, 120_000);

  it("leaves the account working through Square's 429s, and links it on the scheduled retry", async () => {
    square.fault("POST /v2/customers/search", { status: 429, body: { errors: [{ category: "RATE_LIMIT_ERROR", code: "RATE_LIMITED", detail: "Too many requests" }] } }, 1000);
    await db.run(sql`DELETE FROM mail_outbox WHERE kind = 'diner_sign_in_link'`);
    await call(accountLink, "/api/account/link", { body: { email: "busy@example.com", name: "Bea" }, headers: { origin: SITE_ORIGIN, cookie: ASKING_BROWSER } });
    const { token } = (await db.one<{ payload: { token: string } }>(sql`SELECT payload FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND recipient = 'busy@example.com'`))!.payload;
    const started = performance.now();
    const used = await call(accountLink, "/api/account/link/use", { body: { token }, headers: { origin: SITE_ORIGIN, cookie: ASKING_BROWSER } });
    expect(used.status).toBe(200);
    // The sign-in does not wait for Square.
    expect(performance.now() - started).toBeLessThan(800);
    const cookie = (used.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await call(accountProfile, "/api/account", { headers: { cookie, origin: SITE_ORIGIN } })).status).toBe(200);
    const id = (await db.one<{ id: string }>(sql`SELECT id FROM diner_accounts WHERE email = 'busy@example.com'`))!.id;
    await vi.waitFor(async () => expect((await db.one(sql`SELECT 1 FROM diner_accounts WHERE id = ${id}::uuid AND square_link_tried_at IS NOT NULL`)) !== null).toBe(true), { timeout: 10_000 });
    expect(await linkOf(id)).toBeNull();

    square.clearFaults();
    const counts = await linkUnlinkedAccounts();
    expect(counts.linked).toBeGreaterThanOrEqual(1);
    expect(await linkOf(id)).toBe([...square.customers.profiles.values()].find((p) => p.reference_id === id)?.id);
  }, 60_000);
});

describe("the scheduled link job", () => {
  it("links the accounts still waiting, as Netlify runs it every 10 minutes", async () => {
    const waiting = await anAccount("waiting@example.com", "Wes");
    const res = await call(squareLinks, "/.netlify/functions/account-square-links", { method: "POST" });
    expect(res.status).toBe(204);
    expect(await linkOf(waiting)).toBe([...square.customers.profiles.values()].find((p) => p.reference_id === waiting)?.id);
  });
});

describe("Square's merge notifications", () => {
  it("move the diner's link to the merged profile, delivered to /api/square/webhooks", async () => {
    const dashboard = square.customers.seedProfile({ email_address: "merged@example.com" }, "2024-03-01T12:00:00Z");
    const id = await anAccount("merged@example.com");
    expect(await linkSquareCustomer(id)).toBe("linked");
    expect(await linkOf(id)).toBe(dashboard.id);
    const pos = square.customers.seedProfile({ phone_number: "+13055550100", given_name: "Merged" });
    await square.deliverWebhooks();
    const merged = square.customers.merge([dashboard.id, pos.id]);
    const pending = square.pendingNotifications().map((n) => JSON.parse(n.body));
    expect(pending.map((n) => n.type)).toEqual(["customer.deleted", "customer.deleted", "customer.created"]);
    expect(pending[2].data.object.event_context.merge).toEqual({ from_customer_ids: [dashboard.id, pos.id], to_customer_id: merged.id });
    expect(await square.deliverWebhooks()).toEqual([200, 200, 200]);
    expect(await linkOf(id)).toBe(merged.id);
  });
});

describe("a signed-in diner's order", () => {
  it("carries their Square customer on CreateOrder and on CreatePayment (a guest's carries none) and joins their order history", async () => {
    const id = await anAccount("orders@example.com", "Olga");
    expect(await linkSquareCustomer(id)).toBe("linked");
    const customerId = await linkOf(id);
    await db.run(sql`DELETE FROM mail_outbox WHERE kind = 'diner_sign_in_link'`);
    await call(accountLink, "/api/account/link", { body: { email: "orders@example.com" }, headers: { origin: SITE_ORIGIN, cookie: ASKING_BROWSER } });
    const { token } = (await db.one<{ payload: { token: string } }>(sql`SELECT payload FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND recipient = 'orders@example.com'`))!.payload;
    const used = await call(accountLink, "/api/account/link/use", { body: { token }, headers: { origin: SITE_ORIGIN, cookie: ASKING_BROWSER } });
    const cookie = (used.headers.get("set-cookie") ?? "").split(";")[0]!;

    const signedIn = await call(orders, "/api/orders", { body: PICKUP_ORDER, headers: { cookie, "idempotency-key": randomUUID() } });
    expect(signedIn.status).toBe(201);
    const guest = await call(orders, "/api/orders", { body: PICKUP_ORDER, headers: { "idempotency-key": randomUUID() } });
    expect(guest.status).toBe(201);

    const [createdOrder, guestOrder] = square.requestsTo("POST", "/v2/orders");
    const [payment, guestPayment] = square.requestsTo("POST", "/v2/payments");
    expect(createdOrder!.body.order.customer_id).toBe(customerId);
    expect(payment!.body.customer_id).toBe(customerId);
    expect(guestOrder!.body.order).not.toHaveProperty("customer_id");
    expect(guestPayment!.body).not.toHaveProperty("customer_id");

    // The account lists the order placed signed in, and a guest order placed with its e-mail; not the other guest's.
    const withEmail = await call(orders, "/api/orders", {
      body: { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email: "Orders@example.com" } },
      headers: { "idempotency-key": randomUUID() },
    });
    const history = async (locale = "en") =>
      (await (await call(accountOrders, "/api/account/orders", { headers: { cookie, origin: SITE_ORIGIN, "x-site-locale": locale } })).json()).orders;
    const listed = await history();
    const signedInId = (await signedIn.json()).orderId;
    // The restaurant's clock stands still in tests: both orders have one instant, so order is not asserted.
    expect(listed.map((o: { orderId: string }) => o.orderId).sort()).toEqual([(await withEmail.json()).orderId, signedInId].sort());
    const mine = listed.find((o: { orderId: string }) => o.orderId === signedInId);
    expect(mine).toMatchObject({ status: "confirmed", total: 53.75, items: [{ name: "Billionaire Brunch Bites", quantity: 2 }, { name: "Hot Maple Flatbread", quantity: 1 }] });
    expect((await history("es")).every((o: { items: unknown[] }) => o.items.length === 2)).toBe(true);

    // Deleting the account keeps the orders (the restaurant's records) without the link.
    await call(accountProfile, "/api/account", { method: "DELETE", headers: { cookie, origin: SITE_ORIGIN } });
    expect(await db.one(sql`SELECT 1 FROM diner_orders WHERE account_id = ${id}::uuid`)).toBeNull();
    expect(await db.one(sql`SELECT 1 FROM orders WHERE id = ${signedInId}`)).not.toBeNull();
  });
});
