// Mail at the provider's pace: the outbox drains no faster than MAIL_RATE_PER_MINUTE however many
// workers run, a provider answering "later" (SMTP 421, 452) is tried again and never given up, and a
// backlog older than five minutes shows in the console and, once it clears, e-mails the owners once.
// The provider is an SMTP server on 127.0.0.1 (smtp-server) answering with SMTP's own reply codes.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import adminMail from "../../netlify/functions/admin-mail.mts";
import { MAX_ATTEMPTS } from "../../src/server/mail/outbox";
import { noteBacklog, outboxBacklog } from "../../src/server/mail/pace";
import { deliverDueMail } from "../../src/server/mail/worker";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";

/** What the provider received: the Reply-To of each message (each contact message has its own), with when. */
const received: { replyTo: string; at: number }[] = [];
/** The provider answers this code to the next recipients, then accepts. */
let refuseNext: { code: number; times: number } = { code: 0, times: 0 };
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext.times > 0) {
        refuseNext.times -= 1;
        const error = Object.assign(new Error("Too many messages, slow down and try later"), { responseCode: refuseNext.code });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ replyTo: /^Reply-To:\s*(\S+)/im.exec(raw)?.[1] ?? "", at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" });
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
beforeEach(async () => {
  received.length = 0;
  refuseNext = { code: 0, times: 0 };
  await testDatabase().rows("DELETE FROM mail_outbox");
  await testDatabase().rows("DELETE FROM settings WHERE key = 'mail_backlog'");
});

/** `count` contact messages, each with its outbox row for the restaurant, queued `minutesAgo`. */
async function queueContactMail(count: number, minutesAgo = 0): Promise<string[]> {
  const rows = await testDatabase().rows<{ email: string }>(
    `WITH made AS (
       INSERT INTO contact_messages (id, first_name, last_name, email, message, created_at)
       SELECT gen_random_uuid(), 'Guest', n::text, $2 || n || '@example.com', 'Table for two?', now() - make_interval(mins => $3)
       FROM generate_series(1, $1::int) n RETURNING id, email, created_at),
     queued AS (
       INSERT INTO mail_outbox (kind, dedupe_key, contact_message_id, recipient, created_at)
       SELECT 'staff_contact_message', 'staff_contact_message:' || id, id, 'manager@jealousfork.example', created_at FROM made)
     SELECT email FROM made`,
    [count, `guest-${randomUUID().slice(0, 8)}-`, minutesAgo],
  );
  return rows.map((row) => row.email);
}

describe("the outbox at the provider's pace", () => {
  it("drains 2,000 queued messages with three workers at once at the set rate: 0 lost, 0 sent twice", { timeout: 120_000 }, async () => {
    process.env.MAIL_RATE_PER_MINUTE = "12000"; // 200 a second: the test's scale; production's default is 60 a minute
    const queued = await queueContactMail(2_000);
    const started = Date.now();
    while ((await testDatabase().count("mail_outbox", "status <> 'sent'")) > 0 && Date.now() - started < 100_000) {
      await Promise.all([1, 2, 3].map(() => deliverDueMail({ batch: 25, budgetMs: 5_000 })));
    }
    const elapsed = (Date.now() - started) / 1000;
    expect(await testDatabase().count("mail_outbox", "status = 'sent'")).toBe(2_000);
    const sent = received.map((mail) => mail.replyTo);
    expect(new Set(sent).size).toBe(2_000);
    expect(sent.length).toBe(2_000);
    expect(new Set(sent)).toEqual(new Set(queued));
    // 200 a second with a second's allowance saved up: no faster than that, whatever the three workers did.
    expect(elapsed).toBeGreaterThanOrEqual((2_000 - 200) / 200);
    const times = received.map((mail) => mail.at).sort((a, b) => a - b);
    const busiestSecond = Math.max(...times.map((at, index) => times.slice(index).findIndex((later) => later - at >= 1_000) + 1 || times.length - index));
    expect(busiestSecond).toBeLessThanOrEqual(2 * 200 + 25);
  });

  it("sends no faster than MAIL_RATE_PER_MINUTE: 60 messages at 600 a minute take about 6 s, never more than a second's worth at once", { timeout: 60_000 }, async () => {
    process.env.MAIL_RATE_PER_MINUTE = "600";
    await testDatabase().rows("UPDATE mail_send_pace SET tokens = 0, refreshed_at = now()");
    await queueContactMail(60);
    const started = Date.now();
    while ((await testDatabase().count("mail_outbox", "status <> 'sent'")) > 0 && Date.now() - started < 40_000) {
      await Promise.all([1, 2].map(() => deliverDueMail({ batch: 10, budgetMs: 4_000 })));
    }
    const elapsed = (Date.now() - started) / 1000;
    expect(received.length).toBe(60);
    expect(elapsed).toBeGreaterThanOrEqual(5.5);
    const times = received.map((mail) => mail.at).sort((a, b) => a - b);
    const perSecond = times.map((at) => times.filter((later) => later >= at && later - at < 1_000).length);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(2 * 10);
  });

  it("tries a message again later when the provider says 421 or 452, never spending its attempts, so it is never given up", async () => {
    process.env.MAIL_RATE_PER_MINUTE = "60000";
    const [guest] = await queueContactMail(1);
    for (let round = 0; round < MAX_ATTEMPTS + 2; round += 1) {
      refuseNext = { code: round % 2 ? 421 : 452, times: 1 };
      await deliverDueMail({ budgetMs: 2_000 });
      const [row] = await testDatabase().rows<{ status: string; attempts: number; wait: number }>(
        "SELECT status, attempts, extract(epoch FROM next_attempt_at - now())::int AS wait FROM mail_outbox",
      );
      expect(row).toMatchObject({ status: "waiting", attempts: 0 });
      expect(row!.wait).toBeGreaterThan(30);
      await testDatabase().rows("UPDATE mail_outbox SET next_attempt_at = now()");
    }
    expect(received).toEqual([]);
    await deliverDueMail({ budgetMs: 2_000 });
    expect(received.map((mail) => mail.replyTo)).toEqual([guest]);
    expect(await testDatabase().count("mail_outbox", "status = 'sent'")).toBe(1);
  });
});

describe("a mail backlog", () => {
  it("older than five minutes shows in the console, and once it clears the owners get one e-mail saying so", async () => {
    process.env.MAIL_RATE_PER_MINUTE = "60000";
    await testDatabase().rows(
      "INSERT INTO staff_accounts (id, name, email, role) VALUES (gen_random_uuid(), 'Marta', 'marta@jealousfork.example', 'owner') ON CONFLICT DO NOTHING",
    );
    const admin = await adminHeaders();
    await queueContactMail(3, 2);
    expect((await outboxBacklog()).late).toBe(false);
    await queueContactMail(4, 7);
    const console = await jsonOf(await call(adminMail, "/api/admin/mail", { method: "GET", headers: admin }));
    expect(console.backlog).toMatchObject({ unsent: 7, late: true });
    expect(await noteBacklog()).toBe("late");

    // The provider takes them again: the backlog clears, and the owners hear of it once.
    await deliverDueMail({ budgetMs: 5_000 });
    const notes = await testDatabase().rows<{ recipient: string; status: string }>("SELECT recipient, status FROM mail_outbox WHERE kind = 'staff_mail_backlog'");
    expect(notes.map((note) => note.recipient)).toContain("marta@jealousfork.example");
    await deliverDueMail({ budgetMs: 5_000 });
    expect(await noteBacklog()).toBe("none");
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_mail_backlog' AND recipient = 'marta@jealousfork.example'")).toBe(1);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_mail_backlog' AND status = 'sent'")).toBe(notes.length);
    expect((await outboxBacklog()).late).toBe(false);
  });
});

describe("the outbox's kinds", () => {
  it("still allow every kind the site writes once the backlog's kind is added", async () => {
    const { MAIL_KINDS } = await import("../../src/domain/mailReadModel");
    const [row] = await testDatabase().rows<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'mail_outbox_kind_check'",
    );
    for (const kind of MAIL_KINDS) expect(row!.def).toContain(kind);
  });
});
