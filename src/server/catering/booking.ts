// A catering order, top to bottom: the owner's rules decide it before anything is kept (minimums, the
// notice and the first time that gives it, how far a card's hold may reach), then the order's row and its
// day's trays are taken in one transaction (one conditional upsert: of many attempts racing for a day's
// last trays only those that fit get them), then the card is held at Square; a decline gives the room back
// and leaves no row. The hold is taken on the event's morning (./holds.ts).
import { randomUUID } from "node:crypto";
import site from "../../../content/site.json";
import { captureAt, cateringTotals, earliestEventAt, holdReaches, noticeHoursFor, withinEventHours } from "../../domain/catering";
import type { CateringOrderRequest } from "../../domain/catering.schema";
import { restaurantTime } from "../../domain/hours";
import type { Locale } from "../../domain/i18n/locales";
import { serverNow } from "../env";
import { holdCard } from "../payments";
import { db, type Queries } from "../platform/database";
import { InvalidRequest, RuleBroken, said, TooManyAttempts, Conflict } from "../platform/errors";
import { clientNetwork, consumeRateLimit, keyedHash, type RateLimitRule } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { issue } from "../platform/http";
import { cateringSetup, type CateringSetup } from "./setup";
import { invoicesAvailable, sendInvoice } from "./invoices";
import { queueBookingMail } from "./mail";
import { sendToKitchen } from "./kitchen";

/** Holds asked of Square per network and site-wide: each is a call to Square and a hold on someone's card. */
const PER_NETWORK: RateLimitRule = { bucket: "catering-network", limit: 10, windowMs: 10 * 60_000 };
const PER_DINER: RateLimitRule = { bucket: "catering-diner", limit: 5, windowMs: 60 * 60_000 };
const SITE_WIDE: RateLimitRule = { bucket: "catering-site", limit: 600, windowMs: 60 * 60_000, blockLimit: 600 };

export interface PlacedCatering {
  id: string;
  created: boolean;
  status: string;
  eventAt: string;
  totalCents: number;
  /** When a held card is taken; null for an invoice. */
  captureAt: string | null;
  /** Square's page to pay an invoice's deposit; null for a held card. */
  payUrl: string | null;
}

interface Decided {
  eventAt: Date;
  eventDate: string;
  lines: { slug: string; name: string; nameEs: string; serves: number; priceCents: number; quantity: number }[];
  totals: ReturnType<typeof cateringTotals>;
  setup: CateringSetup;
  /** How it is paid: a card held until the event's morning, or a Square invoice with a deposit. */
  pay: "hold" | "invoice";
}

/** The owner's rules on an attempt as sent; throws the first one it breaks, in a sentence. */
export function decideCatering(setup: CateringSetup, request: CateringOrderRequest, now: Date): Decided {
  const { rules } = setup;
  if (!setup.enabled) throw new RuleBroken(said("catering_off", site.phone));
  const eventAt = new Date(request.eventAt);
  const earliest = earliestEventAt(rules, request.headcount, now);
  if (eventAt.getTime() - now.getTime() < noticeHoursFor(rules, request.headcount) * 3_600_000) {
    throw new RuleBroken(said("catering_notice", noticeHoursFor(rules, request.headcount), earliest.toISOString()), [
      issue("eventAt", said("catering_notice", noticeHoursFor(rules, request.headcount), earliest.toISOString())),
    ]);
  }
  if (!withinEventHours(eventAt)) throw new RuleBroken(said("catering_hours"));
  const pay = holdReaches(eventAt, now) ? "hold" : "invoice";
  if (pay === "invoice" && !invoicesAvailable()) throw new RuleBroken(said("catering_too_far", site.phone));
  if (pay === "hold" && !request.sourceId) throw new InvalidRequest(said("invalid_fields"), [issue("sourceId", said("catering_card_needed"))]);
  if (request.headcount < rules.minPeople) throw new RuleBroken(said("catering_min_people", rules.minPeople));
  const bySlug = new Map(setup.trays.filter((tray) => tray.available).map((tray) => [tray.slug, tray]));
  const quantities = new Map<string, number>();
  for (const line of request.lines) quantities.set(line.tray, (quantities.get(line.tray) ?? 0) + line.quantity);
  const lines = [...quantities].map(([slug, quantity]) => {
    const tray = bySlug.get(slug);
    if (!tray) throw new InvalidRequest(said("catering_tray_unknown"));
    return { slug, name: tray.name.en, nameEs: tray.name.es, serves: tray.serves, priceCents: tray.priceCents, quantity };
  });
  const totals = cateringTotals(lines.map((line) => ({ tray: { id: 0, serves: line.serves, priceCents: line.priceCents }, quantity: line.quantity })));
  if (totals.subtotalCents < rules.minCents) throw new RuleBroken(said("catering_min_amount", rules.minCents));
  if (totals.serves < request.headcount) throw new RuleBroken(said("catering_too_few_servings", totals.serves, request.headcount));
  return { eventAt, eventDate: restaurantTime(eventAt).date, lines, totals, setup, pay };
}

/** Takes `trays` of a day's room only if the day stays within the owner's trays per day: one statement. */
async function takeDay(on: Queries, eventDate: string, trays: number): Promise<boolean> {
  const taken = await on.one(sql`
    WITH room AS (SELECT trays_per_day AS room FROM catering_settings WHERE id = 1)
    INSERT INTO catering_day_bookings (event_date, trays)
    SELECT ${eventDate}::date, ${trays}::integer FROM room WHERE ${trays}::integer <= room.room
    ON CONFLICT (event_date) DO UPDATE SET trays = catering_day_bookings.trays + EXCLUDED.trays
      WHERE catering_day_bookings.trays + EXCLUDED.trays <= (SELECT room FROM room)
    RETURNING trays`);
  return taken !== null;
}

/** Gives a day's trays back (a cancelled order, a declined card). */
export async function giveDayBack(on: Queries, eventDate: string, trays: number): Promise<void> {
  await on.run(sql`UPDATE catering_day_bookings SET trays = GREATEST(trays - ${trays}::integer, 0) WHERE event_date = ${eventDate}::date`);
}

async function traysLeft(eventDate: string, room: number): Promise<number> {
  const row = await db.one<{ trays: number }>(sql`SELECT trays FROM catering_day_bookings WHERE event_date = ${eventDate}::date`);
  return Math.max(room - (row?.trays ?? 0), 0);
}

interface OrderRow {
  id: string;
  status: string;
  event_at: Date;
  total_cents: number;
  lines: unknown;
  headcount: number;
  pay_url: string | null;
}

const placedOf = (row: OrderRow, created: boolean): PlacedCatering => ({
  id: row.id,
  created,
  status: row.status,
  eventAt: row.event_at.toISOString(),
  totalCents: row.total_cents,
  captureAt: row.status === "authorized" || row.status === "captured" ? captureAt(row.event_at).toISOString() : null,
  payUrl: row.pay_url,
});

/** Each diner (by e-mail), network (with its /48 or /24) and the whole site has its share of holds and invoices asked of Square. */
async function budget(client: string, email: string): Promise<void> {
  const results = await Promise.all([
    consumeRateLimit(PER_DINER, `email:${keyedHash(email.trim().toLowerCase())}`),
    consumeRateLimit(PER_NETWORK, client),
    consumeRateLimit(SITE_WIDE, "site"),
  ]);
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) throw new TooManyAttempts(said("catering_busy"), Math.max(...refused.map((result) => result.retryAfterSeconds)));
}

/** Places a catering order: decided, its day's room taken, the card held. A retry with the same key answers the first. */
export async function placeCatering(request: CateringOrderRequest, idempotencyKey: string, client: string, locale: Locale): Promise<PlacedCatering> {
  const earlier = await db.one<OrderRow>(sql`SELECT * FROM catering_orders WHERE idempotency_key = ${idempotencyKey}`);
  if (earlier) {
    if (earlier.status === "held") throw new Conflict(said("catering_in_progress"));
    return placedOf(earlier, false);
  }
  const now = serverNow();
  const decided = decideCatering(await cateringSetup(), request, now);
  await budget(clientNetwork(client), request.customer.email);
  const id = randomUUID();
  const trays = decided.totals.trays;
  const kept = await db.transaction(async (tx) => {
    if (!(await takeDay(tx, decided.eventDate, trays))) return false;
    const row = await tx.one(sql`
      INSERT INTO catering_orders (id, idempotency_key, status, event_at, event_date, headcount, trays, lines, total_cents, terms, locale,
                                   customer_name, customer_email, customer_phone, note)
      VALUES (${id}, ${idempotencyKey}, 'held', ${decided.eventAt}, ${decided.eventDate}::date, ${request.headcount}, ${trays},
              ${JSON.stringify(decided.lines)}::jsonb, ${decided.totals.totalCents}, ${JSON.stringify(decided.setup.rules.terms)}::jsonb, ${locale},
              ${request.customer.name}, ${request.customer.email}, ${request.customer.phone}, ${request.note ?? ""})
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`);
    if (!row) throw new Conflict(said("catering_in_progress"));
    return true;
  });
  if (!kept) throw new RuleBroken(said("catering_day_full", await traysLeft(decided.eventDate, decided.setup.rules.traysPerDay)));
  try {
    const booked = decided.pay === "hold" ? await holdFor(id, decided, request, idempotencyKey, now) : await invoiceFor(id, decided, request, idempotencyKey, now);
    // The booking and its e-mail to the diner are one change: the outbox sends it.
    const row = await db.transaction(async (tx) => {
      const stored = await tx.one<OrderRow>(sql`
        UPDATE catering_orders SET status = ${booked.status}, payment_id = ${booked.paymentId}, authorized_at = ${booked.authorizedAt},
          invoice_id = ${booked.invoiceId}, pay_url = ${booked.payUrl}
        WHERE id = ${id} RETURNING *`);
      await queueBookingMail(tx, id, request.customer.email, locale);
      return stored!;
    });
    // A held card is a confirmed event: the kitchen has it now (an invoice's, once its deposit is paid).
    if (row.status === "authorized") await sendToKitchen(id);
    return placedOf(row, true);
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.run(sql`DELETE FROM catering_orders WHERE id = ${id}`);
      await giveDayBack(tx, decided.eventDate, trays);
    });
    throw error;
  }
}

/** How a booking is paid, as its row keeps it. */
interface Booked {
  status: "authorized" | "invoiced";
  paymentId?: string;
  authorizedAt?: Date;
  invoiceId?: string;
  payUrl?: string | null;
}

/** Holds the card; answers the booking's columns as it stands then. */
async function holdFor(id: string, decided: Decided, request: CateringOrderRequest, idempotencyKey: string, now: Date): Promise<Booked> {
  const paymentId = await holdCard({
    idempotencyKey,
    sourceId: request.sourceId!,
    amountCents: decided.totals.totalCents,
    referenceId: `CAT-${id.slice(0, 8)}`,
    email: request.customer.email,
    note: `Catering for ${request.headcount} on ${decided.eventDate}`,
  });
  return { status: "authorized", paymentId, authorizedAt: now };
}

/** Sends Square's invoice; answers the booking's columns as it stands then. */
async function invoiceFor(id: string, decided: Decided, request: CateringOrderRequest, idempotencyKey: string, now: Date): Promise<Booked> {
  const sent = await sendInvoice(
    { key: idempotencyKey, reference: `CAT-${id.slice(0, 8)}`, lines: decided.lines, totalCents: decided.totals.totalCents, customer: request.customer, eventDate: decided.eventDate },
    now,
  );
  return { status: "invoiced", invoiceId: sent.invoiceId, payUrl: sent.payUrl };
}
