// The one "how was it?" e-mail after a pickup, and what the diner answers. A scheduled run (the mail
// outbox's, every minute) asks about each pickup completed 60 to 90 minutes ago, once: the request row
// (primary key: the order) and its e-mail are written by one statement, so runs that race ask once. A
// happy answer is noted (the page then offers the Google review link); an unhappy one becomes a contact
// message, which the database copies to the owner's inbox as any contact message; an opt-out is kept by
// a hash of the address keyed with the site's secret, and no such e-mail goes to it again.
import { createHash } from "node:crypto";
import feedback from "../../../content/feedback.json";
import { db } from "../platform/database";
import { keyedHash } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { comeBackMailOn } from "./settings";

/** How long after a pickup is completed the diner is asked (content/feedback.json). */
export const ASK_AFTER_MINUTES = feedback.minutesAfterPickup;
/** At most this many asked per run: a run that finds more leaves them to the next minute's. */
const PER_RUN = 200;

const plainHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const addressOf = (email: string) => email.trim().toLowerCase();
/** The key an opt-out is kept under (keyed with the site's secret): the address as typed is never stored for it. */
export const optOutKey = (email: string) => keyedHash(`opt-out:${addressOf(email)}`);
/** The keys an address may be found under: the keyed one, and the plain hash of rows kept before keys. */
const optOutKeys = (email: string) => [optOutKey(email), plainHash(addressOf(email))];

/** The addresses among `emails` that opted out. */
async function optedOutAmong(emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.all<{ email_hash: string; keyed: boolean }>(sql`
    SELECT email_hash, keyed FROM feedback_opt_outs WHERE email_hash = ANY(${emails.flatMap(optOutKeys)}::text[])`);
  const found = new Set(rows.map((row) => `${row.keyed}:${row.email_hash}`));
  return new Set(emails.filter((email) => found.has(`true:${optOutKey(email)}`) || found.has(`false:${plainHash(addressOf(email))}`)));
}

/**
 * Rewrites opt-outs kept before keys (a plain SHA-256) under the keyed hash, for each address found among
 * the orders; one whose address is nowhere stays as it is and is still honoured.
 */
export async function keyOldOptOuts(limit = 200): Promise<number> {
  const found = await db.all<{ email_hash: string; email: string }>(sql`
    SELECT DISTINCT ON (x.email_hash) x.email_hash, o.customer_email AS email
    FROM feedback_opt_outs x JOIN orders o ON encode(sha256(convert_to(lower(trim(o.customer_email)), 'UTF8')), 'hex') = x.email_hash
    WHERE NOT x.keyed LIMIT ${limit}`);
  for (const row of found) {
    await db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO feedback_opt_outs (email_hash, keyed) VALUES (${optOutKey(row.email)}, true) ON CONFLICT (email_hash) DO NOTHING`);
      await tx.run(sql`DELETE FROM feedback_opt_outs WHERE email_hash = ${row.email_hash} AND NOT keyed`);
    });
  }
  return found.length;
}

/**
 * Queues the e-mail for every pickup completed 60 to 90 minutes before `now` not yet asked about and
 * whose diner did not opt out, when owners turned it on; answers how many were queued.
 */
export async function queueComeBackMail(now: Date): Promise<number> {
  if (!(await comeBackMailOn())) return 0;
  await keyOldOptOuts();
  // The opt-outs are keyed with the site's secret, which SQL does not hold: the due pickups are read, and
  // those whose address opted out are left out before the one statement that asks.
  const candidates = await db.all<{ id: string; customer_email: string }>(sql`
    SELECT o.id, o.customer_email FROM orders o
    WHERE o.status = 'completed' AND o.order_type = 'pickup'
      AND o.completed_at > ${now}::timestamptz - make_interval(mins => ${ASK_AFTER_MINUTES.to})
      AND o.completed_at <= ${now}::timestamptz - make_interval(mins => ${ASK_AFTER_MINUTES.from})
      AND NOT EXISTS (SELECT 1 FROM feedback_requests f WHERE f.order_id = o.id)
    ORDER BY o.completed_at LIMIT ${PER_RUN}`);
  const optedOutNow = await optedOutAmong([...new Set(candidates.map((row) => row.customer_email))]);
  const ids = candidates.filter((row) => !optedOutNow.has(row.customer_email)).map((row) => row.id);
  if (ids.length === 0) return 0;
  const rows = await db.all<{ id: string }>(sql`
    WITH due AS MATERIALIZED (
      SELECT o.id, o.customer_email, o.locale,
             replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') AS token
      FROM orders o
      WHERE o.id = ANY(${ids}) AND o.status = 'completed' AND o.order_type = 'pickup'
        AND o.completed_at > ${now}::timestamptz - make_interval(mins => ${ASK_AFTER_MINUTES.to})
        AND o.completed_at <= ${now}::timestamptz - make_interval(mins => ${ASK_AFTER_MINUTES.from})
        AND NOT EXISTS (SELECT 1 FROM feedback_requests f WHERE f.order_id = o.id)
      ORDER BY o.completed_at LIMIT ${PER_RUN}
    ), asked AS (
      INSERT INTO feedback_requests (order_id, token_hash, email)
      SELECT id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), customer_email FROM due
      ON CONFLICT (order_id) DO NOTHING
      RETURNING order_id
    )
    INSERT INTO mail_outbox (kind, dedupe_key, order_id, recipient, language, payload, priority)
    SELECT 'diner_come_back', 'diner_come_back:' || due.id, due.id, due.customer_email, coalesce(due.locale, 'en'),
           jsonb_build_object('token', due.token), 3
    FROM due JOIN asked ON asked.order_id = due.id
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`);
  return rows.length;
}

export interface FeedbackRequest {
  orderId: string;
  orderNumber: string;
  email: string;
  customerName: string;
  customerPhone: string;
  answer: "happy" | "unhappy" | null;
  contactMessageId: string | null;
}

interface RequestRow {
  order_id: string;
  order_number: string;
  email: string;
  customer_name: string;
  customer_phone: string;
  answer: "happy" | "unhappy" | null;
  contact_message_id: string | null;
}

const TOKEN_SHAPE = /^[0-9a-f]{64}$/;

/** The request a link's token belongs to, or null (unknown, or not a token's shape). */
export async function requestOfToken(token: string): Promise<FeedbackRequest | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db.one<RequestRow>(sql`
    SELECT f.order_id, o.order_number, f.email, o.customer_name, o.customer_phone, f.answer, f.contact_message_id
    FROM feedback_requests f JOIN orders o ON o.id = f.order_id WHERE f.token_hash = ${plainHash(token)}`);
  return row
    ? {
        orderId: row.order_id,
        orderNumber: row.order_number,
        email: row.email,
        customerName: row.customer_name,
        customerPhone: row.customer_phone,
        answer: row.answer,
        contactMessageId: row.contact_message_id,
      }
    : null;
}

/** Notes a happy answer (an unhappy one already sent stands). */
export async function answerHappy(token: string, now: Date): Promise<void> {
  await db.run(sql`
    UPDATE feedback_requests SET answer = 'happy', answered_at = ${now}
    WHERE token_hash = ${plainHash(token)} AND contact_message_id IS NULL`);
}

/**
 * An unhappy answer becomes a contact message from the diner (their name, e-mail and phone from the
 * order, the order's number in its text), which the database copies to the owner's inbox. Once per
 * request: false when this request's message was already sent.
 */
export async function answerUnhappy(request: FeedbackRequest, message: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.one<{ order_id: string }>(sql`
      SELECT order_id FROM feedback_requests WHERE order_id = ${request.orderId} AND contact_message_id IS NULL FOR UPDATE`);
    if (!claimed) return false;
    const [firstName = "", ...rest] = request.customerName.trim().split(/\s+/);
    const contact = await tx.one<{ id: string }>(sql`
      INSERT INTO contact_messages (id, first_name, last_name, email, phone, message, created_at, copy_held)
      VALUES (gen_random_uuid(), ${firstName.slice(0, 100)}, ${rest.join(" ").slice(0, 100)}, ${request.email},
              ${request.customerPhone || null}, ${`After pickup order #${request.orderNumber}, not happy:\n\n${message}`}, ${new Date()}, false)
      RETURNING id`);
    await tx.run(sql`
      UPDATE feedback_requests SET answer = 'unhappy', answered_at = ${now}, contact_message_id = ${contact!.id}::uuid
      WHERE order_id = ${request.orderId}`);
    return true;
  });
}

/** Never asks this address again, and drops its asks still waiting in the outbox. */
export async function optOut(email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`INSERT INTO feedback_opt_outs (email_hash) VALUES (${optOutKey(email)}) ON CONFLICT (email_hash) DO NOTHING`);
    await tx.run(sql`
      UPDATE mail_outbox SET status = 'failed', last_error = 'The diner opted out of these e-mails.', payload = payload - 'token'
      WHERE kind = 'diner_come_back' AND status = 'waiting' AND lower(trim(recipient)) = lower(trim(${email}))`);
  });
}

/** Whether an address opted out (checked again when a queued e-mail is about to go). */
export async function optedOut(email: string): Promise<boolean> {
  return (await optedOutAmong([email])).size > 0;
}

/** Where a happy diner is invited to say so: the restaurant's Google review link (content/feedback.json). */
export const GOOGLE_REVIEW_URL = feedback.googleReviewUrl;
