// Passkeys: a person registers several (phone, laptop), when signed in or with their set-up link, and
// signs in with any of them without an e-mail; password failures never hold a passkey back (the guest
// Wi-Fi case); a replayed, foreign or removed passkey opens nothing; and once the first owner has a
// passkey, ADMIN_PASSWORD no longer signs them in.
import { beforeAll, describe, expect, it } from "vitest";
import passkeys from "../../netlify/functions/admin-passkeys.mts";
import passkeySession from "../../netlify/functions/admin-passkey-session.mts";
import session from "../../netlify/functions/admin-session.mts";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "../../src/server/staff/adminSession";
import { FREE_FAILURES } from "../../src/server/staff/signInLimits";
import { adminCookie } from "../support/admin";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { SoftAuthenticator } from "../support/passkey";

let owner: Record<string, string>;
beforeAll(async () => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
const whoAmI = async (cookie: string) => {
  const res = await call(session, "/api/admin/session", { headers: { cookie } });
  return res.status === 200 ? (await jsonOf(res)).account : null;
};

async function addPasskey(headers: Record<string, string>, authenticator: SoftAuthenticator, label: string): Promise<Response> {
  const { ceremonyId, options } = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers }));
  return call(passkeys, "/api/admin/passkeys", { body: { ceremonyId, response: authenticator.register(options), label }, headers });
}

async function passkeySignIn(authenticator: SoftAuthenticator, ip = "198.51.100.70"): Promise<Response> {
  const start = await call(passkeySession, "/api/admin/session/passkey/options", { method: "POST", headers: { origin: SITE_ORIGIN }, ip });
  const { ceremonyId, options } = await jsonOf(start);
  return call(passkeySession, "/api/admin/session/passkey", { body: { ceremonyId, response: authenticator.authenticate(options) }, headers: { origin: SITE_ORIGIN }, ip });
}

describe("passkeys of a signed-in person", () => {
  it("registers a phone and a laptop, and signs in with either without an e-mail", async () => {
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    const laptop = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(owner, phone, "Phone")).status).toBe(201);
    expect((await addPasskey(owner, laptop, "Laptop")).status).toBe(201);
    const list = await jsonOf(await call(passkeys, "/api/admin/passkeys", { headers: owner }));
    expect(list.passkeys.map((p: { label: string }) => p.label)).toEqual(["Phone", "Laptop"]);
    for (const authenticator of [phone, laptop]) {
      const res = await passkeySignIn(authenticator);
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/^jf_admin=[^;]+; Path=\/; HttpOnly; SameSite=Strict/);
      expect((await whoAmI(cookieOf(res)))?.email).toBe(DEVELOPMENT_OWNER_EMAIL);
    }
  });

  it("opens nothing for a replayed answer, a passkey made for another site, or a removed passkey", async () => {
    const tablet = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(owner, tablet, "Tablet")).status).toBe(201);
    const start = await jsonOf(await call(passkeySession, "/api/admin/session/passkey/options", { method: "POST", headers: { origin: SITE_ORIGIN } }));
    const answer = { ceremonyId: start.ceremonyId, response: tablet.authenticate(start.options) };
    expect((await call(passkeySession, "/api/admin/session/passkey", { body: answer, headers: { origin: SITE_ORIGIN } })).status).toBe(200);
    const replay = await call(passkeySession, "/api/admin/session/passkey", { body: answer, headers: { origin: SITE_ORIGIN } });
    expect(replay.status).toBe(400);
    expect(replay.headers.get("set-cookie")).toBeNull();

    // A look-alike site relayed the ceremony: the browser names that site as the origin.
    const phished = new SoftAuthenticator("https://jealousfork-login.example");
    expect((await addPasskey(owner, phished, "Phished")).status).toBe(400);

    await call(passkeys, `/api/admin/passkeys/${tablet.id}`, { method: "DELETE", params: { id: tablet.id }, headers: owner });
    expect((await passkeySignIn(tablet)).status).toBe(401);
  });
});

describe("a new person with a set-up link", () => {
  it("registers a passkey instead of a password, is signed in, and the link is spent", async () => {
    const created = await jsonOf(await call(adminStaff, "/api/admin/staff", { body: { name: "Luis", email: "luis@jealousfork.test", role: "staff" }, headers: owner }));
    const token = created.setupLink.path.split("#")[1];
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    const { ceremonyId, options } = await jsonOf(await call(adminSetup, "/api/admin/setup/passkey/options", { body: { token }, headers: { origin: SITE_ORIGIN } }));
    expect(options.user.name).toBe("luis@jealousfork.test");
    const done = await call(adminSetup, "/api/admin/setup/passkey", { body: { token, ceremonyId, response: phone.register(options), label: "Luis's phone" }, headers: { origin: SITE_ORIGIN } });
    expect(done.status).toBe(200);
    expect((await whoAmI(cookieOf(done)))?.role).toBe("staff");
    expect((await call(adminSetup, "/api/admin/setup/lookup", { body: { token }, headers: { origin: SITE_ORIGIN } })).status).toBe(404);

    // The guest Wi-Fi: password guesses on Luis's account from the same network as Luis.
    for (let i = 0; i <= FREE_FAILURES; i++) {
      await call(session, "/api/admin/session", { body: { email: "luis@jealousfork.test", password: `guess-${i}` }, ip: "192.0.2.50" });
    }
    expect((await call(session, "/api/admin/session", { body: { email: "luis@jealousfork.test", password: "guess" }, ip: "192.0.2.50" })).status).toBe(429);
    const withPasskey = await passkeySignIn(phone, "192.0.2.50");
    expect(withPasskey.status).toBe(200);

    // Disabled, the passkey opens nothing.
    await call(adminStaff, `/api/admin/staff/${created.account.id}`, { method: "PATCH", params: { id: created.account.id }, body: { disabled: true }, headers: owner });
    expect((await passkeySignIn(phone)).status).toBe(401);
  });
});

describe("the first owner", () => {
  it("no longer signs in with the set-up password once they have a passkey", async () => {
    // The owner registered passkeys above.
    const res = await call(session, "/api/admin/session", { body: { email: DEVELOPMENT_OWNER_EMAIL, password: DEVELOPMENT_PASSWORD }, ip: "198.51.100.99" });
    expect(res.status).toBe(401);
  });
});
