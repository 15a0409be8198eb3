// Each function instance keeps the schedule and the menu it read until they change. Whoever changes them
// (the console, a Square catalogue sync, a script writing the tables), the very next attempt is decided
// on the change: a pause, a sold-out dish, a new price, a slot's room. Written here straight to the
// tables, past every code path that could tell the instance.
import { beforeEach, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";

const running = useOrderServices();

/** One Hot Maple Flatbread (Jealous Fork, kitchen weight 1), $16 + tax. */
const FLATBREAD = { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }] };

async function errorOf(order: unknown): Promise<{ status: number; error: string }> {
  const res = await postOrder(order);
  return { status: res.status, error: res.status === 201 ? "" : (await jsonOf<{ error: string }>(res)).error };
}

beforeEach(async () => {
  await testDatabase().rows("DELETE FROM slot_bookings");
  await testDatabase().rows("UPDATE ordering_settings SET paused = false, paused_until = NULL");
  await testDatabase().rows("UPDATE menu_items SET in_stock = true, price_cents = 1600 WHERE id = 1");
  // The instance has read (and keeps) the schedule and the menu as they are now.
  expect((await postOrder(FLATBREAD)).status).toBe(201);
});

describe("what an instance keeps of the schedule and the menu", () => {
  it("a pause written to the table refuses the very next attempt, and lifting it lets the next one through", async () => {
    await testDatabase().rows("UPDATE ordering_settings SET paused = true, pause_message = 'Back in ten minutes.'");
    const paused = await errorOf(FLATBREAD);
    expect(paused).toEqual({ status: 422, error: "Back in ten minutes." });
    await testDatabase().rows("UPDATE ordering_settings SET paused = false");
    expect((await errorOf(FLATBREAD)).status).toBe(201);
  });

  it("a dish sold out in the table is refused by name at once, and no charge is made", async () => {
    const payments = running.square.requestsTo("POST", "/v2/payments").length;
    await testDatabase().rows("UPDATE menu_items SET in_stock = false WHERE id = 1");
    const soldOut = await errorOf(FLATBREAD);
    expect(soldOut.status).toBe(422);
    expect(soldOut.error).toContain("Hot Maple Flatbread");
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(payments);
  });

  it("a price changed in the table is the price of the next attempt: the total shown at the old price is refused", async () => {
    // $16 + 7.5% tax = $17.20 shown; at $17 the total is $18.28 ($1.275 tax, rounded half to even).
    expect((await errorOf({ ...FLATBREAD, total: 17.2 })).status).toBe(201);
    await testDatabase().rows("UPDATE menu_items SET price_cents = 1700 WHERE id = 1");
    const stale = await errorOf({ ...FLATBREAD, total: 17.2 });
    expect(stale.status).toBe(409);
    expect(stale.error).toContain("$18.28");
    expect((await errorOf({ ...FLATBREAD, items: [{ ...FLATBREAD.items[0]!, price: 17 }], total: 18.28 })).status).toBe(201);
  });

  it("a slot's room cut in the table holds for the next attempt", async () => {
    await testDatabase().rows("UPDATE slot_capacities SET weight = 0 WHERE section = 'jealous-fork' AND fulfilment = 'pickup'");
    try {
      const full = await errorOf(FLATBREAD);
      expect(full.status).toBeGreaterThanOrEqual(409);
      expect(full.status).toBeLessThan(500);
    } finally {
      await testDatabase().rows("UPDATE slot_capacities SET weight = 40 WHERE section = 'jealous-fork' AND fulfilment = 'pickup'");
    }
  });
});
