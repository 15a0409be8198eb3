// Removes the records that only matter for a while, so the database does not grow without bound:
// counters whose window has ended, sessions whose time is up (or that were ended), sign-in failures
// forgotten after a quiet day, used or lapsed set-up links and passkey ceremonies (and the token of a set-up
// link's e-mail never sent, once the link has run out), sign-in codes an hour after they ran out (and the
// code of an e-mail never sent, once it has), diners' used or lapsed links, ended sessions and passkey ceremonies, networks an account has not signed in from for 90 days, staff activity older than a year, the local test gateway's payments,
// contact messages handled a year ago, and Square notifications long past Square's retries. Run by the scheduled reconciliation
// (netlify/functions/orders-reconcile.mts).
import { db } from "./platform/database";
import { log } from "./platform/http";
import { sql } from "./platform/sql";
import { ACTIVITY_LIFETIME_MS } from "./audit";
import { IDLE_TIMEOUT_MS, SETUP_LINK_LIFETIME_MS, QUIET_RESET_MS, CODE_LIFETIME_MS, KNOWN_NETWORK_MS } from "./staff";
import { DINER_IDLE_TIMEOUT_MS } from "./accounts";

/** Longer than every rate limit's, budget's and sign-in window (the longest is a day: texts per account). */
export const COUNTER_LIFETIME_MS = 25 * 60 * 60 * 1000;
/** The owner's budget alarms stay in the console's banner for a day; kept a month for the record. */
const BUDGET_ALARM_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Messages staff marked handled are kept a year, then removed; unhandled ones are never removed. */
export const HANDLED_MESSAGE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** Square retries a notification for up to 3 days; its event id is kept well beyond, then forgotten. */
export const SQUARE_EVENT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A scheduled function has 30 s: one run removes at most this many rows of each kind, the next goes on. */
const MAX_REMOVALS_PER_RUN = 5000;

export interface Housekeeping {
  counters: number;
  sessions: number;
  handledMessages: number;
  squareEvents: number;
  signInFailures: number;
  setupLinks: number;
  passkeyCeremonies: number;
  setupLinkMail: number;
  signInCodes: number;
  signInCodeMail: number;
  knownNetworks: number;
  activity: number;
  dinerLinks: number;
  dinerSessions: number;
  dinerPasskeyCeremonies: number;
  budgetAlarms: number;
}

export async function removeExpiredRecords(now = Date.now()): Promise<Housekeeping> {
  const result: Housekeeping = {
    counters: await db.run(sql`
      DELETE FROM counters WHERE ctid IN (
        SELECT ctid FROM counters WHERE window_start < ${new Date(now - COUNTER_LIFETIME_MS)} LIMIT ${MAX_REMOVALS_PER_RUN})`),
    sessions: await db.run(sql`
      DELETE FROM admin_sessions WHERE expires_at <= ${new Date(now)} OR last_seen_at <= ${new Date(now - IDLE_TIMEOUT_MS)} OR revoked_at IS NOT NULL`),
    handledMessages: await db.run(sql`
      DELETE FROM contact_messages WHERE id IN (
        SELECT id FROM contact_messages WHERE handled AND handled_at < ${new Date(now - HANDLED_MESSAGE_LIFETIME_MS)}
        LIMIT ${MAX_REMOVALS_PER_RUN})`),
    squareEvents: await db.run(sql`
      DELETE FROM square_events WHERE event_id IN (
        SELECT event_id FROM square_events WHERE received_at < ${new Date(now - SQUARE_EVENT_LIFETIME_MS)} LIMIT ${MAX_REMOVALS_PER_RUN})`),
    signInFailures: await db.run(sql`DELETE FROM sign_in_failures WHERE last_failure_at < ${new Date(now - QUIET_RESET_MS)}`),
    setupLinks: await db.run(sql`DELETE FROM staff_setup_links WHERE expires_at <= ${new Date(now)} OR used_at IS NOT NULL`),
    passkeyCeremonies: await db.run(sql`DELETE FROM webauthn_challenges WHERE expires_at <= ${new Date(now)}`),
    // A set-up link's e-mail still unsent when its link ran out (mail was switched off meanwhile): given up, its token gone.
    setupLinkMail: await db.run(sql`
      UPDATE mail_outbox SET status = 'failed', payload = payload - 'token', last_error = 'The set-up link ran out before its e-mail was sent.'
      WHERE kind = 'staff_setup_link' AND payload ? 'token' AND status <> 'sending'
        AND created_at < ${new Date(now - SETUP_LINK_LIFETIME_MS)}`),
    // An hour after it ran out: the unused codes of the last hour are what an account's code e-mails are capped by.
    signInCodes: await db.run(sql`DELETE FROM staff_sign_in_codes WHERE expires_at < ${new Date(now - 60 * 60 * 1000)}`),
    signInCodeMail: await db.run(sql`
      UPDATE mail_outbox SET status = 'failed', payload = payload - 'token', last_error = 'The sign-in code ran out before its e-mail was sent.'
      WHERE kind = 'staff_security_notice' AND payload->>'event' = 'sign-in-code' AND payload ? 'token' AND status <> 'sending'
        AND created_at < ${new Date(now - CODE_LIFETIME_MS)}`),
    knownNetworks: await db.run(sql`DELETE FROM staff_known_networks WHERE last_signed_in_at < ${new Date(now - KNOWN_NETWORK_MS)}`),
    activity: await db.run(sql`
      DELETE FROM staff_activity WHERE id IN (
        SELECT id FROM staff_activity WHERE at < ${new Date(now - ACTIVITY_LIFETIME_MS)} LIMIT ${MAX_REMOVALS_PER_RUN})`),
    // Diners' sign-in links once used or run out, sessions ended or run out, passkey ceremonies run out.
    dinerLinks: await db.run(sql`
      DELETE FROM diner_links WHERE token_hash IN (
        SELECT token_hash FROM diner_links WHERE expires_at <= ${new Date(now)} OR used_at IS NOT NULL LIMIT ${MAX_REMOVALS_PER_RUN})`),
    dinerSessions: await db.run(sql`
      DELETE FROM diner_sessions WHERE id IN (
        SELECT id FROM diner_sessions
        WHERE expires_at <= ${new Date(now)} OR last_seen_at <= ${new Date(now - DINER_IDLE_TIMEOUT_MS)} OR revoked_at IS NOT NULL
        LIMIT ${MAX_REMOVALS_PER_RUN})`),
    dinerPasskeyCeremonies: await db.run(sql`DELETE FROM diner_webauthn_challenges WHERE expires_at <= ${new Date(now)}`),
    budgetAlarms: await db.run(sql`DELETE FROM site_budget_alarms WHERE raised_at < ${new Date(now - BUDGET_ALARM_LIFETIME_MS)}`),
  };
  if (Object.values(result).some((removed) => removed > 0)) log("info", "expired records removed", { ...result });
  return result;
}
