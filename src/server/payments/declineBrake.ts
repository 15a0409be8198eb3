// The site-wide brake on declined cards: stolen cards sent from many networks at once pass every
// per-network limit, and a merchant whose declines pile up is frozen by Square (card payments in the
// restaurant too). Past a threshold of declines across all clients, every card payment must carry
// Square's buyer verification (verifyBuyer: the bank's own check) for a while, the owners are e-mailed
// once, and the console shows it. It never closes checkout by itself: that switch would be the
// attacker's; staff decide from the notice, with the pause they already have.
import { db, type Queries } from "../platform/database";
import { log } from "../platform/http";
import { clientKey, countAttempt, currentCount } from "../platform/rateLimit";
import { sql } from "../platform/sql";

/** Declines across all clients that trip the brake, within this window. */
export const SITE_DECLINES = { bucket: "orders-declines-site", limit: 20, windowMs: 10 * 60_000 } as const;
/** How long every card must be verified once the brake trips (it trips again while declines go on). */
export const BRAKE_MS = 60 * 60_000;
const BRAKE_BUCKET = "orders-decline-brake";
/** The one "client" of the site-wide counters. */
const SITE = clientKey("site-wide");

export interface BrakeState {
  /** When the brake tripped, and until when every card must be verified. */
  since: string;
  until: string;
}

/** Whether every card payment must be verified now; null when the brake is off. */
export async function declineBrake(now = Date.now(), on: Queries = db): Promise<BrakeState | null> {
  const row = await currentCount(BRAKE_BUCKET, SITE, BRAKE_MS, now, on);
  return row ? { since: row.window_start.toISOString(), until: new Date(row.window_start.getTime() + BRAKE_MS).toISOString() } : null;
}

/**
 * Counts one declined card across the whole site; at the threshold the brake trips (or stays on), and
 * when it trips anew the owners hear of it in the same transaction, through the outbox.
 */
export async function noteSiteDecline(now = Date.now()): Promise<void> {
  const declines = await countAttempt(SITE_DECLINES.bucket, SITE, SITE_DECLINES.windowMs, now);
  if (declines.count < SITE_DECLINES.limit) return;
  await db.transaction(async (tx) => {
    const brake = await countAttempt(BRAKE_BUCKET, SITE, BRAKE_MS, now, tx);
    if (brake.count !== 1) return;
    log("warn", "declined cards across the site passed the brake: every card must be verified by its bank", {
      declines: declines.count,
      windowMinutes: SITE_DECLINES.windowMs / 60_000,
    });
    await queueBrakeAlarm(tx, brake.window_start, declines.count);
  });
}

/** One e-mail to each owner (else the restaurant's address) per trip of the brake. */
async function queueBrakeAlarm(tx: Queries, since: Date, declines: number): Promise<void> {
  const payload = JSON.stringify({ since: since.toISOString(), declines, windowMinutes: SITE_DECLINES.windowMs / 60_000, brakeMinutes: BRAKE_MS / 60_000 });
  await tx.run(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
    SELECT 'staff_decline_brake', 'staff_decline_brake:' || ${since.toISOString()} || ':' || lower(r.email), r.email, ${payload}::jsonb
    FROM (
      SELECT email FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL
      UNION
      SELECT value #>> '{}' FROM settings WHERE key = 'mail_restaurant_address'
        AND NOT EXISTS (SELECT 1 FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL)
    ) AS r(email)
    WHERE r.email IS NOT NULL AND r.email <> ''
    ON CONFLICT DO NOTHING`);
}
