// Dishes as diners order them, through POST /api/orders and GET /api/orders/{id}: options priced from
// the server's own menu whatever the browser claims, every group's rules enforced (422 naming the
// dish and the group, nothing stored or charged), line and order notes, and a tip bounded by the
// subtotal; Square (the fake on 127.0.0.1) receives each line's modifiers and note, and the tip as
// tip_money beside an order total whose tax never includes it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { testDatabase } from "../support/database";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { call, jsonOf } from "../support/functions";
import { postOrder as post, SATURDAY_NOON } from "../support/orderServices";
import { item } from "../support/squareCatalogue";
import orderHandler from "../../netlify/functions/order.mts";
import { readMenu } from "../../src/server/content/menu";
import { syncCatalogue } from "../../src/server/square/catalog";

// Saturday noon in Miami: The Classic Brunch Burger (Jealous Fork, $20.00) is on sale. Its groups in
// content/menu.json: Temperature (exactly one) and Add-ons (up to 4, quantities allowed: bacon 2.50,
// fried egg 1.75, avocado 2.00, extra cheddar 1.50, truffle aioli 1.00; foie gras sold out; a staff
// sauce hidden online).
const BURGER = 21;
const temperature = (optionId: string) => ({ groupId: "temperature", optionId, quantity: 1 });
const addOn = (optionId: string, quantity = 1) => ({ groupId: "add-ons", optionId, quantity });

/** The fake Square serves this very array: the last test puts a catalogue in it. */
const catalog: any[] = [];
let square: FakeSquare;

beforeAll(async () => {
  square = await startFakeSquare({ catalog });
  Object.assign(process.env, {
    RESTAURANT_CLOCK: SATURDAY_NOON,
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_TIMEOUT_SECONDS: "1",
    SQUARE_MAX_RETRIES: "0",
  });
});
afterAll(() => square.stop());
beforeEach(() => square.reset());

const customerInfo = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" };

function orderBody(items: unknown[], overrides: Record<string, unknown> = {}) {
  return { items, orderType: "pickup", customerInfo, paymentToken: "cnon:card-nonce-ok", ...overrides };
}

/** Two medium-rare burgers with bacon and avocado and no onions, one well done with double cheddar. */
const TWO_BURGERS = [
  {
    id: BURGER,
    name: "The Classic Brunch Burger",
    // What a tampered browser might claim: the server takes none of these prices.
    price: 20,
    quantity: 2,
    options: [temperature("medium-rare"), { ...addOn("bacon"), price: 0 }, { ...addOn("avocado"), price: 0 }],
    note: "no onions",
  },
  { id: BURGER, name: "The Classic Brunch Burger", price: 1, quantity: 1, options: [temperature("well-done"), addOn("extra-cheese", 2)] },
];
// (20.00 + 2.50 + 2.00) x 2 + (20.00 + 2 x 1.50) = 49.00 + 23.00 = 72.00; tax 5.40; total 77.40;
// an 18 % tip of 72.00 is 12.96, charged on top: 90.36.

async function orderCount(): Promise<number> {
  return testDatabase().count("orders");
}

describe("a burger with options, a note and a tip", () => {
  it("is priced from the menu whatever the browser claims, and Square gets each modifier, the note and tip_money", async () => {
    const res = await post(orderBody(TWO_BURGERS, { tip: 12.96, note: "Ring the bell, <b>please</b>", total: 77.4 }));
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf(res);

    const [created] = square.requestsTo("POST", "/v2/orders");
    const lines = created!.body.order.line_items;
    expect(lines).toEqual([
      {
        name: "The Classic Brunch Burger",
        quantity: "2",
        base_price_money: { amount: 2000, currency: "USD" },
        modifiers: [
          { name: "Medium-rare", base_price_money: { amount: 0, currency: "USD" }, quantity: "1" },
          { name: "Applewood bacon", base_price_money: { amount: 250, currency: "USD" }, quantity: "1" },
          { name: "Avocado", base_price_money: { amount: 200, currency: "USD" }, quantity: "1" },
        ],
        note: "no onions",
      },
      {
        name: "The Classic Brunch Burger",
        quantity: "1",
        base_price_money: { amount: 2000, currency: "USD" },
        modifiers: [
          { name: "Well done", base_price_money: { amount: 0, currency: "USD" }, quantity: "1" },
          { name: "Extra cheddar", base_price_money: { amount: 150, currency: "USD" }, quantity: "2" },
        ],
      },
    ]);
    // The kitchen's ticket carries the order's note.
    expect(created!.body.order.fulfillments[0].pickup_details.note).toContain("Customer note (typed by the customer): Ring the bell, <b>please</b>");

    const squareOrder = [...square.orders.values()][0];
    expect(squareOrder.line_items.map((line: any) => line.gross_sales_money.amount)).toEqual([4900, 2300]);
    expect(squareOrder.total_tax_money.amount).toBe(540); // 7.5 % of 72.00: the tip is not in it
    expect(squareOrder.total_money.amount).toBe(7740);

    const [payment] = square.requestsTo("POST", "/v2/payments");
    expect(payment!.body.amount_money).toEqual({ amount: 7740, currency: "USD" });
    expect(payment!.body.tip_money).toEqual({ amount: 1296, currency: "USD" });
    expect(square.charges()[0].total_money.amount).toBe(9036);

    const [stored] = await testDatabase().rows<{ tip_cents: number; note: string; total_cents: number; subtotal_cents: number }>(
      "SELECT tip_cents, note, total_cents, subtotal_cents FROM orders WHERE id = $1",
      [orderId],
    );
    expect(stored).toEqual({ tip_cents: 1296, note: "Ring the bell, <b>please</b>", total_cents: 7740, subtotal_cents: 7200 });
    const storedLines = await testDatabase().rows<{ unit_price_cents: number; note: string; options: any[] }>(
      "SELECT unit_price_cents, note, options FROM order_lines WHERE order_id = $1 ORDER BY line_number",
      [orderId],
    );
    expect(storedLines.map((line) => [line.unit_price_cents, line.note, line.options.map((o) => `${o.quantity}x${o.name}@${o.price}`)])).toEqual([
      [2450, "no onions", ["1xMedium-rare@0", "1xApplewood bacon@250", "1xAvocado@200"]],
      [2300, "", ["1xWell done@0", "2xExtra cheddar@150"]],
    ]);

    const view = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
    expect(view).toMatchObject({ subtotal: 72, tax: 5.4, tip: 12.96, total: 90.36, note: "Ring the bell, <b>please</b>" });
    expect(view.items[0]).toMatchObject({
      name: "The Classic Brunch Burger",
      price: 24.5,
      quantity: 2,
      note: "no onions",
      options: [
        { group: "Temperature", name: "Medium-rare", quantity: 1, price: 0 },
        { group: "Add-ons", name: "Applewood bacon", quantity: 1, price: 2.5 },
        { group: "Add-ons", name: "Avocado", quantity: 1, price: 2 },
      ],
    });
  });

  it("sends the same dish with the same options twice as one line, in whatever order the options were ticked", async () => {
    const one = { id: BURGER, quantity: 1, options: [addOn("bacon"), temperature("rare")], note: " no onions " };
    const again = { id: BURGER, quantity: 2, options: [temperature("rare"), addOn("bacon")], note: "no onions" };
    expect((await post(orderBody([one, again]))).status).toBe(201);
    const lines = square.requestsTo("POST", "/v2/orders")[0]!.body.order.line_items;
    expect(lines.map((line: any) => [line.quantity, line.note])).toEqual([["3", "no onions"]]);
  });

  it("refuses a total priced with tampered option prices (409) with today's prices, charging nothing", async () => {
    const before = await orderCount();
    // 2 x (20.00 + 0 + 0) + 20.00 + 0: what a cart that believed the add-ons free would show.
    const res = await post(orderBody(TWO_BURGERS, { total: 64.5 }));
    expect(res.status).toBe(409);
    const body = await jsonOf(res);
    expect(body.error).toContain("the total is now $77.40");
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "items.21.price", message: "20.00", code: "current_price" },
        { path: "items.21.options.add-ons.bacon.price", message: "2.50", code: "current_price" },
        { path: "items.21.options.add-ons.extra-cheese.price", message: "1.50", code: "current_price" },
      ]),
    );
    expect(await orderCount()).toBe(before);
    expect(square.requests).toHaveLength(0);
  });

  it("keeps a retried attempt to its options and tip: the same key with other options or another tip is refused", async () => {
    const key = randomUUID();
    const burger = { id: BURGER, quantity: 1, options: [temperature("rare")] };
    expect((await post(orderBody([burger], { tip: 3 }), key)).status).toBe(201);
    // The same attempt again: the order it already paid.
    expect((await post(orderBody([burger], { tip: 3 }), key)).status).toBe(200);
    expect((await post(orderBody([{ ...burger, options: [temperature("medium")] }], { tip: 3 }), key)).status).toBe(409);
    expect((await post(orderBody([burger], { tip: 4 }), key)).status).toBe(409);
    expect((await post(orderBody([{ ...burger, note: "extra napkins" }], { tip: 3 }), key)).status).toBe(409);
    expect(square.charges()).toHaveLength(1);
  });
});

describe("options that break a dish's rules", () => {
  const cases: [string, unknown, string][] = [
    ["no temperature", { id: BURGER, quantity: 1, options: [addOn("bacon")] }, "The Classic Brunch Burger, Temperature: choose exactly one."],
    [
      "two temperatures",
      { id: BURGER, quantity: 1, options: [temperature("rare"), temperature("well-done")] },
      "The Classic Brunch Burger, Temperature: choose exactly one.",
    ],
    [
      "five add-ons where four is the most",
      { id: BURGER, quantity: 1, options: [temperature("rare"), addOn("bacon", 3), addOn("avocado", 2)] },
      "The Classic Brunch Burger, Add-ons: choose up to 4.",
    ],
    [
      "a sold-out add-on",
      { id: BURGER, quantity: 1, options: [temperature("rare"), addOn("foie-gras")] },
      "The Classic Brunch Burger: Seared foie gras is sold out.",
    ],
    [
      "an option hidden online",
      { id: BURGER, quantity: 1, options: [temperature("rare"), addOn("staff-sauce")] },
      "The Classic Brunch Burger, Add-ons: no such option.",
    ],
    [
      "a temperature twice over",
      { id: BURGER, quantity: 1, options: [{ ...temperature("rare"), quantity: 2 }] },
      // Two of one temperature is also two temperatures: both problems, the first told.
      "The Classic Brunch Burger: Rare can be chosen only once. (and 1 more)",
    ],
    ["an option on a dish that has none", { id: 1, quantity: 1, options: [addOn("bacon")] }, "Hot Maple Flatbread has no such option."],
  ];

  it.each(cases)("refuses %s with 422 naming the dish and the group, storing and charging nothing", async (_, line, message) => {
    const before = await orderCount();
    const res = await post(orderBody([line]));
    expect(res.status).toBe(422);
    const body = await jsonOf(res);
    expect(body.error).toBe(`${message} Please update your cart.`);
    expect(body.issues[0].path).toMatch(/^items\.0\.options\./);
    expect(await orderCount()).toBe(before);
    expect(square.requests).toHaveLength(0);
  });
});

describe("tips and notes the server bounds", () => {
  const burger = { id: BURGER, quantity: 1, options: [temperature("medium")] }; // $20.00

  it("refuses a negative tip or one in fractions of a cent as bad input (400)", async () => {
    for (const tip of [-1, 1.005]) {
      const res = await post(orderBody([burger], { tip }));
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).issues.map((issue: { path: string }) => issue.path)).toEqual(["tip"]);
    }
    expect(square.requests).toHaveLength(0);
  });

  it("refuses a tip above the subtotal before tax (422) and takes one equal to it", async () => {
    const before = await orderCount();
    const res = await post(orderBody([burger], { tip: 20.01 }));
    expect(res.status).toBe(422);
    expect(await jsonOf(res)).toMatchObject({ error: "The tip cannot be more than the order's subtotal.", issues: [{ path: "tip", message: "at most $20.00" }] });
    expect(await orderCount()).toBe(before);
    expect(square.requests).toHaveLength(0);

    expect((await post(orderBody([burger], { tip: 20 }))).status).toBe(201);
    expect(square.requestsTo("POST", "/v2/payments")[0]!.body.tip_money).toEqual({ amount: 2000, currency: "USD" });
  });

  it("sends no tip_money without a tip", async () => {
    expect((await post(orderBody([burger]))).status).toBe(201);
    expect(square.requestsTo("POST", "/v2/payments")[0]!.body.tip_money).toBeUndefined();
  });

  it("refuses notes carrying control or direction-override characters (400), and keeps markup as the text it is", async () => {
    for (const body of [
      orderBody([{ ...burger, note: "no onions\u0000" }]),
      orderBody([{ ...burger, note: "no\nonions" }]),
      orderBody([burger], { note: "ring \u202Ethe bell" }),
    ]) {
      expect((await post(body)).status).toBe(400);
    }
    // The order's note may break lines; markup is stored as typed and every screen shows it as text.
    const res = await post(orderBody([{ ...burger, note: "<img src=x onerror=alert(1)>" }], { note: "Gate code 12\nRing twice" }));
    expect(res.status).toBe(201);
    const { orderId } = await jsonOf(res);
    const [line] = await testDatabase().rows<{ note: string }>("SELECT note FROM order_lines WHERE order_id = $1", [orderId]);
    expect(line!.note).toBe("<img src=x onerror=alert(1)>");
    expect(square.requestsTo("POST", "/v2/orders")[0]!.body.order.line_items[0].note).toBe("<img src=x onerror=alert(1)>");
  });

  it("refuses a line note over 200 characters and an order note over 500 (400), storing nothing", async () => {
    const before = await orderCount();
    const longLine = await post(orderBody([{ ...burger, note: "x".repeat(201) }]));
    expect(longLine.status).toBe(400);
    expect((await jsonOf(longLine)).issues[0].path).toBe("items.0.note");
    const longOrder = await post(orderBody([burger], { note: "x".repeat(501) }));
    expect(longOrder.status).toBe(400);
    expect((await jsonOf(longOrder)).issues[0].path).toBe("note");
    expect((await post(orderBody([{ ...burger, note: "x".repeat(200) }], { note: "y".repeat(500) }))).status).toBe(201);
    expect(await orderCount()).toBe(before + 1);
  });
});

describe("a dish synced from Square's catalogue", () => {
  it("takes its modifier lists and dietary details, and orders its modifiers by catalogue id", async () => {
    // Square names the dish as the owner does; the first sync finds the seeded dish by that name's slug.
    const modifier = (id: string, name: string, cents: number, extra: Record<string, unknown> = {}) => ({
      type: "MODIFIER",
      id,
      modifier_data: { name, price_money: { amount: cents, currency: "USD" }, ...extra },
    });
    const burger = item("SQ-CLASSIC-BURGER", "The Classic Burger", "CAT-SANDWICHES", 2000) as any;
    burger.item_data.modifier_list_info = [
      { modifier_list_id: "ML-TEMP", min_selected_modifiers: 1, max_selected_modifiers: 1, enabled: true },
      { modifier_list_id: "ML-ADDONS", min_selected_modifiers: -1, max_selected_modifiers: -1, allow_quantities: "YES" },
    ];
    burger.item_data.food_and_beverage_details = {
      ingredients: [
        { type: "STANDARD", standard_name: "MILK" },
        { type: "STANDARD", standard_name: "EGGS" },
      ],
    };
    catalog.push(
      { type: "CATEGORY", id: "CAT-SANDWICHES", category_data: { name: "Sandwiches" } },
      burger,
      {
        type: "MODIFIER_LIST",
        id: "ML-TEMP",
        modifier_list_data: {
          name: "Temperature",
          modifiers: [modifier("M-RARE", "Rare", 0), modifier("M-MEDIUM", "Medium", 0, { on_by_default: true })],
        },
      },
      {
        type: "MODIFIER_LIST",
        id: "ML-ADDONS",
        modifier_list_data: {
          name: "Add-ons",
          min_selected_modifiers: 0,
          max_selected_modifiers: 3,
          modifiers: [
            modifier("M-BACON", "Applewood bacon", 275),
            modifier("M-EGG", "Fried egg", 175, { location_overrides: [{ location_id: square.locationId, sold_out: true }] }),
            modifier("M-STAFF", "Staff sauce", 0, { hidden_online: true }),
          ],
        },
      },
    );
    await syncCatalogue();
    const synced = (await readMenu()).find((dish) => dish.name === "The Classic Burger")!;
    expect(synced.id).toBe(BURGER);
    // Square's ingredients replace the labels Square can state; "cooked to order", which only the console sets, stays.
    expect(synced.dietary).toEqual(["contains-dairy", "contains-eggs", "cooked-to-order"]);
    expect(synced.optionGroups).toEqual([
      {
        id: "ML-TEMP",
        name: "Temperature",
        min: 1,
        max: 1,
        squareId: "ML-TEMP",
        options: [
          { id: "M-RARE", name: "Rare", price: 0, squareId: "M-RARE" },
          { id: "M-MEDIUM", name: "Medium", price: 0, onByDefault: true, squareId: "M-MEDIUM" },
        ],
      },
      {
        id: "ML-ADDONS",
        name: "Add-ons",
        min: 0,
        max: 3,
        allowQuantities: true,
        squareId: "ML-ADDONS",
        options: [
          { id: "M-BACON", name: "Applewood bacon", price: 275, squareId: "M-BACON" },
          { id: "M-EGG", name: "Fried egg", price: 175, soldOut: true, squareId: "M-EGG" },
          { id: "M-STAFF", name: "Staff sauce", price: 0, hiddenOnline: true, squareId: "M-STAFF" },
        ],
      },
    ]);
    square.reset();

    const line = {
      id: BURGER,
      quantity: 2,
      options: [
        { groupId: "ML-TEMP", optionId: "M-RARE", quantity: 1 },
        { groupId: "ML-ADDONS", optionId: "M-BACON", quantity: 2 },
      ],
      note: "cut in half",
    };
    // (20.00 + 2 x 2.75) x 2 = 51.00; tax 3.82 (3.825 half to even, as Square rounds); total 54.82.
    const res = await post(orderBody([line], { total: 54.82, tip: 5 }));
    expect(res.status).toBe(201);
    const sent = square.requestsTo("POST", "/v2/orders")[0]!.body.order.line_items;
    expect(sent).toEqual([
      {
        quantity: "2",
        catalog_object_id: "SQ-CLASSIC-BURGER-regular",
        modifiers: [
          { catalog_object_id: "M-RARE", quantity: "1" },
          { catalog_object_id: "M-BACON", quantity: "2" },
        ],
        note: "cut in half",
      },
    ]);
    const payment = square.requestsTo("POST", "/v2/payments")[0]!.body;
    expect(payment.amount_money.amount).toBe(5482);
    expect(payment.tip_money.amount).toBe(500);

    // A sold-out modifier from the catalogue is refused like one of ours.
    const soldOut = await post(orderBody([{ ...line, options: [line.options[0], { groupId: "ML-ADDONS", optionId: "M-EGG", quantity: 1 }] }]));
    expect(soldOut.status).toBe(422);
    expect((await jsonOf(soldOut)).error).toBe("The Classic Burger: Fried egg is sold out. Please update your cart.");
  });
});
