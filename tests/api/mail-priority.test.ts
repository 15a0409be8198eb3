// Mail by importance: a flood of contact-form copies from many networks never holds a set-up link, a
// security notice or an order confirmation behind it at the provider's pace, and contact copies are capped
// per hour site-wide, the overflow kept in the console's messages (not lost) and the visitor answered as
// always. The provider is the SMTP catcher on 127.0.0.1 the other mail tests use.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import adminMessages from "../../netlify/functions/admin-messages.mts";
import { CONTACT_COPIES_PER_HOUR } from "../../src/domain/contactForm";
import { deliverDueMail } from "../../src/server/mail/worker";
import { claimDue } from "../../src/server/mail/outbox";
import { db } from "../../src/server/platform/database";
import { createSetupLink } from "../../src/server/staff/setupLinks";
import { queueSecurityNotice } from "../../src/server/staff/securityNotices";
import { DEVELOPMENT_OWNER_EMAIL } from "../../src/server/staff/adminSession";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import { useSiteMail } from "../support/siteMail";

const RESTAURANT = "manager@jealousfork.example";
const CUSTOMER = PICKUP_ORDER.customerInfo.email;
const NEW_PERSON = "luis@jealousfork.test";

useOrderServices();
const siteMail = useSiteMail();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = await adminHeaders();
  await testDatabase().rows(
    `INSERT INTO settings (key, value) VALUES ('mail_restaurant_address', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(RESTAURANT)],
  );
});
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM mail_outbox");
  await testDatabase().rows("DELETE FROM contact_messages");
});

/** The mail the provider received since `from` (its count before the test's sending). */
const caughtSince = (from: number) => siteMail.catcher.messages().slice(from);

/** A visitor's message through the form, from a network of its own (each network may send 5 per 10 minutes). */
let network = 0;
function sendContact(n: number) {
  network += 1;
  const body = { firstName: "Guest", lastName: String(n), email: `guest-${n}-${randomUUID().slice(0, 6)}@example.com`, message: "Table for two on Friday?" };
  return call(contact, "/contact", { method: "POST", body, ip: `2001:db8:${network.toString(16)}::1` });
}

/** The allowance held empty at a trickle, so the immediate attempts the functions start send nothing. */
async function holdSending(): Promise<void> {
  process.env.MAIL_RATE_PER_MINUTE = "1";
  await testDatabase().rows("UPDATE mail_send_pace SET tokens = 0, refreshed_at = now()");
}

async function ownerActor() {
  const [owner] = await testDatabase().rows<{ id: string }>("SELECT id FROM staff_accounts WHERE email = $1", [DEVELOPMENT_OWNER_EMAIL]);
  return { accountId: owner!.id, name: "Owner", email: DEVELOPMENT_OWNER_EMAIL, role: "owner" as const, sessionId: "" };
}

describe("the outbox sends by importance", () => {
  it("sends a set-up link, a security notice and an order confirmation queued after 25 contact copies first, at 60 a minute", { timeout: 60_000 }, async () => {
    await holdSending();
    for (let n = 1; n <= 25; n += 1) expect((await sendContact(n)).status).toBe(201);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_contact_message' AND status = 'waiting'")).toBe(25);

    // Then what matters: an order paid (its confirmation, and the restaurant's copy), a new person's
    // set-up link, and a security notice to the owner.
    const order = await postOrder(PICKUP_ORDER);
    expect(order.status).toBe(201);
    const actor = await ownerActor();
    const [person] = await testDatabase().rows<{ id: string }>(
      "INSERT INTO staff_accounts (id, name, email, role) VALUES (gen_random_uuid(), 'Luis Gómez', $1, 'staff') RETURNING id",
      [NEW_PERSON],
    );
    await db.transaction((tx) => createSetupLink(actor, { id: person!.id, email: NEW_PERSON, name: "Luis Gómez" }, tx));
    const notice = { event: "password-changed" as const, accountName: "Owner", accountEmail: DEVELOPMENT_OWNER_EMAIL, at: new Date().toISOString() };
    await db.transaction((tx) => queueSecurityNotice([DEVELOPMENT_OWNER_EMAIL], notice, tx));
    expect(await testDatabase().count("mail_outbox", "status = 'waiting'")).toBe(29);
    const before = siteMail.catcher.messages().length;

    // Production's pace, one a second, from an allowance of one.
    process.env.MAIL_RATE_PER_MINUTE = "60";
    await testDatabase().rows("UPDATE mail_send_pace SET tokens = 1, refreshed_at = now()");
    const started = Date.now();
    while (caughtSince(before).length < 4 && Date.now() - started < 30_000) await deliverDueMail({ budgetMs: 2_000 });

    const firstFour = caughtSince(before).slice(0, 4).map((mail) => mail.to[0]);
    // The staff's security first (the link and the notice), then the order's two messages.
    expect(new Set(firstFour.slice(0, 2))).toEqual(new Set([NEW_PERSON, DEVELOPMENT_OWNER_EMAIL]));
    expect(new Set(firstFour.slice(2))).toEqual(new Set([CUSTOMER, RESTAURANT]));
    const sentFirst = await testDatabase().rows<{ kind: string }>("SELECT kind FROM mail_outbox WHERE status = 'sent' ORDER BY sent_at, id LIMIT 4");
    expect(sentFirst.map((row) => row.kind).sort()).toEqual(["order_confirmed", "staff_new_order", "staff_security_notice", "staff_setup_link"]);
    // Every contact copy is still there, waiting its turn.
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_contact_message' AND status <> 'sent'")).toBeGreaterThanOrEqual(25 - (caughtSince(before).length - 4));
  });

  it("claims from the priority index, not by reading the whole backlog, with 20,000 contact copies waiting", async () => {
    await testDatabase().rows(
      `INSERT INTO mail_outbox (kind, dedupe_key, recipient)
       SELECT 'staff_contact_message', 'bulk:' || n, $1 FROM generate_series(1, 20000) n`,
      [RESTAURANT],
    );
    await testDatabase().rows("ANALYZE mail_outbox");
    const plan = await testDatabase().rows<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT id FROM mail_outbox WHERE status IN ('waiting', 'sending') AND next_attempt_at <= now()
       ORDER BY priority, next_attempt_at, id LIMIT 5 FOR UPDATE SKIP LOCKED`,
    );
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Index Scan using mail_outbox_due/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
    // And the claim itself takes the important one queued last.
    await testDatabase().rows("INSERT INTO mail_outbox (kind, dedupe_key, recipient) VALUES ('owner_test', 'owner_test:last', $1)", [DEVELOPMENT_OWNER_EMAIL]);
    const [first] = await claimDue(1);
    expect(first?.kind).toBe("owner_test");
  });
});

describe("contact copies are capped per hour", () => {
  it(`past ${CONTACT_COPIES_PER_HOUR} an hour, a message is stored and listed in the console without a copy, and the visitor is thanked as always`, async () => {
    await holdSending();
    for (let n = 1; n <= CONTACT_COPIES_PER_HOUR; n += 1) expect((await sendContact(n)).status).toBe(201);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_contact_message'")).toBe(CONTACT_COPIES_PER_HOUR);

    const over = await sendContact(999);
    expect(over.status).toBe(201);
    expect((await jsonOf(over)).message).toContain("Guest");
    expect(await testDatabase().count("contact_messages")).toBe(CONTACT_COPIES_PER_HOUR + 1);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_contact_message'")).toBe(CONTACT_COPIES_PER_HOUR);

    const listed = await jsonOf(await call(adminMessages, "/api/admin/messages", { headers: admin }));
    const kept = listed.messages.find((message: { lastName: string }) => message.lastName === "999");
    expect(kept).toMatchObject({ firstName: "Guest", message: "Table for two on Friday?", copyHeld: true });
    expect(listed.messages.filter((message: { copyHeld?: boolean }) => message.copyHeld)).toHaveLength(1);
  });

  it("e-mails copies again once the hour's copies are older than an hour", async () => {
    await holdSending();
    await testDatabase().rows(
      `INSERT INTO mail_outbox (kind, dedupe_key, recipient, status, sent_at, created_at)
       SELECT 'staff_contact_message', 'old:' || n, $1, 'sent', now() - interval '60 minutes', now() - interval '61 minutes' FROM generate_series(1, $2::int) n`,
      [RESTAURANT, CONTACT_COPIES_PER_HOUR],
    );
    expect((await sendContact(1)).status).toBe(201);
    expect(await testDatabase().count("mail_outbox", "kind = 'staff_contact_message' AND contact_message_id IS NOT NULL")).toBe(1);
    expect(await testDatabase().count("contact_messages", "copy_held")).toBe(0);
  });
});
