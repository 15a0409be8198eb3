// The total shown before Pay is the total Square charges, for the carts where rounding could part them:
// lines whose share of the 7.5% tax ends in half a cent. The fake Square taxes by Square's published rule
// (tests/support/squareTax.ts, written apart from src/domain/money.ts). Square does not document which
// line takes a cent the shares leave over (two different $15.00 lines owe $1.125 each), so every cart
// runs against both choices: the order's tax is the whole subtotal's, rounded once, whichever line shows
// the cent, and Square's own preview (CalculateOrder, with the body of the CreateOrder our checkout sent)
// comes to the total shown.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { computeTotals, type PricedLine } from "../../src/domain/pricing";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { postOrder, SATURDAY_NOON } from "../support/orderServices";
import { orderScopeTax, type LeftoverTie } from "../support/squareTax";

const customerInfo = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" };
const VIKING_TELLE = { id: 11, price: 15 };
const HUMMUS = { id: 6, price: 15 };
const BRUNCH_BITES = { id: 7, price: 17 };
const BANH_MI = { id: 9, price: 17 };
const HOT_MAPLE = { id: 1, price: 16 };

type Cart = { name: string; items: { id: number; price: number; quantity: number }[] };

const CARTS: Cart[] = [
  { name: "two different $15.00 dishes ($1.125 of tax each)", items: [{ ...VIKING_TELLE, quantity: 1 }, { ...HUMMUS, quantity: 1 }] },
  { name: "one $17.00 dish ($1.275 of tax, $1.28)", items: [{ ...BRUNCH_BITES, quantity: 1 }] },
  { name: "one $15.00 dish ($1.125 of tax, $1.12)", items: [{ ...VIKING_TELLE, quantity: 1 }] },
  {
    name: "four lines with half-cent shares, $15, $17, $15 and $17 ($4.80 of tax, two cents left over)",
    items: [{ ...VIKING_TELLE, quantity: 1 }, { ...BRUNCH_BITES, quantity: 1 }, { ...HUMMUS, quantity: 1 }, { ...BANH_MI, quantity: 1 }],
  },
  { name: "$15 + $17 + $16, two of the $17 ($5.85 of tax)", items: [{ ...VIKING_TELLE, quantity: 1 }, { ...BRUNCH_BITES, quantity: 2 }, { ...HOT_MAPLE, quantity: 1 }] },
];

const linesOf = (cart: Cart): PricedLine[] => cart.items.map((item) => ({ unitPrice: item.price * 100, quantity: item.quantity }));

async function calculateAtSquare(square: FakeSquare, order: unknown): Promise<any> {
  const res = await fetch(`${square.url}/v2/orders/calculate`, {
    method: "POST",
    headers: { authorization: `Bearer ${square.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ order }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { order: any }).order;
}

describe.each<LeftoverTie>(["first", "last"])("with Square's leftover tax cent on the %s of tied lines", (tie) => {
  let square: FakeSquare;
  beforeAll(async () => {
    square = await startFakeSquare({ taxTie: tie });
    Object.assign(process.env, {
      RESTAURANT_CLOCK: SATURDAY_NOON,
      SQUARE_ACCESS_TOKEN: square.accessToken,
      SQUARE_LOCATION_ID: square.locationId,
      SQUARE_BASE_URL: square.url,
      SQUARE_TIMEOUT_SECONDS: "2",
      SQUARE_MAX_RETRIES: "0",
    });
  });
  afterAll(() => square.stop());
  beforeEach(() => square.reset());

  it.each(CARTS)("$name: the total shown before Pay is Square's preview, its order and the charge", async (cart) => {
    const shown = computeTotals(linesOf(cart), 0);
    const res = await postOrder({ items: cart.items, orderType: "pickup", customerInfo, paymentToken: "cnon:card-nonce-ok", total: shown.total / 100 });
    expect(res.status).toBe(201);

    const [create] = square.requestsTo("POST", "/v2/orders");
    const preview = await calculateAtSquare(square, create!.body.order);
    const [order] = [...square.orders.values()];
    const [charge] = square.charges();
    expect(preview.total_money.amount).toBe(shown.total);
    expect(preview.total_tax_money.amount).toBe(shown.tax);
    expect(order.total_money.amount).toBe(shown.total);
    expect(charge.amount_money.amount).toBe(shown.total);
    // Square's lines carry the order's tax between them, to the cent.
    expect(order.line_items.reduce((sum: number, line: any) => sum + line.total_tax_money.amount, 0)).toBe(shown.tax);
  });
});

describe("the fake's tax, against the figures Square published", () => {
  it("rounds the whole subtotal's tax once, half to even, as Square's answers in its forum show", () => {
    // developer.squareup.com/forums/t/square-banker-s-rounding-clarification/11179 (8.875%)
    expect(orderScopeTax([1880, 695], "8.875").amount).toBe(229);
    expect(orderScopeTax([1500, 800, 695, 695], "8.875").amount).toBe(327); // line by line it would be 328
    // developer.squareup.com/forums/t/order-level-tax-calculation-clarification/2354 (11.75%)
    expect(orderScopeTax([600], "11.75").amount).toBe(70);
    expect(orderScopeTax([3020], "11.75").amount).toBe(355);
    // developer.squareup.com/forums/t/how-does-square-calculate-taxes-for-a-half/11705 (9.75%)
    expect(orderScopeTax([600], "9.75").amount).toBe(58);
  });

  it("moves only which line shows a leftover cent, never the order's tax", () => {
    expect(orderScopeTax([1500, 1500], "7.5", "first")).toEqual({ amount: 225, perLine: [113, 112] });
    expect(orderScopeTax([1500, 1500], "7.5", "last")).toEqual({ amount: 225, perLine: [112, 113] });
  });
});
