// A confirmed catering event is a kitchen order: once its money is sure (the card held at booking, or the
// invoice's deposit paid, as Square's invoice.payment_made says), it joins the board and the POS through the
// orders room's door (joinBoard), and the board shows it as catering (the participant's view). The kitchen
// hears of a held card's event at booking, not at the event's morning capture, so it has the days it needs.
// A cancelled event leaves the board. What did not reach the POS is given again by the sweep.
import type { OrderView } from "../../domain/orderReadModel";
import { serverNow } from "../env";
import { joinBoard, setOrderStatus, type Participant } from "../orders";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";

/** The statuses of an event whose money is sure: the kitchen has it. */
export const CONFIRMED = ["authorized", "captured", "deposit_paid", "paid"] as const;

const PAID_HOW: Record<string, string> = {
  authorized: "Catering: card held, charged the event's morning",
  captured: "Catering: paid by card",
  deposit_paid: "Catering: deposit paid by Square invoice, balance due 48 hours before",
  paid: "Catering: paid by Square invoice",
};

interface EventRow {
  id: string;
  status: string;
  event_at: Date;
  headcount: number;
  lines: { name: string; serves: number; priceCents: number; quantity: number }[];
  total_cents: number;
  locale: "en" | "es";
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  note: string;
}

/** Gives the kitchen a confirmed event (once: a second call finds its order); never throws, the sweep retries. */
export async function sendToKitchen(id: string): Promise<void> {
  try {
    const row = await db.one<EventRow>(sql`SELECT * FROM catering_orders WHERE id = ${id} AND status = ANY(${[...CONFIRMED]}::text[])`);
    if (!row) return;
    const subtotal = row.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const joined = await joinBoard({
      key: `catering:${row.id}`,
      lines: row.lines.map((line) => ({ name: line.name, description: `Serves ${line.serves}`, unitPriceCents: line.priceCents, quantity: line.quantity })),
      totals: { subtotal, tax: row.total_cents - subtotal, total: row.total_cents },
      customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
      locale: row.locale,
      note: `Catering for ${row.headcount} people${row.note ? `: ${row.note}` : ""}`,
      promisedAt: row.event_at,
      paidHow: PAID_HOW[row.status] ?? "Catering",
    });
    await db.run(sql`UPDATE catering_orders SET kitchen_order_id = ${joined.orderId}, kitchen_pos = ${joined.pos} WHERE id = ${id}`);
  } catch (error) {
    log("error", "a catering event did not reach the kitchen; the sweep tries again", { id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The sweep: confirmed events not on the board yet, or whose POS ticket failed. */
export async function sendWaitingToKitchen(now = serverNow()): Promise<number> {
  const waiting = await db.all<{ id: string }>(sql`
    SELECT id FROM catering_orders
    WHERE status = ANY(${[...CONFIRMED]}::text[]) AND (kitchen_order_id IS NULL OR kitchen_pos = 'failed') AND event_at > ${now}
    ORDER BY event_at LIMIT 50`);
  for (const { id } of waiting) await sendToKitchen(id);
  return waiting.length;
}

/** A cancelled event leaves the board (and the POS), whatever the kitchen had done with it. */
export async function takeOffBoard(kitchenOrderId: string | null): Promise<void> {
  if (!kitchenOrderId) return;
  await setOrderStatus(kitchenOrderId, "cancelled").catch((error: unknown) => {
    log("warn", "a cancelled catering event stays on the board", { kitchenOrderId, error: error instanceof Error ? error.message : String(error) });
  });
}

/** The board and the order page show a catering event as one: how many people, when, how many trays. */
async function withEvents<V extends OrderView>(views: V[]): Promise<V[]> {
  if (views.length === 0) return views;
  const rows = await db.all<{ kitchen_order_id: string; headcount: number; event_at: Date; trays: number }>(sql`
    SELECT kitchen_order_id, headcount, event_at, trays FROM catering_orders WHERE kitchen_order_id = ANY(${views.map((view) => view.orderId)}::text[])`);
  if (rows.length === 0) return views;
  const byOrder = new Map(rows.map((row) => [row.kitchen_order_id, row]));
  return views.map((view) => {
    const event = byOrder.get(view.orderId);
    return event ? { ...view, catering: { headcount: event.headcount, eventAt: event.event_at.toISOString(), trays: event.trays } } : view;
  });
}

export const cateringParticipant: Participant = {
  name: "catering",
  view: (views) => withEvents(views),
};
