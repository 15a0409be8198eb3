// A new person's set-up link by e-mail: when mail is configured, adding a person or making them a new
// link queues an e-mail to them in the same transaction (who invited them, the link, valid 24 h; HTML and
// plain text, caught here by the SMTP catcher the other mail tests use); the link is never logged nor
// shown in the console's outbox, and leaves the outbox once sent. Without mail the owner is told to pass
// it on, and nothing is queued.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "../../src/integrations/mailCatcher";
import { testDatabase } from "../support/database";
import { adminHeaders } from "../support/admin";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminMail from "../../netlify/functions/admin-mail.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import { deliverDueMail } from "../../src/server/mail/worker";
import { db } from "../../src/server/platform/database";
import { createSetupLink } from "../../src/server/staff/setupLinks";
import { DEVELOPMENT_OWNER_EMAIL } from "../../src/server/staff/adminSession";
import { removeExpiredRecords } from "../../src/server/housekeeping";
import { SETUP_LINK_LIFETIME_MS } from "../../src/server/staff/setupLinks";

let catcher: MailCatcher;
let owner: Record<string, string>;

beforeAll(async () => {
  catcher = await startMailCatcher();
  Object.assign(process.env, { MAIL_FROM: "Jealous Fork <orders@jealousfork.example>", SITE_URL: "https://jealousfork.example" });
  owner = await adminHeaders();
});
afterAll(async () => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "SITE_URL"]) delete process.env[name];
  await catcher.stop();
});
beforeEach(() => {
  process.env.SMTP_URL = catcher.smtpUrl;
});

const addPerson = (name: string, email: string) => call(adminStaff, "/api/admin/staff", { body: { name, email, role: "staff" }, headers: owner });
const tokenOf = (path: string) => path.split("#")[1]!;
const to = (email: string) => (mail: CaughtMail) => mail.to.includes(email);

/** Every set-up link e-mail has been dealt with (sent, or given up). */
async function settled(): Promise<void> {
  await expect.poll(() => testDatabase().count("mail_outbox", "kind = 'staff_setup_link' AND status IN ('waiting', 'sending')"), { timeout: 15_000, interval: 50 }).toBe(0);
}

/** Everything the functions wrote to the console while `work` ran. */
async function logsOf(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

describe("with mail configured", () => {
  it("e-mails a new person their link: who invited them, the link, valid 24 hours, in HTML and plain text", async () => {
    let setupLink = { path: "", expiresAt: "", emailed: false };
    const logs = await logsOf(async () => {
      const res = await addPerson("Luis Gómez", "luis@jealousfork.test");
      expect(res.status).toBe(201);
      ({ setupLink } = (await jsonOf(res)) as { setupLink: typeof setupLink });
      await deliverDueMail();
      await settled();
    });
    expect(setupLink.emailed).toBe(true);
    const url = `https://jealousfork.example${setupLink.path}`;
    const mail = await catcher.waitFor(to("luis@jealousfork.test"));
    expect(mail.subject).toBe("Owner invited you to the Jealous Fork admin console");
    expect(mail.from).toContain("orders@jealousfork.example");
    for (const part of [mail.html, mail.text]) {
      // The plain text writes the heading in capitals.
      expect(part.toLowerCase()).toContain("welcome, luis gómez!");
      expect(part).toContain("Owner invited you");
      expect(part).toContain(url);
      expect(part).toContain("24 hours");
    }
    // The link is the person's way in: in no log line, and not in the console's outbox once sent.
    expect(logs).not.toContain(tokenOf(setupLink.path));
    const outbox = await jsonOf(await call(adminMail, "/api/admin/mail", { headers: owner }));
    const row = outbox.messages.find((message: { kind: string }) => message.kind === "staff_setup_link");
    expect(row).toMatchObject({ recipient: "luis@jealousfork.test", status: "sent" });
    expect(JSON.stringify(outbox)).not.toContain(tokenOf(setupLink.path));
    const stored = await testDatabase().rows("SELECT payload FROM mail_outbox WHERE kind = 'staff_setup_link'");
    expect(JSON.stringify(stored)).not.toContain(tokenOf(setupLink.path));

    // The e-mailed link works.
    const set = await call(adminSetup, "/api/admin/setup", { body: { token: tokenOf(setupLink.path), password: "a long kitchen passphrase for the grill" }, headers: { origin: SITE_ORIGIN } });
    expect(set.status).toBe(200);
  });

  it("e-mails a new link when the owner makes one", async () => {
    const { account } = await jsonOf(await addPerson("Ana Ruiz", "ana.ruiz@jealousfork.test"));
    await settled();
    const again = await jsonOf(await call(adminStaff, `/api/admin/staff/${account.id}/setup-link`, { method: "POST", params: { id: account.id }, headers: owner }));
    expect(again.setupLink.emailed).toBe(true);
    await deliverDueMail();
    const mail = await catcher.waitFor((caught) => to("ana.ruiz@jealousfork.test")(caught) && caught.text.includes(tokenOf(again.setupLink.path)));
    expect(mail.subject).toBe("Owner invited you to the Jealous Fork admin console");
  });

  it("never sends a link that was replaced before its e-mail went out", async () => {
    const [{ id }] = await testDatabase().rows<{ id: string }>("SELECT id FROM staff_accounts WHERE email = $1", [DEVELOPMENT_OWNER_EMAIL]);
    const actor = { accountId: id!, name: "Owner", email: DEVELOPMENT_OWNER_EMAIL, role: "owner" as const, sessionId: "" };
    const { account } = await jsonOf(await addPerson("Rosa Vidal", "rosa@jealousfork.test"));
    await settled();
    // Two links made before the worker runs (as the functions do, without their immediate attempt).
    const first = await db.transaction((tx) => createSetupLink(actor, account, tx));
    const second = await db.transaction((tx) => createSetupLink(actor, account, tx));
    await deliverDueMail();
    await settled();
    const sent = catcher.messages().filter(to("rosa@jealousfork.test"));
    expect(sent.some((mail) => mail.text.includes(tokenOf(first.path)))).toBe(false);
    expect(sent.filter((mail) => mail.text.includes(tokenOf(second.path)))).toHaveLength(1);
    const given = await testDatabase().rows<{ status: string; last_error: string | null }>(
      "SELECT status, last_error FROM mail_outbox WHERE kind = 'staff_setup_link' AND recipient = 'rosa@jealousfork.test' ORDER BY id",
    );
    expect(given.slice(1).map((row) => row.status)).toEqual(["failed", "sent"]);
    expect(given[1]!.last_error).toBe("The set-up link was used, replaced or has run out: make a new one in the Staff tab.");
  });

  it("queues the e-mail in the link's transaction: a refused addition queues nothing", async () => {
    const before = await testDatabase().count("mail_outbox", "kind = 'staff_setup_link'");
    const again = await addPerson("Luis Again", "LUIS@jealousfork.test");
    expect(again.status).toBe(409);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_setup_link'")).toBe(before);
  });
});

describe("a link's e-mail left unsent", () => {
  it("loses its token to housekeeping once the link has run out", async () => {
    const [{ id }] = await testDatabase().rows<{ id: string }>("SELECT id FROM staff_accounts WHERE email = $1", [DEVELOPMENT_OWNER_EMAIL]);
    const actor = { accountId: id!, name: "Owner", email: DEVELOPMENT_OWNER_EMAIL, role: "owner" as const, sessionId: "" };
    const { account } = await jsonOf(await addPerson("Pablo Soto", "pablo@jealousfork.test"));
    await settled();
    // A new link queued, then mail switched off before any worker ran: its message waits.
    const link = await db.transaction((tx) => createSetupLink(actor, account, tx));
    delete process.env.SMTP_URL;
    const newest = async () =>
      (await testDatabase().rows<{ status: string; payload: unknown }>("SELECT status, payload FROM mail_outbox WHERE recipient = 'pablo@jealousfork.test' ORDER BY id DESC LIMIT 1"))[0]!;
    expect((await newest()).status).toBe("waiting");
    expect((await removeExpiredRecords(Date.now())).setupLinkMail).toBe(0);
    expect((await removeExpiredRecords(Date.now() + SETUP_LINK_LIFETIME_MS + 1000)).setupLinkMail).toBe(1);
    // A day on, the owner's session has ended too: signed in again for the next test.
    owner = await adminHeaders();
    const row = await newest();
    expect(row.status).toBe("failed");
    expect(JSON.stringify(row.payload)).not.toContain(tokenOf(link.path));
  });
});

describe("without mail", () => {
  it("says the link was not e-mailed, so the owner passes it on, and queues nothing", async () => {
    delete process.env.SMTP_URL;
    const before = await testDatabase().count("mail_outbox");
    const res = await addPerson("Marta Díaz", "marta@jealousfork.test");
    expect(res.status).toBe(201);
    expect((await jsonOf(res)).setupLink).toMatchObject({ emailed: false, path: expect.stringMatching(/^\/admin\/setup#/) });
    expect(await testDatabase().count("mail_outbox")).toBe(before);
  });
});
