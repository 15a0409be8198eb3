// A diner's saved details and "order again", through the functions a browser calls: up to 5 delivery
// addresses (with who receives them) added, edited and deleted, the phone kept as Square reads it, the
// checkout's prefill (nothing for a guest), and the addresses reaching Square and DoorDash only inside a
// delivery order. "Order again" rebuilds a past order against today's menu: a dish or option gone or sold
// out is left out and named, prices are today's, the server still prices the order, and a Jealous Burger
// order on a Saturday noon is offered the evening's first slot.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import accountAddresses from "../../netlify/functions/account-addresses.mts";
import accountOrders from "../../netlify/functions/account-orders.mts";
import accountProfile from "../../netlify/functions/account-profile.mts";
import orders from "../../netlify/functions/orders.mts";
import { updateMenuItem } from "../../src/server/content/menu";
import { openDinerSession } from "../../src/server/accounts/sessions";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { courierOrderBody, courierQuote, useFakeDoorDash } from "../support/courierServices";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";

const services = useOrderServices();
const courier = useFakeDoorDash();

/** A diner signed in as a used link leaves them: the Cookie header of their session. */
async function signedIn(email = `diner-${randomUUID().slice(0, 8)}@example.com`, name = "Ana"): Promise<{ cookie: string; email: string; id: string }> {
  const id = randomUUID();
  await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${id}::uuid, ${email}, ${name})`);
  const setCookie = await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/link/use`), id, "email-link");
  return { cookie: setCookie.split(";")[0]!, email, id };
}

const HOME = { label: "Home", name: "Ana Pérez", phone: "(305) 555-0142", email: "ana@example.com", address: "1200 SW 8th St", unit: "Apt 4B", city: "Miami", state: "FL", zipCode: "33135", deliveryNotes: "Blue door" };

const send = (cookie: string, method: string, path: string, body?: unknown) => {
  const id = /^\/api\/account\/addresses\/([^/]+)$/.exec(path)?.[1];
  return call(path === "/api/account" ? accountProfile : accountAddresses, path, {
    method,
    ...(body === undefined ? {} : { body }),
    headers: { cookie, origin: SITE_ORIGIN },
    ...(id ? { params: { id } } : {}),
  });
};

describe("saved delivery details", () => {
  it("keeps up to 5 addresses, edits and deletes them, and refuses a sixth without writing it", async () => {
    const { cookie, id } = await signedIn();
    const added = [];
    for (let n = 1; n <= 5; n++) {
      const res = await send(cookie, "POST", "/api/account/addresses", { ...HOME, label: `Place ${n}`, address: `${n}00 Brickell Ave` });
      expect(res.status).toBe(201);
      added.push((await jsonOf(res)).address);
    }
    const sixth = await send(cookie, "POST", "/api/account/addresses", HOME);
    expect(sixth.status).toBe(422);
    expect((await jsonOf(sixth)).error).toMatch(/up to 5/);
    expect((await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM diner_addresses WHERE account_id = ${id}::uuid`))!.n).toBe(5);

    const edited = await send(cookie, "PUT", `/api/account/addresses/${added[0].id}`, { ...HOME, unit: "PH 2", label: "Office" });
    expect(edited.status).toBe(200);
    expect((await jsonOf(edited)).address).toMatchObject({ unit: "PH 2", label: "Office" });
    expect((await send(cookie, "DELETE", `/api/account/addresses/${added[1].id}`)).status).toBe(200);
    const listed = (await jsonOf(await send(cookie, "GET", "/api/account/addresses"))).addresses;
    expect(listed).toHaveLength(4);
    // The one just edited comes first: the checkout offers it.
    expect(listed[0]).toMatchObject({ id: added[0].id, unit: "PH 2", zipCode: "33135" });
  });

  it("answers 400 naming the field for a bad address, and 404 for another diner's address or a made-up id", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const bad = await send(ana.cookie, "POST", "/api/account/addresses", { ...HOME, zipCode: "3313", phone: "call me" });
    expect(bad.status).toBe(400);
    expect([...new Set((await jsonOf(bad)).issues.map((issue: { path: string }) => issue.path))].sort()).toEqual(["phone", "zipCode"]);
    const mine = (await jsonOf(await send(ana.cookie, "POST", "/api/account/addresses", HOME))).address;
    expect((await send(bea.cookie, "PUT", `/api/account/addresses/${mine.id}`, HOME)).status).toBe(404);
    expect((await send(bea.cookie, "DELETE", `/api/account/addresses/${mine.id}`)).status).toBe(404);
    expect((await send(bea.cookie, "DELETE", "/api/account/addresses/not-a-uuid")).status).toBe(404);
    expect((await call(accountAddresses, "/api/account/addresses", { headers: { origin: SITE_ORIGIN } })).status).toBe(401);
  });

  it("keeps the diner's phone as Square reads it, fills the checkout for them and nothing for a guest, and deletes it all with the account", async () => {
    const { cookie, email, id } = await signedIn();
    const changed = await send(cookie, "PATCH", "/api/account", { name: "Ana Pérez", phone: "(305) 555-0142" });
    expect(changed.status).toBe(200);
    expect((await jsonOf(changed)).account).toEqual({ name: "Ana Pérez", phone: "+13055550142" });
    expect((await send(cookie, "PATCH", "/api/account", { name: "Ana", phone: "12" })).status).toBe(400);
    await send(cookie, "POST", "/api/account/addresses", HOME);

    const prefill = await jsonOf(await send(cookie, "GET", "/api/account/checkout-details"));
    expect(prefill.diner).toEqual({ name: "Ana Pérez", email, phone: "+13055550142" });
    expect(prefill.addresses).toEqual([expect.objectContaining({ address: "1200 SW 8th St", unit: "Apt 4B" })]);
    const guest = await call(accountAddresses, "/api/account/checkout-details", { headers: { origin: SITE_ORIGIN } });
    expect(guest.status).toBe(200);
    expect(await jsonOf(guest)).toEqual({ diner: null, addresses: [] });

    expect((await send(cookie, "DELETE", "/api/account")).status).toBe(200);
    expect(await db.one(sql`SELECT 1 FROM diner_addresses WHERE account_id = ${id}::uuid`)).toBeNull();
  });
});

describe("where saved addresses go", () => {
  it("a signed-in pickup sends Square and DoorDash no address; a delivery sends the one chosen, to both", async () => {
    const { cookie } = await signedIn();
    await send(cookie, "POST", "/api/account/addresses", HOME);
    const pickup = await call(orders, "/api/orders", { body: PICKUP_ORDER, headers: { cookie, "idempotency-key": randomUUID() } });
    expect(pickup.status).toBe(201);
    const square = services.square;
    const everything = JSON.stringify([...square.requestsTo("POST", "/v2/orders"), ...square.requestsTo("POST", "/v2/payments"), ...square.requestsTo("POST", "/v2/customers")]);
    expect(everything).not.toMatch(/1200 SW 8th St|33135|Apt 4B|address_line/);
    expect(courier.doordash.requests).toHaveLength(0);

    // The checkout fills the delivery from the saved address; the order carries it like any typed one.
    const quote = await courierQuote({ deliveryInfo: { address: "1200 SW 8th St, Apt 4B", city: "Miami", state: "FL", zipCode: "33135", deliveryNotes: "Blue door" } });
    const delivery = await call(orders, "/api/orders", {
      body: courierOrderBody(quote.quoteId, Number(quote.fee), { deliveryInfo: { address: "1200 SW 8th St, Apt 4B", city: "Miami", state: "FL", zipCode: "33135", phone: "", deliveryNotes: "Blue door" } }),
      headers: { cookie, "idempotency-key": randomUUID() },
    });
    expect(delivery.status).toBe(201);
    expect(JSON.stringify(square.requestsTo("POST", "/v2/orders").at(-1)!.body)).toContain("1200 SW 8th St, Apt 4B");
    expect(JSON.stringify(courier.doordash.requests)).toContain("1200 SW 8th St, Apt 4B");
    // Ordered again, the delivery comes back to the same door.
    const deliveryId = (await jsonOf(delivery)).orderId;
    const again = await jsonOf(await call(accountOrders, `/api/account/orders/${deliveryId}/reorder`, { headers: { cookie, origin: SITE_ORIGIN }, params: { id: deliveryId } }));
    expect(again).toMatchObject({ orderType: "delivery", delivery: { address: "1200 SW 8th St, Apt 4B", zipCode: "33135", notes: "Blue door" } });
  });
});

const BURGER = 21;
const pick = (groupId: string, optionId: string, quantity = 1) => ({ groupId, optionId, quantity });

describe("order again", () => {
  async function pastOrder(cookie: string, items: unknown[], slot?: string): Promise<string> {
    const res = await call(orders, "/api/orders", { body: { ...PICKUP_ORDER, items, total: undefined, ...(slot ? { slot } : {}) }, headers: { cookie, "idempotency-key": randomUUID() } });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await jsonOf(res)).orderId;
  }
  const reorder = async (cookie: string, orderId: string, locale = "en") =>
    call(accountOrders, `/api/account/orders/${orderId}/reorder`, { headers: { cookie, origin: SITE_ORIGIN, "x-site-locale": locale }, params: { id: orderId } });

  it("rebuilds the cart at today's prices, leaving out and naming what is gone or sold out, and the server prices the order again", async () => {
    const { cookie } = await signedIn();
    const orderId = await pastOrder(cookie, [
      { id: BURGER, quantity: 2, options: [pick("temperature", "medium-rare"), pick("add-ons", "bacon"), pick("add-ons", "avocado")], note: "no onions" },
      { id: 7, quantity: 2 },
      { id: 1, quantity: 1 },
    ]);
    const restore = await Promise.all([
      updateMenuItem(7, (item) => ({ ...item, priceCents: 1900 })),
      updateMenuItem(1, (item) => ({ ...item, inStock: false })),
      updateMenuItem(BURGER, (item) => ({
        ...item,
        optionGroups: item.optionGroups.map((group) => ({ ...group, options: group.options.map((o) => (o.id === "avocado" ? { ...o, hiddenOnline: true } : o)) })),
      })),
    ]);
    try {
      const res = await reorder(cookie, orderId);
      expect(res.status).toBe(200);
      const answer = await jsonOf(res);
      expect(answer.items).toEqual([
        expect.objectContaining({ id: BURGER, quantity: 2, price: 2250, note: "no onions", options: [expect.objectContaining({ optionId: "medium-rare" }), expect.objectContaining({ optionId: "bacon", price: 250 })] }),
        expect.objectContaining({ id: 7, quantity: 2, price: 1900 }),
      ]);
      expect(answer.notices).toEqual([
        { kind: "option-gone", dish: "The Classic Brunch Burger", option: "Avocado" },
        { kind: "dish-sold-out", dish: "Hot Maple Flatbread" },
      ]);
      expect(answer.slot).toBeNull();
      // The checkout is filled as that order was: a pickup, by the same person.
      expect(answer).toMatchObject({ orderType: "pickup", customer: PICKUP_ORDER.customerInfo, delivery: null });
      // The checkout sends the lines as the cart holds them; the server prices them and takes the order.
      const again = await call(orders, "/api/orders", {
        body: { ...PICKUP_ORDER, items: answer.items.map((line: { id: number; quantity: number; options?: unknown[]; note?: string; price: number }) => ({ ...line, price: line.price / 100 })) },
        headers: { cookie, "idempotency-key": randomUUID() },
      });
      expect(again.status).toBe(201);
      const placed = await db.one<{ subtotal_cents: number }>(sql`SELECT subtotal_cents FROM orders WHERE id = ${(await jsonOf(again)).orderId}`);
      expect(placed!.subtotal_cents).toBe(2250 * 2 + 1900 * 2);
    } finally {
      for (const item of restore) if (item) await updateMenuItem(item.id, () => ({ ...item, priceCents: item.id === 7 ? 1700 : item.priceCents, inStock: true, optionGroups: item.optionGroups.map((g) => ({ ...g, options: g.options.map((o) => (o.id === "avocado" ? { ...o, hiddenOnline: undefined } : o)) })) }));
    }
  });

  it("offers a Jealous Burger order on a Saturday noon the evening's first slot, and answers in Spanish too", async () => {
    const { cookie } = await signedIn();
    // Placed last night's way: for the evening, when the burger kitchen cooks (17:00-21:00).
    const orderId = await pastOrder(cookie, [{ id: 32, quantity: 1, options: [pick("temperature", "medium")] }], "2026-11-21T19:00:00-05:00");
    const answer = await jsonOf(await reorder(cookie, orderId, "es"));
    expect(answer.items).toEqual([expect.objectContaining({ id: 32, section: "jealous-burger" })]);
    expect(answer.slot).toEqual(expect.any(String));
    expect(answer.slot).toBe("2026-11-21T22:00:00.000Z");
    expect(answer.notices).toEqual([{ kind: "kitchen-closed", kitchens: ["Jealous Burger"], slot: answer.slot }]);
  });

  it("answers 404 for an order that is not the diner's, and 401 signed out", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const orderId = await pastOrder(ana.cookie, [{ id: 7, quantity: 1 }]);
    expect((await reorder(bea.cookie, orderId)).status).toBe(404);
    expect((await reorder(bea.cookie, "../../etc")).status).toBe(404);
    expect((await call(accountOrders, `/api/account/orders/${orderId}/reorder`, { headers: { origin: SITE_ORIGIN }, params: { id: orderId } })).status).toBe(401);
  });
});
