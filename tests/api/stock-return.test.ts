// A dish 86'd until a time: refused at checkout with the sold-out sentence until the restaurant's clock
// passes its return time, then sold again with no write at all; a bad time is refused and stores nothing;
// staff may do it, a stranger may not. Each change is in the activity log with its time.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import featuredItem from "../../netlify/functions/featured-item.mts";
import menuHandler from "../../netlify/functions/menu.mts";
import { hashPassword } from "../../src/server/staff/passwords";
import { applyInventoryCounts } from "../../src/server/square/catalogEvents";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, SATURDAY_NOON, useOrderServices } from "../support/orderServices";

useOrderServices();
const db = () => testDatabase();
/** One Hot Maple Flatbread for 1 PM today (the clock is Saturday noon in Miami). */
const FLATBREAD_AT_ONE = { ...PICKUP_ORDER, items: [{ id: 1, name: "Hot Maple Flatbread", price: 16, quantity: 1 }], slot: "2026-11-21T13:00:00-05:00" };
const SUNDAY_OPENING = "2026-11-22T14:00:00.000Z"; // Sunday 9:00 AM in Miami: Jealous Fork's first opening
let staff: Record<string, string>;
let variation: string | null = null;

beforeAll(async () => {
  const email = `line-${randomUUID().slice(0, 8)}@jealousfork.test`;
  await db().rows("INSERT INTO staff_accounts (id, name, email, role, password_hash) VALUES ($1, 'Luis', $2, 'staff', $3)", [
    randomUUID(),
    email,
    await hashPassword("luis's long kitchen passphrase"),
  ]);
  staff = await adminHeaders("luis's long kitchen passphrase", email);
  variation = (await db().rows<{ v: string | null }>("SELECT square_variation_id AS v FROM menu_items WHERE id = 1"))[0]!.v;
});
afterEach(async () => {
  setRestaurantClock(SATURDAY_NOON);
  await db().rows("UPDATE menu_items SET in_stock = true, back_in_stock_at = NULL, square_variation_id = $1 WHERE id = 1", [variation]);
});
afterAll(() => setRestaurantClock(SATURDAY_NOON));

const stock = (body: unknown, headers: Record<string, string> = staff) =>
  call(featuredItem, "/api/featured-items/1/stock", { method: "PATCH", body, headers, params: { id: "1" } });
const stored = async () => (await db().rows<{ in_stock: boolean; back: Date | null }>("SELECT in_stock, back_in_stock_at AS back FROM menu_items WHERE id = 1"))[0]!;
const flatbreadOnMenu = async () => {
  const answer = await jsonOf(await call(menuHandler, "/api/menu"));
  const items = (answer.sections ?? []).flatMap((section: { items: { id: number; inStock: boolean }[] }) => section.items);
  return (items.length > 0 ? items : answer.items).find((item: { id: number }) => item.id === 1)?.inStock;
};
const lastStockActivity = async () =>
  (await db().rows<{ after: any }>("SELECT after FROM staff_activity WHERE action = 'menu.stock' ORDER BY id DESC LIMIT 1"))[0]?.after;

describe("86 a dish until a time", () => {
  it("86 until tomorrow refuses the dish at checkout today with the sold-out sentence, and the menu has it back at tomorrow's opening without a write", async () => {
    const res = await stock({ backAt: "tomorrow" });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ inStock: false, backInStockAt: SUNDAY_OPENING });
    expect(await lastStockActivity()).toEqual({ inStock: false, backInStockAt: SUNDAY_OPENING });

    const refused = await postOrder(FLATBREAD_AT_ONE);
    expect(refused.status).toBe(422);
    expect(await jsonOf(refused)).toMatchObject({ code: "dish_sold_out", error: "Hot Maple Flatbread is out of stock. Please update your cart." });
    expect(await flatbreadOnMenu()).toBe(false);

    const before = await stored();
    setRestaurantClock("2026-11-22T08:59:00-05:00");
    expect(await flatbreadOnMenu()).toBe(false);
    setRestaurantClock("2026-11-22T09:00:00-05:00");
    expect(await flatbreadOnMenu()).toBe(true);
    expect(await stored()).toEqual(before);
  });

  it("Back at 12:30 sells the dish again at checkout once the clock passes 12:30, with no write", async () => {
    expect((await stock({ backAt: "12:30" })).status).toBe(200);
    expect((await postOrder(FLATBREAD_AT_ONE)).status).toBe(422);
    const before = await stored();
    expect(before.back?.toISOString()).toBe("2026-11-21T17:30:00.000Z");
    setRestaurantClock("2026-11-21T12:31:00-05:00");
    const taken = await postOrder(FLATBREAD_AT_ONE);
    expect(taken.status, await taken.clone().text()).toBe(201);
    expect(await stored()).toEqual(before);
  });

  it("a time that has passed today means tomorrow at that time; In stock clears the return time", async () => {
    expect(await jsonOf(await stock({ backAt: "11:00" }))).toMatchObject({ inStock: false, backInStockAt: "2026-11-22T16:00:00.000Z" });
    expect(await jsonOf(await stock({ inStock: true }))).toMatchObject({ inStock: true, backInStockAt: null });
    expect(await stored()).toEqual({ in_stock: true, back: null });
  });

  it.each([["25:00"], ["5pm"], [""], [1700]])("refuses the time %j with a 400 and stores nothing", async (backAt) => {
    const res = await stock({ backAt });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toBeTruthy();
    expect(await stored()).toEqual({ in_stock: true, back: null });
  });

  it("a count of none on Square's POS keeps the dish sold out even after a console return time has passed", async () => {
    await db().rows("UPDATE menu_items SET square_variation_id = 'VAR-STOCK-RETURN' WHERE id = 1");
    expect((await stock({ backAt: "12:30" })).status).toBe(200);
    setRestaurantClock("2026-11-21T12:31:00-05:00");
    await applyInventoryCounts([{ variationId: "VAR-STOCK-RETURN", locationId: null, state: "IN_STOCK", quantity: 0, countedAt: new Date() }]);
    expect(await flatbreadOnMenu()).toBe(false);
    expect((await postOrder(FLATBREAD_AT_ONE)).status).toBe(422);
  });

  it("refuses inStock and backAt together, and a stranger with a 401", async () => {
    expect((await stock({ inStock: false, backAt: "tomorrow" })).status).toBe(400);
    expect((await stock({ backAt: "tomorrow" }, {})).status).toBe(401);
    expect(await stored()).toEqual({ in_stock: true, back: null });
  });
});
