// Mail at the provider's pace: every worker takes messages from one allowance held in the database (a
// token bucket refilled at MAIL_RATE_PER_MINUTE), a provider saying "too many, later" (SMTP 421, 450-452,
// or 429) puts the message back without spending one of its attempts, and a backlog older than five
// minutes is shown to staff and, once it clears, told to the owners by e-mail.
import { BACKLOG_LATE_MINUTES, type MailBacklog } from "../../domain/mailReadModel";
import { serverConfig } from "../config";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { claimDue, type OutboxMessage } from "./outbox";

export type { MailBacklog };

/** Seconds of sending the allowance may save up (so a quiet hour does not become a burst). */
const BURST_SECONDS = 1;

export interface PacedClaim {
  messages: OutboxMessage[];
  /** Milliseconds until the allowance has room for one more, when it had none (0 when it had room). */
  waitMs: number;
}

/**
 * Claims up to `limit` due messages within the sending allowance, in one transaction that holds the
 * allowance's row: two workers at once take turns, and each message is claimed by one of them
 * (claimDue's SKIP LOCKED). Only messages actually claimed are taken from the allowance.
 */
export async function claimWithinPace(limit: number, ratePerMinute = serverConfig().MAIL_RATE_PER_MINUTE): Promise<PacedClaim> {
  const perSecond = ratePerMinute / 60;
  const burst = Math.max(1, perSecond * BURST_SECONDS);
  return db.transaction(async (tx) => {
    // clock_timestamp, not now(): a transaction that waited for the row must not refill from its own start.
    const pace = await tx.one<{ tokens: number }>(sql`
      UPDATE mail_send_pace
      SET tokens = least(${burst}::float8, tokens + greatest(0, extract(epoch FROM clock_timestamp() - refreshed_at)) * ${perSecond}::float8),
          refreshed_at = greatest(refreshed_at, clock_timestamp())
      RETURNING tokens`);
    const tokens = pace?.tokens ?? burst;
    const allowed = Math.min(limit, Math.floor(tokens));
    if (allowed < 1) return { messages: [], waitMs: Math.ceil(((1 - tokens) / perSecond) * 1000) };
    const messages = await claimDue(allowed, tx);
    if (messages.length > 0) await tx.run(sql`UPDATE mail_send_pace SET tokens = greatest(0, tokens - ${messages.length})`);
    return { messages, waitMs: 0 };
  });
}

/**
 * Whether the provider refused for now and asks to be tried later: SMTP's 421 (service busy, closing),
 * 450-452 (mailbox busy, local error, too many messages or recipients), or an HTTP API's 429.
 */
export function isProviderBusy(error: unknown): boolean {
  const code = (error as { responseCode?: unknown; status?: unknown; statusCode?: unknown } | null) ?? {};
  const status = Number(code.responseCode ?? code.status ?? code.statusCode);
  return status === 421 || status === 450 || status === 451 || status === 452 || status === 429;
}

/** How long a message the provider deferred waits before it is tried again. */
export const DEFERRED_SECONDS = 60;

/**
 * The provider said "later": the message waits again, and the attempt it was claimed with is given back,
 * so however long the provider keeps saying it, the message is never given up (never lost).
 */
export async function markDeferred(message: OutboxMessage, reason: string): Promise<void> {
  await db.run(sql`
    UPDATE mail_outbox SET status = 'waiting', attempts = greatest(0, attempts - 1), last_error = ${reason.slice(0, 500)}, last_failed_at = now(),
      next_attempt_at = now() + make_interval(secs => ${DEFERRED_SECONDS})
    WHERE id = ${message.id} AND status = 'sending' AND attempts = ${message.attempts}`);
}

/** The mail not yet sent, and whether its oldest has waited past BACKLOG_LATE_MINUTES (what the console shows). */
export async function outboxBacklog(): Promise<MailBacklog> {
  const row = await db.one<{ unsent: number; oldest: Date | null; late: boolean }>(sql`
    SELECT count(*)::int AS unsent, min(created_at) AS oldest,
           coalesce(min(created_at) < now() - make_interval(mins => ${BACKLOG_LATE_MINUTES}), false) AS late
    FROM mail_outbox WHERE status IN ('waiting', 'sending')`);
  return { unsent: row?.unsent ?? 0, oldestQueuedAt: row?.oldest?.toISOString() ?? null, late: row?.late ?? false };
}

const BACKLOG_KEY = "mail_backlog";

/**
 * Remembers a late backlog when it is first seen (its start and its largest size); once no message has
 * waited past the limit any more, queues one e-mail to each owner saying how long mail was late, and
 * forgets it. One transaction on the settings row: two workers never both queue the e-mail.
 */
export async function noteBacklog(): Promise<"late" | "cleared" | "none"> {
  const backlog = await outboxBacklog();
  return db.transaction(async (tx) => {
    const known = await tx.one<{ value: { since: string; largest: number } }>(sql`SELECT value FROM settings WHERE key = ${BACKLOG_KEY} FOR UPDATE`);
    if (backlog.late) {
      const since = known?.value.since ?? backlog.oldestQueuedAt!;
      const largest = Math.max(known?.value.largest ?? 0, backlog.unsent);
      if (!known) log("warn", "mail is late: the oldest unsent message has waited over 5 minutes", { unsent: backlog.unsent, since });
      await tx.run(sql`
        INSERT INTO settings (key, value) VALUES (${BACKLOG_KEY}, ${JSON.stringify({ since, largest })}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
      return "late";
    }
    if (!known) return "none";
    const clearedAt = new Date().toISOString();
    const payload = JSON.stringify({ since: known.value.since, clearedAt, largest: known.value.largest });
    await tx.run(sql`
      INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
      SELECT 'staff_mail_backlog', 'staff_mail_backlog:' || ${known.value.since} || ':' || email, email, ${payload}::jsonb
      FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL
      ON CONFLICT (dedupe_key) DO NOTHING`);
    await tx.run(sql`DELETE FROM settings WHERE key = ${BACKLOG_KEY}`);
    log("info", "the mail backlog cleared; the owners are told", { since: known.value.since, largest: known.value.largest });
    return "cleared";
  });
}
