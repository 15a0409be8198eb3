// A regular's card kept on file by Square, and the home page's read of who is signed in, through the
// functions a browser calls: a signed-in diner saves the payment form's token (checked by their bank for
// storing) to their Square customer with CreateCard, sees it as Square lists it, pays an order with it (its
// card id as source_id, with their customer_id) and removes it (DisableCard). Nobody else can use or remove
// it, a guest cannot pay with a card id, a day's saves are budgeted, and no card detail is kept here.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import accountCards from "../../netlify/functions/account-cards.mts";
import accountSession from "../../netlify/functions/account-session.mts";
import orders from "../../netlify/functions/orders.mts";
import { openDinerSession } from "../../src/server/accounts/sessions";
import { CARD_SAVE_LIMITS } from "../../src/server/accounts";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { cardToken } from "../support/fakeSquareCards";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";

const services = useOrderServices();
const VISA = "4111 1111 1111 1111";

async function signedIn(name = "Ana Pérez"): Promise<{ cookie: string; email: string; id: string }> {
  const id = randomUUID();
  const email = `regular-${id.slice(0, 8)}@example.com`;
  await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${id}::uuid, ${email}, ${name})`);
  const setCookie = await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/link/use`), id, "passkey");
  return { cookie: setCookie.split(";")[0]!, email, id };
}

const cards = (cookie: string, method = "GET", body?: unknown, id?: string) =>
  call(accountCards, id ? `/api/account/cards/${id}` : "/api/account/cards", {
    method,
    headers: { cookie, origin: SITE_ORIGIN },
    ...(body === undefined ? {} : { body }),
    ...(id ? { params: { id } } : {}),
  });
const saveVisa = (cookie: string) => cards(cookie, "POST", { sourceId: cardToken(VISA), verificationToken: "verf:stored-by-the-bank" });
const pay = (cookie: string, paymentToken: string, email: string) =>
  call(orders, "/api/orders", { body: { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email }, paymentToken }, headers: { cookie, "idempotency-key": randomUUID() } });

describe("who is signed in, for the home page's first screen", () => {
  it("answers a guest 200 { signedIn: false }, and a diner their name and last orders, newest first", async () => {
    const guest = await call(accountSession, "/api/account/session");
    expect(guest.status).toBe(200);
    expect(await jsonOf(guest)).toEqual({ signedIn: false });
    expect(guest.headers.get("cache-control")).toContain("no-store");

    const ana = await signedIn();
    const placed = await pay(ana.cookie, "cnon:card-nonce-ok", ana.email);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const session = await jsonOf(await call(accountSession, "/api/account/session", { headers: { cookie: ana.cookie } }));
    expect(session).toMatchObject({ signedIn: true, name: "Ana Pérez" });
    expect(session.orders).toHaveLength(1);
    expect(session.orders[0]).toMatchObject({ orderId: (await jsonOf(placed)).orderId, total: 53.75 });
    expect(session.orders[0].items.map((item: { name: string }) => item.name)).toEqual(["Billionaire Brunch Bites", "Hot Maple Flatbread"]);
  });
});

describe("a card on file, kept by Square", () => {
  it("is saved to the diner's Square customer with the bank's check, shown as Square lists it, pays an order, and is removed", async () => {
    const { square } = services;
    const ana = await signedIn();
    const saved = await saveVisa(ana.cookie);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const card = (await jsonOf(saved)).card;
    expect(card).toMatchObject({ brand: "VISA", last4: "1111" });
    expect(card.id).toMatch(/^ccof:/);

    // Square's CreateCard got the token, the verification token and the diner's customer.
    const customerId = (await db.one<{ square_customer_id: string }>(sql`SELECT square_customer_id FROM diner_accounts WHERE id = ${ana.id}::uuid`))!.square_customer_id;
    const create = square.requestsTo("POST", "/v2/cards").at(-1)!.body as any;
    expect(create).toMatchObject({ verification_token: "verf:stored-by-the-bank", card: { customer_id: customerId, reference_id: ana.id } });
    expect((await jsonOf(await cards(ana.cookie))).cards).toEqual([card]);

    // Paid with the card on file: its id as Square's source, with the diner's customer.
    const paid = await pay(ana.cookie, card.id, ana.email);
    expect(paid.status, await paid.clone().text()).toBe(201);
    const payment = square.requestsTo("POST", "/v2/payments").at(-1)!.body as any;
    expect(payment).toMatchObject({ source_id: card.id, customer_id: customerId });

    // Removed: Square disables it, the list is empty, and it pays no more.
    expect((await cards(ana.cookie, "DELETE", undefined, card.id)).status).toBe(200);
    expect(square.requests.filter((request) => request.method === "POST" && decodeURIComponent(request.path) === `/v2/cards/${card.id}/disable`)).toHaveLength(1);
    expect((await jsonOf(await cards(ana.cookie))).cards).toEqual([]);
    expect((await pay(ana.cookie, card.id, ana.email)).status).not.toBe(201);

    // The site keeps no card data: no table holds the card's id, last four or fingerprint.
    const dump = JSON.stringify(await db.all(sql`SELECT row_to_json(o) AS row FROM orders o`));
    expect(dump).not.toContain(card.id);
  });

  it("cannot be removed or paid with by another diner, nor paid with by a guest, and Square is not asked for the guest", async () => {
    const { square } = services;
    const ana = await signedIn();
    const bea = await signedIn("Bea Ruiz");
    const card = (await jsonOf(await saveVisa(ana.cookie))).card;
    expect((await cards(bea.cookie, "DELETE", undefined, card.id)).status).toBe(404);
    // Bea's own customer is linked by her first save; Square finds no such card on it.
    await saveVisa(bea.cookie);
    expect((await pay(bea.cookie, card.id, bea.email)).status).not.toBe(201);

    const paymentsBefore = square.requestsTo("POST", "/v2/payments").length;
    const guest = await call(orders, "/api/orders", { body: { ...PICKUP_ORDER, paymentToken: card.id }, headers: { "idempotency-key": randomUUID() } });
    expect(guest.status).toBe(422);
    expect((await jsonOf(guest)).error).toBe("A saved card pays only when you are signed in. Please sign in, or pay with a card.");
    expect(square.requestsTo("POST", "/v2/payments")).toHaveLength(paymentsBefore);
    expect((await jsonOf(await cards(ana.cookie))).cards).toHaveLength(1);
  });

  it("answers a guest's list with no cards, refuses a save signed out (401) and a malformed token (400), storing nothing", async () => {
    const { square } = services;
    expect(await jsonOf(await call(accountCards, "/api/account/cards"))).toEqual({ cards: [] });
    expect((await call(accountCards, "/api/account/cards", { method: "POST", body: { sourceId: cardToken(VISA) }, headers: { origin: SITE_ORIGIN } })).status).toBe(401);
    const ana = await signedIn();
    const bad = await cards(ana.cookie, "POST", { sourceId: "has spaces in it", extra: 1 });
    expect(bad.status).toBe(400);
    expect(square.requestsTo("POST", "/v2/cards")).toHaveLength(0);
  });

  it("says so when Square refuses the card, in the diner's language", async () => {
    const ana = await signedIn();
    const refused = await call(accountCards, "/api/account/cards", {
      method: "POST",
      body: { sourceId: "cnon:not-a-token-the-form-made" },
      headers: { cookie: ana.cookie, origin: SITE_ORIGIN, "x-site-locale": "es" },
    });
    expect(refused.status).toBe(422);
    expect((await jsonOf(refused)).error).toBe("Square no pudo guardar esta tarjeta. Revisa sus datos o prueba con otra tarjeta.");
  });

  it("keeps to a day's budget per diner: the save past it is refused (429) before Square is asked", async () => {
    const { square } = services;
    const ana = await signedIn();
    for (let n = 0; n < CARD_SAVE_LIMITS.account; n++) expect((await saveVisa(ana.cookie)).status).toBe(201);
    const creates = square.requestsTo("POST", "/v2/cards").length;
    const over = await saveVisa(ana.cookie);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(square.requestsTo("POST", "/v2/cards")).toHaveLength(creates);
  });
});
