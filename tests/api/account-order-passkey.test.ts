// Saving details at the order confirmation with a passkey, before any e-mail: the account takes the
// order's name, e-mail and phone, holds the order, and signs in with the passkey from another browser at
// once. Its e-mail is proven afterwards by the e-mailed link: until then it sees no other order placed
// with that e-mail and is linked to no Square customer. An e-mail that has an account gets nothing here.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import accountLink from "../../netlify/functions/account-link.mts";
import accountOrderPasskey from "../../netlify/functions/account-order-passkey.mts";
import accountOrders from "../../netlify/functions/account-orders.mts";
import accountProfile from "../../netlify/functions/account-profile.mts";
import accountSession from "../../netlify/functions/account-session.mts";
import orders from "../../netlify/functions/orders.mts";
import { ORDER_PASSKEY_TRIES } from "../../src/server/accounts/orderPasskey";
import { deliverDueMail } from "../../src/server/mail/worker";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { PICKUP_ORDER, useOrderServices } from "../support/orderServices";
import { SoftAuthenticator } from "../support/passkey";
import { useSiteMail } from "../support/siteMail";

useOrderServices();
const mail = useSiteMail();
const site = { origin: SITE_ORIGIN };
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
let nextNetwork = 10;
const aNetwork = () => `203.0.113.${nextNetwork++}`;

/** A guest's paid pickup order with this e-mail: its page id. */
async function guestOrder(email: string): Promise<string> {
  const res = await call(orders, "/api/orders", { body: { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email } }, headers: { "idempotency-key": randomUUID() } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await jsonOf(res)).orderId;
}

const options = (orderId: string, ip = aNetwork()) => call(accountOrderPasskey, "/api/account/order-passkey/options", { body: { orderId }, headers: site, ip });

/** The whole tap at the confirmation: the ceremony's options, the device's passkey, the answer. */
async function saveWithPasskey(orderId: string, authenticator: SoftAuthenticator, locale = "en"): Promise<Response> {
  const start = await options(orderId);
  if (start.status !== 200) return start;
  const { ceremonyId, options: creation } = await jsonOf(start);
  return call(accountOrderPasskey, "/api/account/order-passkey", {
    body: { orderId, ceremonyId, response: authenticator.register(creation), label: "iPhone" },
    headers: { ...site, "x-site-locale": locale },
  });
}

const historyOf = async (cookie: string) => (await jsonOf(await call(accountOrders, "/api/account/orders", { headers: { ...site, cookie } }))).orders.map((order: { orderId: string }) => order.orderId);

describe("saving details with a passkey at the confirmation", () => {
  it("makes the account from the order, signs in, and lets the passkey in from a new browser before any e-mail is opened", async () => {
    const email = `ana-${randomUUID().slice(0, 8)}@example.com`;
    const orderId = await guestOrder(email);
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    const saved = await saveWithPasskey(orderId, phone);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const cookie = cookieOf(saved);
    expect(cookie).toMatch(/^jf_diner=/);

    const account = await jsonOf(await call(accountProfile, "/api/account", { headers: { ...site, cookie } }));
    expect(account.account).toMatchObject({ email, name: "Ana Pérez", phone: "+13055550142", emailConfirmed: false });
    expect(account.passkeys).toEqual([expect.objectContaining({ label: "iPhone" })]);
    expect(await historyOf(cookie)).toEqual([orderId]);

    // Another browser, nothing typed: the passkey alone signs in.
    const { ceremonyId, options: request } = await jsonOf(await call(accountSession, "/api/account/session/options", { method: "POST", headers: site }));
    const signIn = await call(accountSession, "/api/account/session", { body: { ceremonyId, response: phone.authenticate(request) }, headers: site });
    expect(signIn.status).toBe(200);
  });

  it("e-mails the link that confirms the e-mail, in the diner's language; until it is used, other orders of that e-mail stay out", async () => {
    const email = `luis-${randomUUID().slice(0, 8)}@example.com`;
    const earlier = await guestOrder(email);
    const orderId = await guestOrder(email);
    const saved = await saveWithPasskey(orderId, new SoftAuthenticator(SITE_ORIGIN), "es");
    expect(saved.status).toBe(201);
    const cookie = cookieOf(saved);
    expect(await historyOf(cookie)).toEqual([orderId]);
    expect(await db.one(sql`SELECT square_customer_id FROM diner_accounts WHERE lower(email) = lower(${email})`)).toEqual({ square_customer_id: null });

    await deliverDueMail();
    const message = await mail.catcher.waitFor((caught) => caught.to.includes(email) && /#link=/.test(caught.text));
    expect(message.subject).toMatch(/Confirma tu correo/);
    const token = /#link=([A-Za-z0-9_-]{43})/.exec(message.text)![1]!;
    // Opened in the mail app's browser: it asks first, then proves the e-mail.
    const asked = await call(accountLink, "/api/account/link/use", { body: { token }, headers: site });
    expect(await jsonOf(asked)).toMatchObject({ signedIn: false, confirm: true });
    const used = await call(accountLink, "/api/account/link/use", { body: { token, confirm: true }, headers: site });
    expect(used.status).toBe(200);
    expect(new Set(await historyOf(cookie))).toEqual(new Set([orderId, earlier]));
    expect((await jsonOf(await call(accountProfile, "/api/account", { headers: { ...site, cookie } }))).account.emailConfirmed).toBe(true);
  });

  it("starts the e-mail's owner clean when another sign-in link proves the e-mail first: the passkey saved from the order goes", async () => {
    const email = `shared-${randomUUID().slice(0, 8)}@example.com`;
    const orderId = await guestOrder(email);
    // Whoever had the order's page saved a passkey; the e-mail's owner, elsewhere, asks for a sign-in link.
    const stranger = new SoftAuthenticator(SITE_ORIGIN);
    const saved = await saveWithPasskey(orderId, stranger);
    expect(saved.status).toBe(201);
    const asker = `jf_link_asker=${"c".repeat(43)}`;
    expect((await call(accountLink, "/api/account/link", { body: { email }, headers: { ...site, cookie: asker }, ip: aNetwork() })).status).toBe(202);
    await deliverDueMail();
    const message = await mail.catcher.waitFor((caught) => caught.to.includes(email) && /#link=/.test(caught.text) && !/Confirm/.test(caught.subject));
    const token = /#link=([A-Za-z0-9_-]{43})/.exec(message.text)![1]!;
    expect((await call(accountLink, "/api/account/link/use", { body: { token }, headers: { ...site, cookie: asker } })).status).toBe(200);

    const account = await jsonOf(await call(accountProfile, "/api/account", { headers: { ...site, cookie: cookieOf(saved) } }));
    expect(account.error).toBeTruthy();
    expect(await db.one(sql`SELECT 1 FROM diner_passkeys p JOIN diner_accounts a ON a.id = p.account_id WHERE a.email = ${email}`)).toBeNull();
    const { ceremonyId, options: request } = await jsonOf(await call(accountSession, "/api/account/session/options", { method: "POST", headers: site }));
    expect((await call(accountSession, "/api/account/session", { body: { ceremonyId, response: stranger.authenticate(request) }, headers: site })).status).toBe(401);
  });

  it("offers nothing for an e-mail that has an account, an unknown order or an order of days ago, and takes each ceremony once", async () => {
    const email = `kim-${randomUUID().slice(0, 8)}@example.com`;
    await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${randomUUID()}::uuid, ${email}, 'Kim')`);
    const taken = await options(await guestOrder(email));
    expect(taken.status).toBe(409);
    expect((await jsonOf(taken)).error).toMatch(/already has an account/);
    expect((await options("A".repeat(22))).status).toBe(404);
    expect((await options("not an order")).status).toBe(400);

    const old = await guestOrder(`old-${randomUUID().slice(0, 8)}@example.com`);
    await db.run(sql`UPDATE orders SET created_at = created_at - interval '2 days' WHERE id = ${old}`);
    expect((await options(old)).status).toBe(404);

    const orderId = await guestOrder(`once-${randomUUID().slice(0, 8)}@example.com`);
    const { ceremonyId, options: creation } = await jsonOf(await options(orderId));
    const authenticator = new SoftAuthenticator(SITE_ORIGIN);
    const body = { orderId, ceremonyId, response: authenticator.register(creation), label: "Phone" };
    expect((await call(accountOrderPasskey, "/api/account/order-passkey", { body, headers: site })).status).toBe(201);
    expect((await call(accountOrderPasskey, "/api/account/order-passkey", { body, headers: site })).status).toBe(409);
  });

  it("lets one order start only a few ceremonies", async () => {
    const orderId = await guestOrder(`tries-${randomUUID().slice(0, 8)}@example.com`);
    for (let i = 0; i < ORDER_PASSKEY_TRIES; i++) expect((await options(orderId)).status).toBe(200);
    expect((await options(orderId)).status).toBe(429);
    expect(await db.one(sql`SELECT 1 FROM diner_accounts a JOIN orders o ON lower(o.customer_email) = lower(a.email) WHERE o.id = ${orderId}`)).toBeNull();
  });
});
