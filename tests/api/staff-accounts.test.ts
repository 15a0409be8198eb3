// The owner's staff accounts: adding a person gives a one-time set-up link (24 h) where they set a
// password (refused when short or common); disabling ends their sessions and credentials at once and
// re-enabling gives a new set-up link; the restaurant always keeps an owner; and every change is in the
// activity log.
import { beforeAll, describe, expect, it, vi } from "vitest";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import adminActivity from "../../netlify/functions/admin-activity.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import session from "../../netlify/functions/admin-session.mts";
import { DEVELOPMENT_OWNER_EMAIL } from "../../src/server/staff/adminSession";
import { adminCookie } from "../support/admin";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";

let owner: Record<string, string>;
beforeAll(async () => {
  delete process.env.ADMIN_PASSWORD;
  delete process.env.OWNER_EMAIL;
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});

const PASSPHRASE = "grill station passphrase 42";
const addPerson = (body: unknown) => call(adminStaff, "/api/admin/staff", { body, headers: owner });
const change = (id: string, body: unknown, headers = owner) => call(adminStaff, `/api/admin/staff/${id}`, { method: "PATCH", params: { id }, body, headers });
const setPassword = (token: string, password: string) =>
  call(adminSetup, "/api/admin/setup", { body: { token, password }, headers: { origin: SITE_ORIGIN } });
const signIn = (email: string, password: string) => call(session, "/api/admin/session", { body: { email, password } });
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
const whoAmI = (cookie: string) => call(session, "/api/admin/session", { headers: { cookie } });
const tokenOf = (link: { path: string }) => link.path.split("#")[1]!;

describe("adding a person", () => {
  it("gives a set-up link, used once, where they set a password and are signed in", async () => {
    const res = await addPerson({ name: "Luis Gómez", email: "Luis@JealousFork.test", role: "staff" });
    expect(res.status).toBe(201);
    const { account, setupLink } = await jsonOf(res);
    expect(account).toMatchObject({ name: "Luis Gómez", role: "staff", disabled: false, hasPassword: false, passkeys: 0 });
    expect(setupLink.path).toMatch(/^\/admin\/setup#[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(setupLink);

    const lookup = await call(adminSetup, "/api/admin/setup/lookup", { body: { token }, headers: { origin: SITE_ORIGIN } });
    expect((await jsonOf(lookup)).account).toMatchObject({ name: "Luis Gómez", email: "Luis@JealousFork.test" });

    for (const weak of ["short-pass", "password1234", "Qwertyuiop123"]) {
      const refused = await setPassword(token, weak);
      expect(refused.status).toBe(422);
      expect((await jsonOf(refused)).issues[0].path).toBe("password");
    }
    const set = await setPassword(token, PASSPHRASE);
    expect(set.status).toBe(200);
    expect((await whoAmI(cookieOf(set))).status).toBe(200);
    // The link is spent.
    expect((await setPassword(token, "another long passphrase")).status).toBe(404);
    // The e-mail is the person's, whatever its case.
    expect((await signIn("luis@jealousfork.test", PASSPHRASE)).status).toBe(200);
  });

  it("refuses a second account with the same e-mail in another case (409), storing nothing", async () => {
    await addPerson({ name: "Marta", email: "marta@jealousfork.test", role: "staff" });
    const again = await addPerson({ name: "Marta Again", email: "MARTA@jealousfork.test", role: "owner" });
    expect(again.status).toBe(409);
    const list = await jsonOf(await call(adminStaff, "/api/admin/staff", { headers: owner }));
    expect(list.accounts.filter((a: { email: string }) => a.email.toLowerCase() === "marta@jealousfork.test")).toHaveLength(1);
  });

  it("refuses a new owner while mail is not set up (409), since an owner's link only goes by e-mail, and adds no one", async () => {
    const res = await addPerson({ name: "Olga", email: "olga@jealousfork.test", role: "owner" });
    expect(res.status).toBe(409);
    expect((await jsonOf(res)).error).toMatch(/only sent by e-mail/);
    const list = await jsonOf(await call(adminStaff, "/api/admin/staff", { headers: owner }));
    expect(list.accounts.some((a: { email: string }) => a.email === "olga@jealousfork.test")).toBe(false);
  });

  it("refuses bad input with 400 and the field at fault", async () => {
    const res = await addPerson({ name: "", email: "not-an-email", role: "chef" });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["email", "name", "role"]);
  });

  it("lets a set-up link lapse after 24 hours", async () => {
    const { setupLink } = await jsonOf(await addPerson({ name: "Rosa", email: "rosa@jealousfork.test", role: "staff" }));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 3600 * 1000 + 1000 });
    try {
      expect((await setPassword(tokenOf(setupLink), PASSPHRASE)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("disabling and re-enabling", () => {
  it("ends the person's sessions at once and refuses their sign-in; re-enabled, they start again with a new link", async () => {
    const { account, setupLink } = await jsonOf(await addPerson({ name: "Pedro", email: "pedro@jealousfork.test", role: "staff" }));
    const phone = cookieOf(await setPassword(tokenOf(setupLink), PASSPHRASE));
    const tablet = cookieOf(await signIn("pedro@jealousfork.test", PASSPHRASE));
    expect((await call(adminOrders, "/api/admin/orders", { headers: { cookie: tablet } })).status).toBe(200);

    const off = await change(account.id, { disabled: true });
    expect((await jsonOf(off)).account.disabled).toBe(true);
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await call(adminOrders, "/api/admin/orders", { headers: { cookie: tablet } })).status).toBe(401);
    const refused = await signIn("pedro@jealousfork.test", PASSPHRASE);
    expect(refused.status).toBe(401);
    // Neither the old session nor the old password comes back with the account: a new link does.
    const on = await jsonOf(await change(account.id, { disabled: false }));
    expect((await whoAmI(tablet)).status).toBe(401);
    expect((await signIn("pedro@jealousfork.test", PASSPHRASE)).status).toBe(401);
    expect((await setPassword(tokenOf(on.setupLink), "a second grill passphrase")).status).toBe(200);
    expect((await signIn("pedro@jealousfork.test", "a second grill passphrase")).status).toBe(200);
  });

  it("keeps at least one owner who can sign in", async () => {
    const me = await jsonOf(await whoAmI(owner.cookie!));
    const res = await change(me.account.id, { role: "staff" });
    expect(res.status).toBe(422);
    expect((await change(me.account.id, { disabled: true })).status).toBe(422);
    expect((await whoAmI(owner.cookie!)).status).toBe(200);
  });

  it("answers 404 for an account that does not exist", async () => {
    expect((await change("00000000-0000-4000-8000-000000000000", { disabled: true })).status).toBe(404);
  });
});

describe("the activity log", () => {
  it("records who changed what, before and after, and filters by person and action", async () => {
    const { account } = await jsonOf(await addPerson({ name: "Inés", email: "ines@jealousfork.test", role: "staff" }));
    await change(account.id, { role: "owner" });
    const all = await jsonOf(await call(adminActivity, "/api/admin/activity?action=account", { headers: owner }));
    const promoted = all.entries.find((entry: { action: string; target: string }) => entry.action === "account.update" && entry.target === "ines@jealousfork.test");
    expect(promoted).toMatchObject({ actor: "Owner", before: { role: "staff" }, after: { role: "owner" } });
    expect(all.entries.some((entry: { action: string }) => entry.action === "account.create")).toBe(true);
    expect(all.entries.every((entry: { action: string }) => entry.action.startsWith("account."))).toBe(true);

    const me = await jsonOf(await whoAmI(owner.cookie!));
    const signIns = await jsonOf(await call(adminActivity, `/api/admin/activity?action=sign-in&account=${me.account.id}`, { headers: owner }));
    expect(signIns.entries.length).toBeGreaterThan(0);
    expect(signIns.entries.every((entry: { action: string; accountId: string }) => entry.action === "sign-in" && entry.accountId === me.account.id)).toBe(true);
    expect(signIns.entries[0].target).toBe(DEVELOPMENT_OWNER_EMAIL);
  });

  it("refuses filters it does not understand with 400", async () => {
    const res = await call(adminActivity, "/api/admin/activity?account=someone&from=yesterday", { headers: owner });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["account", "from"]);
  });
});
