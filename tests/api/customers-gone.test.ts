// A diner's Square customer that goes away: deleted in the Dashboard without a merge, customer.deleted
// (delivered to /api/square/webhooks as production receives it) unlinks the account, and the link sweep links
// it to a profile again under a new key; an order naming a customer id Square refuses (the notification
// missed) is placed and paid without it rather than turned away. The fake Square refuses orders and payments
// naming a profile it does not have, as Square's customer_id fields mean.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDinerSession } from "../../src/server/accounts/sessions";
import { customerIdempotencyKey, linkSquareCustomer, linkUnlinkedAccounts } from "../../src/server/accounts/squareCustomer";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { call, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import orders from "../../netlify/functions/orders.mts";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import { adminHeaders } from "../support/admin";
import { cardToken } from "../support/fakeSquareCards";

const running = useOrderServices();

async function aLinkedAccount(email: string): Promise<{ id: string; customerId: string }> {
  const id = randomUUID();
  await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${id}::uuid, ${email}, 'Ana')`);
  expect(await linkSquareCustomer(id)).toBe("linked");
  return { id, customerId: (await linkOf(id))! };
}
const linkOf = async (id: string) => (await db.one<{ square_customer_id: string | null }>(sql`SELECT square_customer_id FROM diner_accounts WHERE id = ${id}::uuid`))?.square_customer_id ?? null;

describe("a diner's Square customer that goes away", () => {
  it("is unlinked when Square deletes it without a merge, and linked again to a new profile under a new key", async () => {
    const { id, customerId } = await aLinkedAccount(`gone.${randomUUID().slice(0, 8)}@example.com`);
    running.square.customers.remove(customerId);
    expect(new Set(await running.square.deliverWebhooks())).toEqual(new Set([200]));
    expect(await linkOf(id)).toBeNull();

    await linkUnlinkedAccounts();
    const relinked = await linkOf(id);
    expect(relinked).not.toBeNull();
    expect(relinked).not.toBe(customerId);
    expect(running.square.customers.knows(relinked!)).toBe(true);
    const creates = running.square.requestsTo("POST", "/v2/customers").map((request) => request.body.idempotency_key);
    expect(creates).toEqual([customerIdempotencyKey(id), customerIdempotencyKey(id, 1)]);
  });

  it("places and charges a signed-in diner's order without a customer id Square refuses, and charges once", async () => {
    const { id, customerId } = await aLinkedAccount(`missed.${randomUUID().slice(0, 8)}@example.com`);
    // Gone at Square, its notification never heard: the account still names it.
    running.square.customers.profiles.delete(customerId);
    expect(await linkOf(id)).toBe(customerId);
    const cookie = (await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/link/use`), id, "email-link")).split(";")[0]!;

    const res = await call(orders, "/api/orders", { body: PICKUP_ORDER, headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": randomUUID() } });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = running.square.requestsTo("POST", "/v2/orders");
    expect(created.map((request) => request.body.order.customer_id ?? null)).toEqual([customerId, null]);
    expect(running.square.charges()).toHaveLength(1);
    expect(running.square.charges()[0]).not.toHaveProperty("customer_id");

    // Linked again at once (a new profile under a new key), so the next order names it and never the refused id.
    const relinked = await linkOf(id);
    expect(relinked).not.toBeNull();
    expect(relinked).not.toBe(customerId);
    expect(running.square.customers.knows(relinked!)).toBe(true);
    const next = await call(orders, "/api/orders", { body: PICKUP_ORDER, headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": randomUUID() } });
    expect(next.status, await next.clone().text()).toBe(201);
    const named = running.square.requestsTo("POST", "/v2/orders").map((request) => request.body.order.customer_id ?? null);
    expect(named).toEqual([customerId, null, relinked]);
    const paidWith = running.square.requestsTo("POST", "/v2/payments").map((request) => request.body.customer_id ?? null);
    expect(paidWith).toEqual([null, relinked]);
  });

  it("pays a first-order code's authorization without the refused id too, and relinks the diner", async () => {
    const { id, customerId } = await aLinkedAccount(`coded.${randomUUID().slice(0, 8)}@example.com`);
    running.square.customers.profiles.delete(customerId);
    const cookie = (await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/link/use`), id, "email-link")).split(";")[0]!;
    const code = `GONE${randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`;
    const made = await call(adminOffers, "/api/admin/offers", {
      body: { code, kind: "amount", amountCents: 300, scope: "order", firstOrderOnly: true, labelEn: "$3 off", labelEs: "$3 de descuento" },
      headers: await adminHeaders(),
    });
    expect(made.status).toBe(201);

    const res = await call(orders, "/api/orders", { body: {
        ...PICKUP_ORDER,
        customerInfo: { name: "Ana", email: `coded.${randomUUID().slice(0, 8)}@example.com`, phone: `(305) 555-${String(Date.now()).slice(-4)}` },
        promoCode: code,
        paymentToken: cardToken(`4111${String(Date.now()).slice(-12)}`),
      }, headers: { cookie, origin: SITE_ORIGIN, "idempotency-key": randomUUID() } });
    expect(res.status, await res.clone().text()).toBe(201);
    const payments = running.square.requestsTo("POST", "/v2/payments");
    expect(payments.every((request) => request.body.customer_id !== customerId)).toBe(true);
    expect(running.square.charges()).toHaveLength(1);
    expect(await linkOf(id)).not.toBe(customerId);
  });
});
