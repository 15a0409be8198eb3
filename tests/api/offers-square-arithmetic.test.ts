// A promo code's discount shown before Pay is the discount Square takes: the site's arithmetic
// (src/domain/discounts.ts) against the fake Square's (tests/support/squareDiscounts.ts, written from
// Square's pages apart from it), through Square's own preview (CalculateOrder) of the order our checkout
// would send, on carts whose amounts land on half cents: odd-dollar subtotals, odd percentages, a fixed
// amount larger than the order, a free dish among several. The delivery fee (a service charge) is never
// discounted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountedTotals, type SquareDiscount } from "../../src/domain/discounts";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { discountLines } from "../support/squareDiscounts";

type Line = { unit: number; quantity: number };
type Case = { name: string; lines: Line[]; discount: SquareDiscount; deliveryFee?: number };

const ODD = [{ unit: 1500, quantity: 1 }, { unit: 1700, quantity: 1 }, { unit: 1699, quantity: 3 }];

const CASES: Case[] = [
  { name: "10% off an odd-dollar order", lines: [{ unit: 1700, quantity: 1 }], discount: { name: "TENOFF", type: "FIXED_PERCENTAGE", percentage: 10, scope: "ORDER" } },
  { name: "15% off three lines ($1.125-style halves)", lines: ODD, discount: { name: "FIFTEEN", type: "FIXED_PERCENTAGE", percentage: 15, scope: "ORDER" } },
  { name: "33% off three lines", lines: ODD, discount: { name: "THIRD", type: "FIXED_PERCENTAGE", percentage: 33, scope: "ORDER" } },
  { name: "15% off one listed dish", lines: ODD, discount: { name: "DISH15", type: "FIXED_PERCENTAGE", percentage: 15, scope: "LINE_ITEM", lineIndexes: [2] } },
  { name: "25% off two listed dishes", lines: ODD, discount: { name: "DISH25", type: "FIXED_PERCENTAGE", percentage: 25, scope: "LINE_ITEM", lineIndexes: [0, 2] } },
  { name: "$5 off an odd-dollar order", lines: ODD, discount: { name: "BRUNCH5", type: "FIXED_AMOUNT", amountCents: 500, scope: "ORDER" } },
  { name: "$5 off with a delivery fee (the fee stays whole)", lines: ODD, deliveryFee: 499, discount: { name: "BRUNCH5", type: "FIXED_AMOUNT", amountCents: 500, scope: "ORDER" } },
  { name: "$50 off a $17 order (never below zero)", lines: [{ unit: 1700, quantity: 1 }], discount: { name: "BIG", type: "FIXED_AMOUNT", amountCents: 5000, scope: "ORDER" } },
  { name: "a free dish among several (one of three of it)", lines: ODD, discount: { name: "FREEDISH", type: "FIXED_AMOUNT", amountCents: 1699, scope: "LINE_ITEM", lineIndexes: [2] } },
  // Square takes a line-item fixed amount whole off EACH line that names it (OrderLineItemDiscount.applied_money).
  { name: "$3 off two listed dishes (Square: $3 off each)", lines: ODD, discount: { name: "DISH3", type: "FIXED_AMOUNT", amountCents: 300, scope: "LINE_ITEM", lineIndexes: [0, 2] } },
  { name: "100% off the order", lines: ODD, discount: { name: "ALL", type: "FIXED_PERCENTAGE", percentage: 100, scope: "ORDER" } },
];

const DISCOUNT_UID = "promo-code";

/** The body of the order as Square is sent it: ad hoc lines, the 7.5% order tax, the delivery fee, the discount. */
function orderBody(test: Case): unknown {
  const { discount } = test;
  const lineItems = test.lines.map((line, index) => ({
    name: `Dish ${index + 1}`,
    quantity: String(line.quantity),
    base_price_money: { amount: line.unit, currency: "USD" },
    ...(discount.scope === "LINE_ITEM" && discount.lineIndexes?.includes(index) ? { applied_discounts: [{ uid: `applied-${index}`, discount_uid: DISCOUNT_UID }] } : {}),
  }));
  return {
    location_id: "LOCATION",
    line_items: lineItems,
    taxes: [{ uid: "miami-sales-tax", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }],
    discounts: [
      {
        uid: DISCOUNT_UID,
        name: discount.name,
        type: discount.type,
        scope: discount.scope,
        ...(discount.type === "FIXED_PERCENTAGE" ? { percentage: String(discount.percentage) } : { amount_money: { amount: discount.amountCents, currency: "USD" } }),
      },
    ],
    ...(test.deliveryFee
      ? { service_charges: [{ name: "Delivery fee", amount_money: { amount: test.deliveryFee, currency: "USD" }, calculation_phase: "TOTAL_PHASE" }] }
      : {}),
  };
}

describe("a promo code's discount as Square previews and charges it", () => {
  let square: FakeSquare;
  beforeAll(async () => {
    square = await startFakeSquare();
  });
  afterAll(() => square.stop());

  async function calculate(order: any): Promise<any> {
    order.location_id = square.locationId;
    const res = await fetch(`${square.url}/v2/orders/calculate`, {
      method: "POST",
      headers: { authorization: `Bearer ${square.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ order }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { order: any }).order;
  }

  it.each(CASES)("$name: the discount, tax and total shown are Square's to the cent", async (test) => {
    const shown = discountedTotals(
      test.lines.map((line) => ({ amount: line.unit * line.quantity })),
      test.deliveryFee ?? 0,
      test.discount,
    );
    const preview = await calculate(orderBody(test));
    expect(preview.total_discount_money.amount).toBe(shown.discount);
    expect(preview.total_tax_money.amount).toBe(shown.tax);
    expect(preview.total_money.amount).toBe(shown.total);
    // The fee is a service charge: Square's total keeps it whole.
    expect(preview.total_service_charge_money.amount).toBe(test.deliveryFee ?? 0);
    // Each line's parts of the discount add up to it.
    expect(preview.line_items.reduce((sum: number, line: any) => sum + (line.total_discount_money?.amount ?? 0), 0)).toBe(shown.discount);
  });
});

describe("the fake's discounts, against Square's documented sequence", () => {
  it("takes item percentages, then order percentages, then item amounts, then order amounts, before tax", () => {
    const { net, applied } = discountLines(
      [1000, 2000],
      [
        { uid: "order-amount", type: "FIXED_AMOUNT", scope: "ORDER", amount: 300 },
        { uid: "item-amount", type: "FIXED_AMOUNT", scope: "LINE_ITEM", amount: 100 },
        { uid: "order-percent", type: "FIXED_PERCENTAGE", scope: "ORDER", percentage: "10" },
        { uid: "item-percent", type: "FIXED_PERCENTAGE", scope: "LINE_ITEM", percentage: "50" },
      ],
      [["item-percent", "item-amount"], []],
    );
    // 1. 50% of $10 = $5; 2. 10% of $25 = $2.50; 3. $1 off the first line; 4. $3 over what is left.
    expect(applied.get("item-percent")).toBe(500);
    expect(applied.get("order-percent")).toBe(250);
    expect(applied.get("item-amount")).toBe(100);
    expect(applied.get("order-amount")).toBe(300);
    expect(net.reduce((a, b) => a + b, 0)).toBe(3000 - 1150);
  });

  it("takes a line-item fixed amount whole off each line that names it, never below zero", () => {
    const { applied, net } = discountLines([1500, 300], [{ uid: "five", type: "FIXED_AMOUNT", scope: "LINE_ITEM", amount: 500 }], [["five"], ["five"]]);
    expect(applied.get("five")).toBe(800);
    expect(net).toEqual([1000, 0]);
  });
});
