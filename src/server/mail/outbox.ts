// The outbox of e-mails (table mail_outbox): rows are queued by the database in the transaction of the
// change that causes them (see the migration 20261125230000_mail_outbox.sql); here a worker claims the
// due ones, notes each outcome with its backoff, and the console lists them and sends one again.
import { randomUUID } from "node:crypto";
import type { MailKind, MailStatus, OutboxMessage } from "../../domain/mailReadModel";
import { db, type Queries } from "../platform/database";
import { serverConfig } from "../config";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";

export type { MailStatus, OutboxMessage };

/** Minutes to wait after each failed attempt; after the last, the message is given up (failed). */
export const RETRY_BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360, 720] as const;
export const MAX_ATTEMPTS = RETRY_BACKOFF_MINUTES.length + 1;
/** How long a claimed message is left to its worker before another may take it (a worker that died). */
export const CLAIM_LEASE_SECONDS = 120;

interface OutboxRow {
  id: string | number;
  kind: MailKind;
  order_id: string | null;
  contact_message_id: string | null;
  gift_card_sale_id?: string | null;
  recipient: string;
  language: "en" | "es";
  payload: Record<string, unknown> | string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

function messageOf(row: OutboxRow): OutboxMessage {
  return {
    id: Number(row.id),
    kind: row.kind,
    orderId: row.order_id,
    contactMessageId: row.contact_message_id,
    giftCardSaleId: row.gift_card_sale_id ?? null,
    recipient: row.recipient,
    language: row.language,
    payload: typeof row.payload === "string" ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    lastError: row.last_error,
    sentAt: row.sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Claims up to `limit` due messages for this worker, the most important first (the row's priority, from its
 * kind: staff security, then order and customer mail, then contact copies; the migration
 * 20261128040000_mail_priority.sql), oldest first within each: a flood of contact copies waits behind a
 * set-up link or an order confirmation queued after it. Each is marked sending for the lease and counted
 * as an attempt. SKIP LOCKED lets two workers (the scheduled one and an immediate one) take different rows.
 * `on`: the transaction that holds the sending pace (./pace.ts), so the claim and its allowance are one.
 */
export async function claimDue(limit: number, on: Queries = db): Promise<OutboxMessage[]> {
  const rows = await on.all<OutboxRow>(sql`
    UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status IN ('waiting', 'sending') AND next_attempt_at <= now()
      ORDER BY priority, next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  return rows.map(messageOf).sort((a, b) => a.id - b.id);
}

/**
 * A payload without its secret: a set-up link's token is kept only until its message is sent or given
 * up, and never shown in the console's outbox.
 */
function withoutSecrets(message: OutboxMessage): OutboxMessage {
  if (!("token" in message.payload)) return message;
  const { token: _token, ...payload } = message.payload;
  return { ...message, payload };
}

/** Whether mail goes anywhere: SMTP_URL (locally, `npm run dev` points it at its mail catcher). */
export function mailConfigured(): boolean {
  return Boolean(serverConfig().SMTP_URL);
}

export interface SetupLinkMail {
  recipient: string;
  /** The person's name, and who invited them. */
  name: string;
  invitedBy: string;
  /** The link's token: kept in the payload only until the message is sent or given up. */
  token: string;
  tokenHash: string;
  expiresAt: string;
}

/** Queues the e-mail of a set-up link in `on`, the transaction that makes the link. */
export async function queueSetupLinkMail(mail: SetupLinkMail, on: Queries): Promise<void> {
  const payload = { name: mail.name, invitedBy: mail.invitedBy, token: mail.token, expiresAt: mail.expiresAt };
  await on.run(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
    VALUES ('staff_setup_link', ${`staff_setup_link:${mail.tokenHash}`}, ${mail.recipient}, ${JSON.stringify(payload)}::jsonb)`);
}

/** The message went out. Only the worker holding it (status sending, this attempt) may say so. */
export async function markSent(message: OutboxMessage): Promise<void> {
  await db.run(sql`
    UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL, payload = payload - 'token'
    WHERE id = ${message.id} AND status = 'sending' AND attempts = ${message.attempts}`);
}

/** The attempt failed: try again after its backoff, or give up after the last attempt. */
export async function markFailed(message: OutboxMessage, reason: string): Promise<MailStatus> {
  const giveUp = message.attempts >= MAX_ATTEMPTS;
  const waitMinutes = RETRY_BACKOFF_MINUTES[Math.min(message.attempts, RETRY_BACKOFF_MINUTES.length) - 1] ?? 1;
  const status: MailStatus = giveUp ? "failed" : "waiting";
  await db.run(sql`
    UPDATE mail_outbox SET status = ${status}, last_error = ${reason.slice(0, 500)}, last_failed_at = now(),
      next_attempt_at = now() + make_interval(mins => ${waitMinutes}),
      payload = CASE WHEN ${giveUp} THEN payload - 'token' ELSE payload END
    WHERE id = ${message.id} AND status = 'sending' AND attempts = ${message.attempts}`);
  return status;
}

/** A message that cannot be built (its order is gone): no retry will help. */
export async function markUndeliverable(message: OutboxMessage, reason: string): Promise<void> {
  await db.run(sql`
    UPDATE mail_outbox SET status = 'failed', last_error = ${reason.slice(0, 500)}, last_failed_at = now(), payload = payload - 'token'
    WHERE id = ${message.id} AND status = 'sending' AND attempts = ${message.attempts}`);
}

/**
 * Staff send a message again (failed, or sent and lost in a spam folder): due now, attempts counted
 * afresh. A person's resend writes its activity row (the message's status before and after) in the same transaction.
 */
export async function resend(id: number, actor?: ActivityActor): Promise<OutboxMessage | null> {
  return db.transaction(async (tx) => {
    const before = await tx.one<{ status: MailStatus }>(sql`SELECT status FROM mail_outbox WHERE id = ${id} AND status <> 'sending' FOR UPDATE`);
    if (!before) return null;
    const row = await tx.one<OutboxRow>(sql`
      UPDATE mail_outbox SET status = 'waiting', attempts = 0, next_attempt_at = now(), last_error = NULL
      WHERE id = ${id} AND status <> 'sending'
      RETURNING *`);
    if (!row) return null;
    if (actor) await recordActivity(actor, { action: "mail.resend", target: String(id), before: { status: before.status }, after: { status: row.status } }, tx);
    return withoutSecrets(messageOf(row));
  });
}

/** The newest messages first, optionally of one status, for the console. */
export async function listOutbox(options: { status?: MailStatus; limit?: number } = {}): Promise<OutboxMessage[]> {
  const rows = await db.all<OutboxRow>(sql`
    SELECT * FROM mail_outbox WHERE (${options.status ?? null}::text IS NULL OR status = ${options.status ?? null})
    ORDER BY created_at DESC, id DESC LIMIT ${options.limit ?? 100}`);
  return rows.map((row) => withoutSecrets(messageOf(row)));
}

/** How many messages are in each status (the console's summary). */
export async function outboxCounts(): Promise<Record<MailStatus, number>> {
  const rows = await db.all<{ status: MailStatus; n: number }>(sql`SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status`);
  const counts: Record<MailStatus, number> = { waiting: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Queues the go-live checklist's test message to the owner who asked (a new one each time). */
export async function queueOwnerTestMail(recipient: string, name: string): Promise<number> {
  const row = await db.one<{ id: string }>(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
    VALUES ('owner_test', ${`owner_test:${randomUUID()}`}, ${recipient}, ${JSON.stringify({ name })}::jsonb) RETURNING id`);
  return Number(row!.id);
}

/** The outbox as the go-live checklist shows it: the last message out, the last failure, and what waits. */
export interface OutboxHealth {
  lastSentAt: string | null;
  lastFailure: { at: string; reason: string } | null;
  /** Messages waiting or being sent, and since when the oldest of them waits. */
  backlog: number;
  oldestWaitingSince: string | null;
}

export async function outboxHealth(): Promise<OutboxHealth> {
  const row = await db.one<{ last_sent: Date | null; failed_at: Date | null; failed_reason: string | null; backlog: number; oldest: Date | null }>(sql`
    SELECT (SELECT max(sent_at) FROM mail_outbox) AS last_sent,
      failure.last_failed_at AS failed_at, failure.last_error AS failed_reason,
      (SELECT count(*)::int FROM mail_outbox WHERE status IN ('waiting', 'sending')) AS backlog,
      (SELECT min(created_at) FROM mail_outbox WHERE status IN ('waiting', 'sending')) AS oldest
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (
      SELECT last_failed_at, last_error FROM mail_outbox WHERE last_failed_at IS NOT NULL ORDER BY last_failed_at DESC LIMIT 1) AS failure ON true`);
  return {
    lastSentAt: row?.last_sent?.toISOString() ?? null,
    lastFailure: row?.failed_at ? { at: row.failed_at.toISOString(), reason: row.failed_reason ?? "" } : null,
    backlog: row?.backlog ?? 0,
    oldestWaitingSince: row?.oldest?.toISOString() ?? null,
  };
}

const RESTAURANT_ADDRESS_KEY = "mail_restaurant_address";

/** Where copies of new orders and contact messages go (a console setting), or null for none. */
export async function restaurantAddress(): Promise<string | null> {
  const row = await db.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${RESTAURANT_ADDRESS_KEY}`);
  return typeof row?.value === "string" && row.value ? row.value : null;
}

/** Sets (or with null removes) the address for copies; a person's change writes its activity row in the same transaction. */
export async function setRestaurantAddress(address: string | null, actor?: ActivityActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${RESTAURANT_ADDRESS_KEY} FOR UPDATE`);
    if (!address) {
      await tx.run(sql`DELETE FROM settings WHERE key = ${RESTAURANT_ADDRESS_KEY}`);
    } else {
      await tx.run(sql`
        INSERT INTO settings (key, value) VALUES (${RESTAURANT_ADDRESS_KEY}, ${JSON.stringify(address)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    }
    if (actor) {
      const previous = typeof before?.value === "string" && before.value ? before.value : null;
      await recordActivity(actor, { action: "settings.mail", target: "restaurant address", before: { restaurantAddress: previous }, after: { restaurantAddress: address || null } }, tx);
    }
  });
}
