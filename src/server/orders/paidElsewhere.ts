// An order paid elsewhere joins the board: a feature that took its money its own way (a catering invoice's
// deposit, a card held for an event) hands the kitchen its order here. It is written confirmed, with its
// lines and the time it is promised for, so the board, the day's orders and the POS's status both ways treat
// it as any paid order (the restaurant gets its copy by e-mail); its money stays the feature's (no payment
// here: refunds go through the feature).
// The POS is given a ticket of its own: a Square order of the lines at $0 with a scheduled PICKUP, settled by
// PayOrder with no payment ("Orders with a total amount of 0 can be marked as paid by specifying an empty
// array of payment_ids", developer.squareup.com/reference/square/orders-api/pay-order), because Square
// shows the seller only paid orders with a fulfillment, and the money is already counted once elsewhere.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { toE164 } from "../../domain/checkoutCustomer";
import { restaurantTime } from "../../domain/hours";
import type { Locale } from "../../domain/i18n/locales";
import { serverNow } from "../env";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { squareClient, squareConfig } from "../platform/squareClient";
import { sql } from "../platform/sql";
import type { PosSync } from "./fulfillment";
import { notePosSync } from "./posSync";
import { insertOrderLines } from "./records";

export interface PaidElsewhere {
  /** The feature's own name for it ("catering:<id>"): the same key always means the same kitchen order. */
  key: string;
  lines: { name: string; description: string; unitPriceCents: number; quantity: number }[];
  totals: { subtotal: number; tax: number; total: number };
  customer: { name: string; email: string; phone: string };
  locale: Locale;
  /** What the kitchen reads first (the diner's note is kept beside it). */
  note: string;
  promisedAt: Date;
  /** How it was paid, in the POS ticket's words ("Catering: deposit paid by Square invoice"). */
  paidHow: string;
}

const NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const stepKey = (key: string, step: string) => createHash("sha256").update(`${key}:${step}`).digest("hex").slice(0, 40);

/** The kitchen order of `key`, written once (a second call finds it); answers its id and whether the POS has it. */
export async function joinBoard(order: PaidElsewhere): Promise<{ orderId: string; pos: PosSync }> {
  const now = serverNow();
  const orderId = await db.transaction(async (tx) => {
    const found = await tx.one<{ id: string }>(sql`SELECT id FROM orders WHERE idempotency_key = ${order.key}`);
    if (found) return found.id;
    const id = randomBytes(16).toString("base64url");
    const number = Array.from({ length: 5 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join("");
    await tx.run(sql`
      INSERT INTO orders (id, order_number, idempotency_key, fingerprint, status, order_type, subtotal_cents, tax_cents, delivery_fee_cents,
                          total_cents, tip_cents, note, customer_name, customer_email, customer_phone, created_at, miami_date, updated_at,
                          confirmed_at, promised_at, promised_asap, locale)
      VALUES (${id}, ${number}, ${order.key}, ${stepKey(order.key, "fingerprint")}, 'confirmed', 'pickup', ${order.totals.subtotal},
              ${order.totals.tax}, 0, ${order.totals.total}, 0, ${order.note.slice(0, 500)}, ${order.customer.name}, ${order.customer.email},
              ${order.customer.phone}, ${now}, ${restaurantTime(order.promisedAt).date}, ${now}, ${now}, ${order.promisedAt}, false, ${order.locale})`);
    await insertOrderLines(
      tx,
      id,
      order.lines.map((line) => ({ menuItemId: 0, name: line.name, description: line.description, unitPriceCents: line.unitPriceCents, quantity: line.quantity, catalogObjectId: null, options: [], note: "" })),
    );
    // The restaurant's copy of a new paid order, as a checkout's confirmation queues it (the diner already heard from the feature).
    await tx.run(sql`SELECT mail_queue('staff_new_order', ${`staff_new_order:${id}`}, ${id}, NULL::uuid, mail_restaurant_address(), '{}'::jsonb)`);
    return id;
  });
  return { orderId, pos: await giveToPos(orderId, order) };
}

/** The POS's ticket of a kitchen order joined here, made once: its keys come from the order's own key. */
async function giveToPos(orderId: string, order: PaidElsewhere): Promise<PosSync> {
  const config = squareConfig();
  if (!config) return "not-square";
  const row = await db.one<{ provider_order_id: string | null; order_number: string }>(sql`SELECT provider_order_id, order_number FROM orders WHERE id = ${orderId}`);
  if (row?.provider_order_id) return "sent";
  try {
    const square = await squareClient("sync", config);
    const { order: ticket } = await square.orders.create({
      idempotencyKey: stepKey(order.key, "ticket"),
      order: {
        locationId: config.locationId,
        referenceId: row!.order_number,
        lineItems: order.lines.map((line) => ({ name: line.name, quantity: String(line.quantity), note: line.description.slice(0, 2000), basePriceMoney: { amount: BigInt(0), currency: "USD" } })),
        fulfillments: [
          {
            type: "PICKUP",
            pickupDetails: {
              scheduleType: "SCHEDULED",
              pickupAt: order.promisedAt.toISOString(),
              recipient: { displayName: order.customer.name, emailAddress: order.customer.email, ...(toE164(order.customer.phone) ? { phoneNumber: toE164(order.customer.phone)! } : {}) },
              note: `${order.paidHow}. ${order.note}`.slice(0, 500),
            },
          },
        ],
      },
    });
    if (!ticket?.id) throw new Error("Square made no order.");
    const { order: settled } = await square.orders.pay({ orderId: ticket.id, idempotencyKey: stepKey(order.key, "settle"), paymentIds: [] });
    await db.run(sql`
      UPDATE orders SET provider = 'square', provider_order_id = ${ticket.id}, fulfillment_uid = ${ticket.fulfillments?.[0]?.uid ?? null},
        square_version = ${settled?.version ?? ticket.version ?? null}, pos_sync_error = NULL
      WHERE id = ${orderId}`);
    return "sent";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log("warn", "an order paid elsewhere did not reach the POS", { orderNumber: row?.order_number, message });
    await notePosSync(orderId, `The POS was not given this order yet: ${message}`).catch(() => undefined);
    return "failed";
  }
}
