// Recovery leaves no intruder in: a used set-up link ends every other credential of the account (the old
// password, every passkey) and every session in one transaction; owners see and remove any account's
// passkeys and password; adding a credential needs a session opened in the last 5 minutes and tells the
// person by e-mail (when and from where); passkeys need user verification; disabling ends the account's
// credentials; and ADMIN_PASSWORD, slow-hashed, never applies again once an owner had credentials.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CaughtMail } from "../../src/integrations/mailCatcher";
import { setupLinkReader, useSiteMail } from "../support/siteMail";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import credentials from "../../netlify/functions/admin-staff-credentials.mts";
import passkeys from "../../netlify/functions/admin-passkeys.mts";
import passkeySession from "../../netlify/functions/admin-passkey-session.mts";
import adminPassword from "../../netlify/functions/admin-password.mts";
import session from "../../netlify/functions/admin-session.mts";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "../../src/server/staff/adminSession";
import { deliverDueMail } from "../../src/server/mail/worker";
import { ownerHasOwnCredentials } from "../../src/server/staff/bootstrap";
import { FRESH_PROOF_MS } from "../../src/server/staff/sessions";
import { adminCookie } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { SoftAuthenticator } from "../support/passkey";

const siteMail = useSiteMail();
let owner: Record<string, string>;
/** María, an owner recovered with her new phone's passkey (the first test): her session and passkey. */
let recoveredOwner: { cookie: string; passkey: string };
beforeAll(async () => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});

const PASSPHRASE = "grill station passphrase 42";
const site = { origin: SITE_ORIGIN };
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
const signIn = (email: string, password: string, ip = "198.51.100.5") => call(session, "/api/admin/session", { body: { email, password }, ip });
const whoAmI = (cookie: string) => call(session, "/api/admin/session", { headers: { cookie } });
const tokenOf = (link: { path: string }) => link.path.split("#")[1]!;
const to = (email: string, subject: string) => (mail: CaughtMail) => mail.to.includes(email) && mail.subject === subject;

/** Set-up links read from the person's mailbox, each once. */
const mailedToken = setupLinkReader(siteMail);
/** The link's token: in the answer for a staff account, only in the person's mailbox (its newest link) for an owner's. */
async function linkToken(setupLink: { path: string | null }, email: string): Promise<string> {
  return setupLink.path ? tokenOf({ path: setupLink.path }) : mailedToken(email);
}

async function addPerson(name: string, email: string, role: "owner" | "staff" = "staff"): Promise<{ id: string; token: string }> {
  const res = await call(adminStaff, "/api/admin/staff", { body: { name, email, role }, headers: owner });
  expect(res.status).toBe(201);
  const { account, setupLink } = await jsonOf(res);
  return { id: account.id, token: await linkToken(setupLink, email) };
}

async function newLink(id: string): Promise<string> {
  const res = await call(adminStaff, `/api/admin/staff/${id}/setup-link`, { method: "POST", params: { id }, headers: owner });
  expect(res.status).toBe(201);
  const [account] = await testDatabase().rows<{ email: string }>("SELECT email FROM staff_accounts WHERE id = $1", [id]);
  return linkToken((await jsonOf(res)).setupLink, account!.email);
}

const setPassword = (token: string, password: string) => call(adminSetup, "/api/admin/setup", { body: { token, password }, headers: site });

async function addPasskey(headers: Record<string, string>, authenticator: SoftAuthenticator, label: string, ip?: string): Promise<Response> {
  const start = await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers, ip });
  if (start.status !== 200) return start;
  const { ceremonyId, options } = await jsonOf(start);
  return call(passkeys, "/api/admin/passkeys", { body: { ceremonyId, response: authenticator.register(options), label }, headers, ip });
}

async function passkeySignIn(authenticator: SoftAuthenticator): Promise<Response> {
  const { ceremonyId, options } = await jsonOf(await call(passkeySession, "/api/admin/session/passkey/options", { method: "POST", headers: site }));
  return call(passkeySession, "/api/admin/session/passkey", { body: { ceremonyId, response: authenticator.authenticate(options) }, headers: site });
}

async function passkeyWithLink(token: string, authenticator: SoftAuthenticator, label: string): Promise<Response> {
  const { ceremonyId, options } = await jsonOf(await call(adminSetup, "/api/admin/setup/passkey/options", { body: { token }, headers: site }));
  return call(adminSetup, "/api/admin/setup/passkey", { body: { token, ceremonyId, response: authenticator.register(options), label }, headers: site });
}

describe("recovery with a set-up link", () => {
  it("ends an intruder's passkey, the old password and every session: only what the person set now works", async () => {
    const maria = await addPerson("María", "maria@jealousfork.test", "owner");
    expect((await setPassword(maria.token, PASSPHRASE)).status).toBe(200);
    // An intruder learned María's password, signed in and added a passkey of their own.
    const intruder = { cookie: cookieOf(await signIn("maria@jealousfork.test", PASSPHRASE, "203.0.113.66")), origin: SITE_ORIGIN };
    const intruderKey = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(intruder, intruderKey, "Definitely María's phone")).status).toBe(201);
    expect((await passkeySignIn(intruderKey)).status).toBe(200);

    // The set-up page says plainly what using the link will end.
    const token = await newLink(maria.id);
    const lookup = await jsonOf(await call(adminSetup, "/api/admin/setup/lookup", { body: { token }, headers: site }));
    expect(lookup.account).toMatchObject({ hasPassword: true, passkeys: 1 });

    const mariaPhone = new SoftAuthenticator(SITE_ORIGIN);
    const recovered = await passkeyWithLink(token, mariaPhone, "María's new phone");
    expect(recovered.status).toBe(200);
    expect((await passkeySignIn(intruderKey)).status).toBe(401);
    expect((await whoAmI(intruder.cookie)).status).toBe(401);
    expect((await signIn("maria@jealousfork.test", PASSPHRASE, "198.51.100.61")).status).toBe(401);
    expect((await passkeySignIn(mariaPhone)).status).toBe(200);
    expect((await whoAmI(cookieOf(recovered))).status).toBe(200);
    recoveredOwner = { cookie: cookieOf(recovered), passkey: mariaPhone.id };

    const log = await jsonOf(await call(adminActivity, "/api/admin/activity?action=account.recovered", { headers: owner }));
    expect(log.entries[0]).toMatchObject({
      actor: "María",
      target: "maria@jealousfork.test",
      before: { passkeys: ["Definitely María's phone"], password: "set" },
      after: { method: "passkey" },
    });
  });

  it("with a new password ends every passkey, and an intruder's ceremony under way finishes nothing", async () => {
    const ana = await addPerson("Ana", "ana@jealousfork.test");
    const anaPhone = new SoftAuthenticator(SITE_ORIGIN);
    expect((await passkeyWithLink(ana.token, anaPhone, "Ana's phone")).status).toBe(200);
    const intruder = { cookie: cookieOf(await passkeySignIn(anaPhone)), origin: SITE_ORIGIN };
    // The intruder starts adding a passkey before the recovery and finishes it after.
    const { ceremonyId, options } = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers: intruder }));
    expect((await setPassword(await newLink(ana.id), PASSPHRASE)).status).toBe(200);
    const late = new SoftAuthenticator(SITE_ORIGIN);
    expect((await call(passkeys, "/api/admin/passkeys", { body: { ceremonyId, response: late.register(options), label: "late" }, headers: intruder })).status).toBe(401);
    expect((await passkeySignIn(anaPhone)).status).toBe(401);
    expect((await signIn("ana@jealousfork.test", PASSPHRASE)).status).toBe(200);
    expect(await testDatabase().count("staff_passkeys", "account_id = $1", [ana.id])).toBe(0);
  });
});

describe("the owner's view of each account's credentials", () => {
  it("lists passkeys and password state, removes a passkey and clears a password, each signing the account out and logged with who did it", async () => {
    const luis = await addPerson("Luis", "luis@jealousfork.test");
    expect((await setPassword(luis.token, PASSPHRASE)).status).toBe(200);
    const luisSession = { cookie: cookieOf(await signIn("luis@jealousfork.test", PASSPHRASE)), origin: SITE_ORIGIN };
    const tablet = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(luisSession, tablet, "Kitchen tablet")).status).toBe(201);
    expect((await passkeySignIn(tablet)).status).toBe(200);

    const view = await jsonOf(await call(credentials, `/api/admin/staff/${luis.id}/credentials`, { params: { id: luis.id }, headers: owner }));
    expect(view.hasPassword).toBe(true);
    expect(view.passkeys).toEqual([{ id: tablet.id, label: "Kitchen tablet", createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);

    const removed = await call(credentials, `/api/admin/staff/${luis.id}/passkeys/${tablet.id}`, { method: "DELETE", params: { id: luis.id, passkey: tablet.id }, headers: owner });
    expect(removed.status).toBe(200);
    expect((await passkeySignIn(tablet)).status).toBe(401);
    expect((await whoAmI(luisSession.cookie)).status).toBe(401);
    const cleared = await call(credentials, `/api/admin/staff/${luis.id}/password`, { method: "DELETE", params: { id: luis.id }, headers: owner });
    expect(cleared.status).toBe(200);
    expect((await signIn("luis@jealousfork.test", PASSPHRASE)).status).toBe(401);
    const after = await jsonOf(await call(credentials, `/api/admin/staff/${luis.id}/credentials`, { params: { id: luis.id }, headers: owner }));
    expect(after).toEqual({ hasPassword: false, passkeys: [] });

    const log = await jsonOf(await call(adminActivity, "/api/admin/activity?action=account", { headers: owner }));
    const of = (action: string) => log.entries.find((entry: { action: string; target: string }) => entry.action === action && entry.target === "luis@jealousfork.test");
    expect(of("account.passkey-removed")).toMatchObject({ actor: "Owner", before: { label: "Kitchen tablet" } });
    expect(of("account.password-cleared")).toMatchObject({ actor: "Owner", before: { password: "set" }, after: { password: "none" } });
  });

});

describe("adding a credential", () => {
  it("needs a session opened in the last 5 minutes, and tells the person when and from where", async () => {
    const rosa = await addPerson("Rosa", "rosa@jealousfork.test");
    expect((await setPassword(rosa.token, PASSPHRASE)).status).toBe(200);
    const stale = { cookie: cookieOf(await signIn("rosa@jealousfork.test", PASSPHRASE)), origin: SITE_ORIGIN, "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" };
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + FRESH_PROOF_MS + 1000 });
    try {
      const refused = await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers: stale });
      expect(refused.status).toBe(403);
      expect((await jsonOf(refused)).error).toMatch(/confirm it is you/i);
      expect((await call(adminPassword, "/api/admin/password", { method: "PUT", body: { password: "another long passphrase 7" }, headers: stale })).status).toBe(403);
      // Signing in again is the fresh proof.
      const fresh = { ...stale, cookie: cookieOf(await signIn("rosa@jealousfork.test", PASSPHRASE)) };
      expect((await addPasskey(fresh, new SoftAuthenticator(SITE_ORIGIN), "Rosa's iPhone", "203.0.113.44")).status).toBe(201);
      const other = cookieOf(await signIn("rosa@jealousfork.test", PASSPHRASE));
      expect((await call(adminPassword, "/api/admin/password", { method: "PUT", body: { password: "short" }, headers: fresh })).status).toBe(422);
      expect((await call(adminPassword, "/api/admin/password", { method: "PUT", body: { password: "another long passphrase 7" }, headers: fresh })).status).toBe(200);
      // A new password signs out the account's other sessions, not this one.
      expect((await whoAmI(other)).status).toBe(401);
      expect((await whoAmI(fresh.cookie)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    await deliverDueMail();
    const added = await siteMail.catcher.waitFor(to("rosa@jealousfork.test", "A passkey was added to your account"));
    expect(added.text).toContain("Rosa's iPhone");
    expect(added.text).toContain("Safari on iPhone");
    expect(added.text).toContain("203.0.113.44");
    expect(added.text).toMatch(/20\d\d at \d{1,2}:\d\d [AP]M, Miami time/);
    expect((await siteMail.catcher.waitFor(to("rosa@jealousfork.test", "Your password was changed"))).text).toContain("Every other session was signed out");
  });

  it("refuses a passkey that does not verify its user (no PIN, no fingerprint), for registration and sign-in", async () => {
    const nina = await addPerson("Nina", "nina@jealousfork.test");
    const fresh = { cookie: cookieOf(await setPassword(nina.token, PASSPHRASE)), origin: SITE_ORIGIN };
    const bare = new SoftAuthenticator(SITE_ORIGIN, { userVerified: false });
    expect((await addPasskey(fresh, bare, "Bare key")).status).toBe(400);
    const options = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers: fresh }));
    expect(options.options.authenticatorSelection.userVerification).toBe("required");
    // A registered key asked to sign in without verifying its user.
    const key = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(fresh, key, "Laptop")).status).toBe(201);
    Object.assign(key, { options: { userVerified: false } });
    expect((await passkeySignIn(key)).status).toBe(401);
  });
});

describe("disabling an account", () => {
  it("ends its sessions and every credential; re-enabling answers a new set-up link", async () => {
    const pedro = await addPerson("Pedro", "pedro@jealousfork.test");
    expect((await setPassword(pedro.token, PASSPHRASE)).status).toBe(200);
    const tablet = cookieOf(await signIn("pedro@jealousfork.test", PASSPHRASE));
    const change = (disabled: boolean) => call(adminStaff, `/api/admin/staff/${pedro.id}`, { method: "PATCH", params: { id: pedro.id }, body: { disabled }, headers: owner });
    expect((await change(true)).status).toBe(200);
    expect((await whoAmI(tablet)).status).toBe(401);
    const on = await change(false);
    expect(on.status).toBe(200);
    const { account, setupLink } = await jsonOf(on);
    expect(account).toMatchObject({ disabled: false, hasPassword: false, passkeys: 0 });
    expect((await signIn("pedro@jealousfork.test", PASSPHRASE)).status).toBe(401);
    expect((await setPassword(tokenOf(setupLink), "a brand new kitchen passphrase")).status).toBe(200);
  });
});

describe("the last owner who can sign in", () => {
  it("cannot remove their own last passkey", async () => {
    // María is the only enabled owner here, and a passkey is her only credential.
    await testDatabase().rows("UPDATE staff_accounts SET disabled_at = now() WHERE role = 'owner' AND lower(email) <> 'maria@jealousfork.test'");
    const res = await call(passkeys, `/api/admin/passkeys/${recoveredOwner.passkey}`, { method: "DELETE", params: { id: recoveredOwner.passkey }, headers: { cookie: recoveredOwner.cookie, origin: SITE_ORIGIN } });
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).error).toMatch(/at least one owner who can sign in/);
    expect(await testDatabase().count("staff_passkeys", "id = $1", [recoveredOwner.passkey])).toBe(1);
  });
});

describe("the set-up password", () => {
  it("is compared through the slow hash, and never applies again once an owner has had credentials, even after they are all removed", async () => {
    // The owner of this file signed in with the development password: its slow hash was kept, never the password.
    const [kept] = await testDatabase().rows<{ value: { hash: string } }>("SELECT value FROM settings WHERE key = 'setup-password-hash'");
    // At the cost this run hashes with (tests/support/api.setup.ts; the deployed cost: src/server/staff/passwords.test.ts).
    expect(kept!.value.hash).toMatch(new RegExp(`^scrypt\\$${2 ** Number(process.env.STAFF_PASSWORD_SCRYPT_LOG2N ?? 16)}\\$8\\$2\\$`));
    expect(JSON.stringify(kept)).not.toContain(DEVELOPMENT_PASSWORD);
    // María became an owner with credentials above: the set-up password is retired for good.
    await testDatabase().rows("UPDATE staff_accounts SET disabled_at = NULL");
    expect(await ownerHasOwnCredentials()).toBe(true);
    expect((await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "198.51.100.90")).status).toBe(401);
    await testDatabase().rows("DELETE FROM staff_passkeys");
    await testDatabase().rows("UPDATE staff_accounts SET password_hash = NULL");
    expect((await signIn(DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD, "198.51.100.91")).status).toBe(401);
  });
});
