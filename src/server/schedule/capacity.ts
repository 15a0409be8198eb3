// Kitchen pacing: what orders have taken of each 15-minute slot, and taking room in one with a single
// conditional statement, so orders racing for a slot's last room cannot both have it.
import { HORIZON_DAYS, type Fulfilment, type KitchenSection } from "../../domain/schedule";
import type { Queries } from "../platform/database";
import { sql } from "../platform/sql";

/** "2026-11-24T14:30:00.000Z|jealous-fork": the weight taken of each slot and section, for one fulfilment. */
export type Booked = ReadonlyMap<string, number>;

export const bookingKey = (slotAt: string, section: KitchenSection) => `${new Date(slotAt).toISOString()}|${section}`;

/**
 * The weight taken of every slot from `from` through the horizon; without what the order `except` holds
 * (a retried checkout attempt, whose room is given back and claimed again when it is decided anew).
 */
export async function bookedFrom(on: Queries, fulfilment: Fulfilment, from: Date, except: string | null = null): Promise<Booked> {
  const until = new Date(from.getTime() + (HORIZON_DAYS + 2) * 24 * 3_600_000);
  const rows = await on.all<{ slot_at: Date; section: KitchenSection; weight: number }>(sql`
    SELECT b.slot_at, b.section, b.weight - COALESCE((SELECT c.weight FROM order_slot_claims c
      WHERE c.order_id = ${except} AND c.slot_at = b.slot_at AND c.section = b.section AND c.fulfilment = b.fulfilment), 0) AS weight
    FROM slot_bookings b
    WHERE b.fulfilment = ${fulfilment} AND b.slot_at >= ${from} AND b.slot_at <= ${until}`);
  return new Map(rows.map((row) => [bookingKey(row.slot_at.toISOString(), row.section), row.weight]));
}

/**
 * Takes `weight` of a slot's room for a section, only if the slot's total stays within its capacity:
 * one statement, so the condition and the write cannot be separated by another order. A section with
 * no capacity row is not paced. Answers whether the room was taken.
 */
export async function takeRoom(on: Queries, slotAt: Date, section: KitchenSection, fulfilment: Fulfilment, weight: number): Promise<boolean> {
  const taken = await on.one<{ weight: number }>(sql`
    WITH capacity AS (
      SELECT COALESCE((SELECT weight FROM slot_capacities WHERE section = ${section} AND fulfilment = ${fulfilment}), 2147483647) AS room
    )
    INSERT INTO slot_bookings (slot_at, section, fulfilment, weight)
    SELECT ${slotAt}, ${section}, ${fulfilment}, ${weight}::integer FROM capacity WHERE ${weight}::integer <= capacity.room
    ON CONFLICT (slot_at, section, fulfilment) DO UPDATE SET weight = slot_bookings.weight + EXCLUDED.weight
      WHERE slot_bookings.weight + EXCLUDED.weight <= (SELECT room FROM capacity)
    RETURNING weight`);
  return taken !== null;
}

/** Gives back room taken earlier in the same transaction (a later section of the order found no room). */
export async function giveBack(on: Queries, slotAt: Date, section: KitchenSection, fulfilment: Fulfilment, weight: number): Promise<void> {
  await on.run(sql`UPDATE slot_bookings SET weight = GREATEST(weight - ${weight}::integer, 0)
                   WHERE slot_at = ${slotAt} AND section = ${section} AND fulfilment = ${fulfilment}`);
}

/** Notes what an order took of a slot, so cancelling it gives the room back (a trigger does it). */
export async function noteClaim(on: Queries, orderId: string, slotAt: Date, section: KitchenSection, fulfilment: Fulfilment, weight: number): Promise<void> {
  await on.run(sql`INSERT INTO order_slot_claims (order_id, slot_at, section, fulfilment, weight)
                   VALUES (${orderId}, ${slotAt}, ${section}, ${fulfilment}, ${weight})`);
}

/** Gives back all the room an order holds (a retried attempt, before it claims again in the same transaction). */
export async function giveBackOrder(on: Queries, orderId: string): Promise<void> {
  await on.run(sql`UPDATE slot_bookings AS b SET weight = GREATEST(b.weight - c.weight, 0) FROM order_slot_claims AS c
                   WHERE c.order_id = ${orderId} AND b.slot_at = c.slot_at AND b.section = c.section AND b.fulfilment = c.fulfilment`);
  await on.run(sql`DELETE FROM order_slot_claims WHERE order_id = ${orderId}`);
}
