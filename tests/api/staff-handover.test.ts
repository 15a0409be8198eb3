// No session left open hands an account over: set-up links, new owners, promotion to owner, removing or
// clearing another person's credentials and disabling an owner need a sign-in of the last 5 minutes
// ("Confirm it is you"), change nothing without it, and once confirmed are logged and e-mailed to the
// person; an owner's set-up link goes by e-mail only. And a recovery wins every race: a passkey or password
// an earlier session was adding while the set-up link was used does not survive it.
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
import { deliverDueMail } from "../../src/server/mail/worker";
import { FRESH_PROOF_MS } from "../../src/server/staff/sessions";
import { adminCookie } from "../support/admin";
import { databaseFaults } from "../support/databaseFaults";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { SoftAuthenticator } from "../support/passkey";

const siteMail = useSiteMail();
const faults = databaseFaults();
const PASSPHRASE = "grill station passphrase 42";
const site = { origin: SITE_ORIGIN };
/** The development owner, signed in as the file starts: it makes the first people. */
let firstOwner: Record<string, string>;
beforeAll(async () => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
  firstOwner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
const signIn = (email: string, password: string) => call(session, "/api/admin/session", { body: { email, password }, ip: "198.51.100.7" });
const as = async (email: string, password = PASSPHRASE) => ({ cookie: cookieOf(await signIn(email, password)), origin: SITE_ORIGIN });
const to = (email: string, subject: string | RegExp) => (mail: CaughtMail) =>
  mail.to.includes(email) && (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject));
const setPassword = (token: string, password: string) => call(adminSetup, "/api/admin/setup", { body: { token, password }, headers: site });

/** The newest set-up link e-mailed to a person that no test read yet: the mail the person gets. */
const mailedToken = setupLinkReader(siteMail);

async function addPerson(headers: Record<string, string>, name: string, email: string, role: "owner" | "staff"): Promise<string> {
  const res = await call(adminStaff, "/api/admin/staff", { body: { name, email, role }, headers });
  expect(res.status).toBe(201);
  return (await jsonOf(res)).account.id;
}

async function addPasskey(headers: Record<string, string>, authenticator: SoftAuthenticator, label: string): Promise<Response> {
  const { ceremonyId, options } = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers }));
  return call(passkeys, "/api/admin/passkeys", { body: { ceremonyId, response: authenticator.register(options), label }, headers });
}

async function passkeySignIn(authenticator: SoftAuthenticator): Promise<Response> {
  const { ceremonyId, options } = await jsonOf(await call(passkeySession, "/api/admin/session/passkey/options", { method: "POST", headers: site }));
  return call(passkeySession, "/api/admin/session/passkey", { body: { ceremonyId, response: authenticator.authenticate(options) }, headers: site });
}

/** Every hand-over an owner's session can ask for, against the people of the first test. */
function handOvers(headers: Record<string, string>, people: { marta: string; bea: string; carl: string; carlKey: string }) {
  const link = (id: string) => call(adminStaff, `/api/admin/staff/${id}/setup-link`, { method: "POST", params: { id }, headers });
  const patch = (id: string, body: unknown) => call(adminStaff, `/api/admin/staff/${id}`, { method: "PATCH", params: { id }, body, headers });
  return {
    ownLink: () => link(people.marta),
    ownerLink: () => link(people.bea),
    staffLink: () => link(people.carl),
    newOwner: () => call(adminStaff, "/api/admin/staff", { body: { name: "Zoe", email: "zoe@jealousfork.test", role: "owner" }, headers }),
    promote: () => patch(people.carl, { role: "owner" }),
    clearPassword: () => call(credentials, `/api/admin/staff/${people.carl}/password`, { method: "DELETE", params: { id: people.carl }, headers }),
    removePasskey: () =>
      call(credentials, `/api/admin/staff/${people.carl}/passkeys/${people.carlKey}`, { method: "DELETE", params: { id: people.carl, passkey: people.carlKey }, headers }),
    disableOwner: () => patch(people.bea, { disabled: true }),
  };
}

describe("a hand-over from an owner's session", () => {
  it("is refused while the sign-in is older than 5 minutes, changing nothing, and goes on after 'Confirm it is you', logged and e-mailed", async () => {
    const marta = await addPerson(firstOwner, "Marta", "marta@jealousfork.test", "owner");
    expect((await setPassword(await mailedToken("marta@jealousfork.test"), PASSPHRASE)).status).toBe(200);
    const bea = await addPerson(firstOwner, "Bea", "bea@jealousfork.test", "owner");
    expect((await setPassword(await mailedToken("bea@jealousfork.test"), PASSPHRASE)).status).toBe(200);
    const carl = await addPerson(firstOwner, "Carl", "carl@jealousfork.test", "staff");
    const carlSession = { cookie: cookieOf(await setPassword(await mailedToken("carl@jealousfork.test"), PASSPHRASE)), origin: SITE_ORIGIN };
    const carlKey = new SoftAuthenticator(SITE_ORIGIN);
    expect((await addPasskey(carlSession, carlKey, "Carl's phone")).status).toBe(201);
    const people = { marta, bea, carl, carlKey: carlKey.id };

    const stale = await as("marta@jealousfork.test");
    const db = testDatabase();
    const before = {
      links: await db.count("staff_setup_links"),
      activity: await db.count("staff_activity", "action LIKE 'account.%'"),
      mail: await db.count("mail_outbox"),
    };
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + FRESH_PROOF_MS + 1000 });
    try {
      for (const [name, attempt] of Object.entries(handOvers(stale, people))) {
        const refused = await attempt();
        expect(refused.status, name).toBe(403);
        expect((await jsonOf(refused)).error, name).toMatch(/confirm it is you/i);
      }
      // Nothing changed: no link, no account, no role, every credential and owner as they were.
      expect(await db.count("staff_setup_links")).toBe(before.links);
      expect(await db.count("staff_accounts", "lower(email) = 'zoe@jealousfork.test'")).toBe(0);
      expect(await db.count("staff_accounts", "id = $1 AND role = 'staff' AND password_hash IS NOT NULL", [carl])).toBe(1);
      expect(await db.count("staff_passkeys", "account_id = $1", [carl])).toBe(1);
      expect(await db.count("staff_accounts", "id = $1 AND disabled_at IS NULL", [bea])).toBe(1);
      expect(await db.count("staff_activity", "action LIKE 'account.%'")).toBe(before.activity);
      expect(await db.count("mail_outbox")).toBe(before.mail);

      // Signing in again is the confirmation; each hand-over then goes on.
      const confirmed = await as("marta@jealousfork.test");
      const again = handOvers(confirmed, people);
      for (const attempt of [again.ownLink, again.ownerLink]) {
        const res = await attempt();
        expect(res.status).toBe(201);
        const { setupLink } = await jsonOf(res);
        // An owner's link goes to the owner's mailbox only.
        expect(setupLink).toMatchObject({ path: null, emailed: true });
      }
      const staffLink = await again.staffLink();
      expect(staffLink.status).toBe(201);
      const shownToken = (await jsonOf(staffLink)).setupLink.path.split("#")[1];
      expect(shownToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const zoe = await again.newOwner();
      expect(zoe.status).toBe(201);
      expect((await jsonOf(zoe)).setupLink).toMatchObject({ path: null, emailed: true });
      expect((await again.promote()).status).toBe(200);
      // The link shown while Carl was staff does not open an owner's account.
      expect((await call(adminSetup, "/api/admin/setup/lookup", { body: { token: shownToken }, headers: site })).status).toBe(404);
      expect((await again.clearPassword()).status).toBe(200);
      expect((await again.removePasskey()).status).toBe(200);
      expect((await again.disableOwner()).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }

    // The links reached their owners' mailboxes, and never the answer.
    const beaToken = await mailedToken("bea@jealousfork.test");
    expect((await call(adminSetup, "/api/admin/setup/lookup", { body: { token: await mailedToken("marta@jealousfork.test") }, headers: site })).status).toBe(200);
    expect((await call(adminSetup, "/api/admin/setup/lookup", { body: { token: await mailedToken("zoe@jealousfork.test") }, headers: site })).status).toBe(200);
    // Bea's was ended when she was disabled.
    expect((await call(adminSetup, "/api/admin/setup/lookup", { body: { token: beaToken }, headers: site })).status).toBe(404);

    const mail = siteMail.catcher;
    await deliverDueMail();
    expect((await mail.waitFor(to("carl@jealousfork.test", "You are now an owner"))).text).toContain("Marta");
    expect((await mail.waitFor(to("bea@jealousfork.test", "Carl is now an owner"))).text).toContain("Marta");
    expect((await mail.waitFor(to("carl@jealousfork.test", "Your password was cleared"))).text).toContain("Marta");
    expect((await mail.waitFor(to("carl@jealousfork.test", "A passkey was removed from your account"))).text).toContain("Carl's phone");
    expect((await mail.waitFor(to("bea@jealousfork.test", "Your account was disabled"))).text).toContain("Marta");
    expect((await mail.waitFor(to("marta@jealousfork.test", "Zoe is now an owner"))).text).toContain("Marta");

    const log = await jsonOf(await call(adminActivity, "/api/admin/activity?action=account", { headers: await as("marta@jealousfork.test") }));
    const by = (action: string, target: string) =>
      log.entries.filter((entry: { action: string; target: string; actor: string }) => entry.action === action && entry.target === target && entry.actor === "Marta");
    expect(by("account.setup-link", "bea@jealousfork.test")).toHaveLength(1);
    expect(by("account.setup-link", "marta@jealousfork.test")).toHaveLength(1);
    expect(by("account.create", "zoe@jealousfork.test")).toHaveLength(1);
    expect(by("account.update", "carl@jealousfork.test")[0]).toMatchObject({ before: { role: "staff" }, after: { role: "owner" } });
    expect(by("account.password-cleared", "carl@jealousfork.test")).toHaveLength(1);
    expect(by("account.passkey-removed", "carl@jealousfork.test")).toHaveLength(1);
    expect(by("account.update", "bea@jealousfork.test")[0]).toMatchObject({ after: { disabled: true } });
  });
});

describe("a recovery under way", () => {
  /** Ana, with a passkey of her own, an intruder signed in with it, and a new set-up link for her made by the first owner. */
  async function anaWithIntruder(email: string) {
    const id = await addPerson(firstOwner, "Ana", email, "staff");
    const phone = new SoftAuthenticator(SITE_ORIGIN);
    const token = await mailedToken(email);
    const { ceremonyId, options } = await jsonOf(await call(adminSetup, "/api/admin/setup/passkey/options", { body: { token }, headers: site }));
    expect((await call(adminSetup, "/api/admin/setup/passkey", { body: { token, ceremonyId, response: phone.register(options), label: "Ana's phone" }, headers: site })).status).toBe(200);
    const intruder = { cookie: cookieOf(await passkeySignIn(phone)), origin: SITE_ORIGIN };
    const link = await call(adminStaff, `/api/admin/staff/${id}/setup-link`, { method: "POST", params: { id }, headers: firstOwner });
    expect(link.status).toBe(201);
    return { id, intruder, recoveryToken: (await jsonOf(link)).setupLink.path.split("#")[1] as string };
  }

  /** Uses the link, held inside its transaction (after the old credentials went) while `meanwhile` runs. */
  async function recoverWhile(token: string, meanwhile: () => Promise<Response>): Promise<{ recovery: Response; other: Response }> {
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    faults.delayWhen((text) => {
      const hit = /DELETE FROM webauthn_challenges WHERE account_id/.test(text);
      if (hit) reached();
      return hit;
    }, 3000);
    try {
      const recovery = setPassword(token, "the owner's own new passphrase");
      await held;
      const other = await meanwhile();
      return { recovery: await recovery, other };
    } finally {
      faults.heal();
    }
  }

  it("ends a passkey an earlier session was registering when the link was used", async () => {
    const { id, intruder, recoveryToken } = await anaWithIntruder("ana@jealousfork.test");
    const { ceremonyId, options } = await jsonOf(await call(passkeys, "/api/admin/passkeys/options", { method: "POST", headers: intruder }));
    const late = new SoftAuthenticator(SITE_ORIGIN);
    const { recovery, other } = await recoverWhile(recoveryToken, () =>
      call(passkeys, "/api/admin/passkeys", { body: { ceremonyId, response: late.register(options), label: "late" }, headers: intruder }),
    );
    expect(recovery.status).toBe(200);
    expect(other.status).toBe(401);
    expect(await testDatabase().count("staff_passkeys", "account_id = $1", [id])).toBe(0);
    expect((await passkeySignIn(late)).status).toBe(401);
  });

  it("ends a password an earlier session was setting when the link was used", async () => {
    const { intruder, recoveryToken } = await anaWithIntruder("ana.two@jealousfork.test");
    const { recovery, other } = await recoverWhile(recoveryToken, () =>
      call(adminPassword, "/api/admin/password", { method: "PUT", body: { password: "the intruder's passphrase 9" }, headers: intruder }),
    );
    expect(recovery.status).toBe(200);
    expect(other.status).toBe(401);
    expect((await signIn("ana.two@jealousfork.test", "the intruder's passphrase 9")).status).toBe(401);
    expect((await signIn("ana.two@jealousfork.test", "the owner's own new passphrase")).status).toBe(200);
  });
});
