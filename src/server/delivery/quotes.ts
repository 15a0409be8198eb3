// Courier quotes: asked for while the customer types an address at checkout (the fee they would pay
// and when it would arrive), kept so the order can use the fee it showed, and asked for again when
// the one shown ran out, was for another address or another ready time, before anything is charged.
import { randomBytes } from "node:crypto";
import { toE164 } from "../../domain/checkoutCustomer";
import { customerCourierFee } from "../../domain/courierFee";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import type { Courier, CourierProvider } from "./courier";
import { courierFeePolicy } from "./feePolicy";

export interface DropOff {
  address: string;
  /** Apt, suite or unit, when the diner gave one. */
  unit?: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  name: string;
  notes: string;
}

export interface StoredQuote {
  id: string;
  provider: CourierProvider;
  dropoffAddress: string;
  courierFeeCents: number;
  customerFeeCents: number;
  subtotalCents: number;
  pickupAt: Date;
  dropoffEta: Date | null;
  expiresAt: Date;
  orderId: string | null;
}

/** A quote this close to its end is asked for again rather than risked on a payment. */
export const QUOTE_MARGIN_MS = 30_000;
/** A quote for a ready time this far from the order's is asked for again. */
export const PICKUP_TOLERANCE_MS = 10 * 60_000;

/**
 * "street, unit, city, state zip": the drop-off as the courier reads it and as quotes are compared. DoorDash
 * Drive takes the unit inside dropoff_address (its own example: "901 Market Street 6th Floor San Francisco,
 * CA 94103", developer.doordash.com/en-US/docs/drive/tutorials/get_started).
 */
export function dropoffAddressOf(dropoff: Pick<DropOff, "address" | "unit" | "city" | "state" | "zipCode">): string {
  const street = dropoff.unit?.trim() ? `${dropoff.address.trim()}, ${dropoff.unit.trim()}` : dropoff.address.trim();
  return `${street}, ${dropoff.city.trim()}, ${dropoff.state.trim().toUpperCase()} ${dropoff.zipCode.trim()}`;
}

/** A phone in E.164 (+13055550142), as couriers take it; the checkout's rule already accepted it. */
const e164 = (phone: string) => toE164(phone) ?? phone;

/** A fresh external delivery id: the courier refuses one used before. */
export function newExternalId(): string {
  return `jf-${randomBytes(12).toString("base64url")}`;
}

interface QuoteRow {
  id: string;
  provider: CourierProvider;
  dropoff_address: string;
  courier_fee_cents: number;
  customer_fee_cents: number;
  subtotal_cents: number;
  pickup_at: Date;
  dropoff_eta: Date | null;
  expires_at: Date;
  order_id: string | null;
}

const quoteOf = (row: QuoteRow): StoredQuote => ({
  id: row.id,
  provider: row.provider,
  dropoffAddress: row.dropoff_address,
  courierFeeCents: row.courier_fee_cents,
  customerFeeCents: row.customer_fee_cents,
  subtotalCents: row.subtotal_cents,
  pickupAt: row.pickup_at,
  dropoffEta: row.dropoff_eta,
  expiresAt: row.expires_at,
  orderId: row.order_id,
});

/**
 * Asks the courier for a quote and keeps it with the customer's part of the fee (the owner's policy
 * over the subtotal). Throws the courier's errors (refused, unavailable) for the caller to word.
 */
export async function requestQuote(
  courier: Courier,
  input: { dropoff: DropOff; subtotalCents: number; tipCents: number; pickupAt: Date },
): Promise<StoredQuote> {
  const externalId = newExternalId();
  const dropoffAddress = dropoffAddressOf(input.dropoff);
  const [quote, policy] = await Promise.all([
    courier.quote({
      externalId,
      dropoffAddress,
      dropoffPhone: e164(input.dropoff.phone),
      dropoffName: input.dropoff.name,
      dropoffInstructions: input.dropoff.notes,
      orderValueCents: input.subtotalCents,
      pickupAt: input.pickupAt,
      tipCents: input.tipCents,
    }),
    courierFeePolicy(),
  ]);
  const row = await db.one<QuoteRow>(sql`
    INSERT INTO courier_quotes (id, provider, dropoff_address, courier_fee_cents, customer_fee_cents, subtotal_cents, pickup_at, dropoff_eta, expires_at)
    VALUES (${externalId}, ${courier.provider}, ${dropoffAddress}, ${quote.feeCents},
            ${customerCourierFee(policy, quote.feeCents, input.subtotalCents)}, ${input.subtotalCents},
            ${input.pickupAt}, ${quote.dropoffEta}, ${quote.expiresAt})
    RETURNING *`);
  return quoteOf(row!);
}

export async function findQuote(id: string, on: Queries = db): Promise<StoredQuote | null> {
  const row = await on.one<QuoteRow>(sql`SELECT * FROM courier_quotes WHERE id = ${id}`);
  return row ? quoteOf(row) : null;
}

/** The quote an order was placed with (its delivery's), or null for an order without a courier. */
export async function quoteBoundTo(orderId: string, on: Queries = db): Promise<StoredQuote | null> {
  const row = await on.one<QuoteRow>(sql`
    SELECT q.* FROM courier_quotes q JOIN courier_deliveries d ON d.external_delivery_id = q.id
    WHERE d.order_id = ${orderId} AND q.order_id = ${orderId}`);
  return row ? quoteOf(row) : null;
}

/** Why a quote cannot serve an order as it stands, or null when it can (its fee then is what is charged). */
export function staleness(
  quote: StoredQuote | null,
  order: { dropoffAddress: string; pickupAt: Date; subtotalCents: number; orderId?: string },
  now: Date,
): "missing" | "expired" | "other_address" | "other_time" | "other_order" | "other_subtotal" | null {
  if (!quote) return "missing";
  if (quote.orderId && quote.orderId !== order.orderId) return "other_order";
  if (quote.dropoffAddress !== order.dropoffAddress) return "other_address";
  if (Math.abs(quote.pickupAt.getTime() - order.pickupAt.getTime()) > PICKUP_TOLERANCE_MS) return "other_time";
  // The customer's part may depend on the subtotal (free over an amount): a quote for another cart is asked again.
  if (quote.subtotalCents !== order.subtotalCents) return "other_subtotal";
  if (quote.expiresAt.getTime() - QUOTE_MARGIN_MS < now.getTime()) return "expired";
  return null;
}

/**
 * Quotes older than a day are of no further use unless an order took them; a notification's dedupe
 * row only matters while DoorDash may send it again (minutes), a month is ample.
 */
export async function forgetOldCourierRecords(): Promise<number> {
  const quotes = await db.run(sql`DELETE FROM courier_quotes WHERE order_id IS NULL AND created_at < now() - interval '1 day'`);
  const events = await db.run(sql`DELETE FROM courier_events WHERE received_at < now() - interval '30 days'`);
  return quotes + events;
}
