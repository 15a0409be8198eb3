// The site-wide brake on declined cards: stolen cards sent from many networks at once pass every
// per-network limit, and a merchant whose declines pile up is frozen by Square (card payments in the
// restaurant too). Past a threshold of declines by banks across all clients, every card payment must
// carry Square's buyer verification (verifyBuyer: the bank's own check) for a while, the owners are
// e-mailed once, and the console shows it with the networks the declines came from. It brakes card
// testing, not customers: a token Square refuses before any bank (forged, unknown, spent) never counts
// here, and wallets (Apple Pay, Google Pay, Cash App Pay), which authenticate the buyer themselves, still
// pay, and so does a Square gift card (see brakeRefuses). It never closes checkout by itself; the owner can let go of it in the console.
import { TEST_GIFT_CARD_TOKEN_PREFIX } from "../../domain/giftCards";
import { recordActivity, type ActivityActor } from "../audit";
import { db, type Queries } from "../platform/database";
import { log } from "../platform/http";
import { clientKey, countAttempt, currentCount } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { fromNonceSpends, noteTokenRead } from "../platform/squareReadings";

/** Declines across all clients that trip the brake, within this window. */
export const SITE_DECLINES = { bucket: "orders-declines-site", limit: 20, windowMs: 10 * 60_000 } as const;
/** How long every card must be verified once the brake trips (it trips again while declines go on). */
export const BRAKE_MS = 60 * 60_000;
const BRAKE_BUCKET = "orders-decline-brake";
/** The site's bank declines by network (its hashed key), in SITE_DECLINES' window: why the brake tripped. */
const NETWORK_BUCKET = "orders-bank-declines-network";
/** The one "client" of the site-wide counters. */
const SITE = clientKey("site-wide");
/** How many networks the console lists, most declines first. */
const NETWORKS_SHOWN = 10;

/** Says whether a token is a tender that is not a bank card (a gift card): such a tender passes the brake. */
export type TenderProof = (token: string, client: string) => Promise<boolean>;
const tenderProofs: TenderProof[] = [];

/** A room whose tenders are not bank cards registers its proof (src/server/participants.ts). */
export function letTendersPassProvenBy(proof: TenderProof): void {
  if (!tenderProofs.includes(proof)) tenderProofs.push(proof);
}

async function provenNotACard(token: string, client: string): Promise<boolean> {
  for (const proof of tenderProofs) if (await proof(token, client)) return true;
  return false;
}

export interface BrakeState {
  /** When the brake tripped, and until when every card must be verified. */
  since: string;
  until: string;
  /** Bank declines in the current window, and from which networks (a short hash: no address is kept). */
  declines: number;
  networks: { network: string; declines: number }[];
}

/** What the brake judges of a payment: the payment form's token and its bank's check (a split tender's first source needs no bank). */
export interface PaymentSource {
  paymentToken: string;
  verificationToken?: string;
}

/**
 * Whether a payment is a card the brake applies to that comes without its bank's check. Let through:
 * Square's wallet tokens ("wnon:": Apple Pay, Google Pay, Cash App Pay), whose wallet authenticates the
 * buyer, and a source that is a gift card by its kind (a Square gift card id, "gftc:", or TEST MODE's
 * gift card token). Square refuses a token that is not what it says before any bank is asked, which
 * counts against the client, never the brake. A gift card token from Square's giftCard() field looks like
 * a card's (Square: "a payment is created as though the source is any other payment card"), so by its
 * look alone it needs the check; a customer's claim would be the attacker's. Square's own word on the
 * token (brakeRefuses) lets it through while the brake is on.
 */
export function needsBankCheck(payment: PaymentSource): boolean {
  if (payment.verificationToken) return false;
  const token = payment.paymentToken;
  return !(token.startsWith("wnon:") || token.startsWith("gftc:") || token.startsWith(TEST_GIFT_CARD_TOKEN_PREFIX));
}

/** Payments a registered proof showed are not bank cards (Square knew the token as an active gift card) in this request: a verdict only this module gives, never the request's. */
const provenNotCards = new WeakSet<PaymentSource>();

/**
 * Whether the brake refuses this payment now: the one place the decision is made. A payment that needs
 * the bank's check (needsBankCheck) is refused while the brake is on, unless Square says its token is an
 * active gift card (RetrieveGiftCardFromNonce: no bank involved, nothing charged). Square is asked only
 * then, once per payment (`askSquare`: the early check; inside an order's transaction the early answer
 * stands, so no Square call holds it open). For a split tender, the token asked about is the card's part,
 * which still needs the bank. With the brake off nothing is asked.
 */
export async function brakeRefuses(client: string, payment: PaymentSource, { on = db, askSquare = true }: { on?: Queries; askSquare?: boolean } = {}): Promise<boolean> {
  if (!needsBankCheck(payment) || provenNotCards.has(payment)) return false;
  if (!(await brakeIsOn(Date.now(), on))) return false;
  // Not asked once Square has shown that a read uses the token up (../platform/squareReadings.ts): the
  // token could no longer pay, so the payment is refused as any unverified one.
  if (!askSquare || (await fromNonceSpends()) || !(await provenNotACard(payment.paymentToken, client))) return true;
  noteTokenRead(payment.paymentToken);
  provenNotCards.add(payment);
  return false;
}

/** Whether the brake is on now (every card payment must be verified): one read, for each attempt. */
export async function brakeIsOn(now = Date.now(), on: Queries = db): Promise<boolean> {
  return Boolean(await currentCount(BRAKE_BUCKET, SITE, BRAKE_MS, now, on));
}

/** The brake's state for the console and the card form: null when it is off. */
export async function declineBrake(now = Date.now(), on: Queries = db): Promise<BrakeState | null> {
  const row = await currentCount(BRAKE_BUCKET, SITE, BRAKE_MS, now, on);
  if (!row) return null;
  const [site, networks] = await Promise.all([
    currentCount(SITE_DECLINES.bucket, SITE, SITE_DECLINES.windowMs, now, on),
    on.all<{ client: string; count: number }>(sql`
      SELECT client, count FROM counters
      WHERE bucket = ${NETWORK_BUCKET} AND window_start > ${new Date(now - SITE_DECLINES.windowMs)}
      ORDER BY count DESC, client LIMIT ${NETWORKS_SHOWN}`),
  ]);
  return {
    since: row.window_start.toISOString(),
    until: new Date(row.window_start.getTime() + BRAKE_MS).toISOString(),
    declines: site?.count ?? 0,
    networks: networks.map((network) => ({ network: network.client.slice(0, 8), declines: network.count })),
  };
}

/**
 * Counts one card declined by its bank across the whole site and for the network that sent it; at the
 * threshold the brake trips (or stays on), and when it trips anew the owners hear of it in the same
 * transaction, through the outbox.
 */
export async function noteSiteDecline(client: string, now = Date.now()): Promise<void> {
  await countAttempt(NETWORK_BUCKET, clientKey(client), SITE_DECLINES.windowMs, now);
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

/**
 * The owner lets go of the brake (the declines were understood, or customers were being asked too much):
 * it is off, and the site's count starts again from nothing, so it trips again only on as many new bank
 * declines. Logged in the activity log with what it was. Answers whether it was on.
 */
export async function releaseDeclineBrake(actor: ActivityActor, now = Date.now()): Promise<boolean> {
  const before = await declineBrake(now);
  if (!before) return false;
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM counters WHERE client = ${SITE} AND bucket IN (${BRAKE_BUCKET}, ${SITE_DECLINES.bucket})`);
    await tx.run(sql`DELETE FROM counters WHERE bucket = ${NETWORK_BUCKET}`);
    await recordActivity(actor, { action: "payments.decline-brake", target: "decline brake", before, after: { on: false } }, tx);
  });
  log("info", "the owner turned the brake on declined cards off", { declines: before.declines });
  return true;
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
