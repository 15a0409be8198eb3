// How the fake Square discounts an order, from Square's own pages, written apart from the site's arithmetic
// (src/domain/discounts.ts) so that a mistake there cannot hide in both:
// - developer.squareup.com/docs/orders-api/discounts: ad hoc discounts are `order.discounts[]` of type
//   FIXED_PERCENTAGE or FIXED_AMOUNT; scope ORDER applies to every line, scope LINE_ITEM only to the lines
//   that name it in `applied_discounts`. "If an order has multiple discounts of different scopes and types,
//   they're calculated and applied in this sequence: 1. Item-level percentage 2. Order-level percentage
//   3. Item-level fixed amount 4. Order-level fixed amount."
// - developer.squareup.com/reference/square/objects/OrderLineItemDiscount: "Fixed-amount, order-scoped
//   discounts are distributed across all non-zero line item totals. The amount distributed to each line
//   item is relative to the amount contributed by the item to the order subtotal"; `applied_money` differs
//   from `amount_money` only "when an amount-based discount is scoped to the entire order": a line-item
//   fixed amount is taken off each line it is applied to, whole.
// - developer.squareup.com/reference/square/objects/OrderLineItemAppliedDiscount: "Order scoped discounts
//   will automatically have applied discounts present for each line item. Line item scoped discounts must
//   have applied discounts added manually for any applicable line items."
// - developer.squareup.com/docs/orders-api/price-adjustments ("Rounding rule"): Bankers' Rounding (a half
//   goes to the even cent); taxes are computed on what the lines come to after discounts
//   (docs/orders-api/apply-taxes-and-discounts: "Square calculates the tax and discount ... discounts are
//   applied first").
// Square does not document which line takes a cent an order-level discount's proportional shares leave
// over, nor whether an order-level percentage is rounded per line or once for the order, nor whether a
// line's fixed amount comes off the line once or off each unit of its quantity: the fake answers by the
// readings it is given (./fakeSquareReadings.ts; by default the order's amount rounded once, as for an
// order-level tax, ./squareTax.ts, and a line's amount once), and gives leftover cents by largest
// remainder, a tie to the first line. A discount never takes a line below zero.

import { DEFAULT_READINGS, type FakeSquareReadings } from "./fakeSquareReadings.ts";

export interface FakeDiscount {
  uid: string;
  type: "FIXED_PERCENTAGE" | "FIXED_AMOUNT";
  scope: "ORDER" | "LINE_ITEM";
  /** Square's decimal string ("10", "12.5"), for FIXED_PERCENTAGE. */
  percentage?: string;
  /** Cents, for FIXED_AMOUNT. */
  amount?: number;
}

export interface DiscountedLines {
  /** What each line comes to after its discounts: the base its tax is taken on. */
  net: number[];
  /** Per line, each discount's part of it, by the discount's uid. */
  perLine: Map<string, number>[];
  /** Each discount's whole amount, by uid. */
  applied: Map<string, number>;
}

/** A decimal percentage string -> [numerator, denominator] of one, exactly. */
function fractionOf(percentage: string): [bigint, bigint] {
  if (!/^\d+(\.\d+)?$/.test(percentage)) throw new Error(`squareDiscounts: "${percentage}" is not a decimal percentage`);
  const [units, decimals = ""] = percentage.split(".");
  return [BigInt(`${units}${decimals}`), 10n ** BigInt(decimals.length) * 100n];
}

/** n / d to a whole cent, a half to the even cent (Bankers' Rounding). n >= 0, d > 0. */
function halfEven(n: bigint, d: bigint): bigint {
  const floor = n / d;
  const twice = (n - floor * d) * 2n;
  if (twice === d) return floor % 2n === 0n ? floor : floor + 1n;
  return twice > d ? floor + 1n : floor;
}

/** `amount` shared by `bases` in proportion, whole cents by largest remainder (a tie to the first line). */
function apportion(bases: readonly bigint[], amount: bigint): bigint[] {
  const sum = bases.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return bases.map(() => 0n);
  const shares = bases.map((base, index) => ({ index, whole: (base * amount) / sum, fraction: (base * amount) % sum }));
  let left = amount - shares.reduce((total, share) => total + share.whole, 0n);
  const order = [...shares].sort((a, b) => (a.fraction === b.fraction ? a.index - b.index : a.fraction > b.fraction ? -1 : 1));
  for (const share of order) {
    if (left === 0n) break;
    share.whole += 1n;
    left -= 1n;
  }
  return shares.map((share) => share.whole);
}

/**
 * The discounts of an order on lines of `gross` cents each (base price and modifiers times quantity), in
 * Square's sequence. `appliedTo[i]` lists the uids of the LINE_ITEM discounts line i names.
 */
export function discountLines(
  gross: readonly number[],
  discounts: readonly FakeDiscount[],
  appliedTo: readonly string[][],
  readings: Pick<FakeSquareReadings, "orderPercentage" | "lineFixedAmount"> = DEFAULT_READINGS,
  quantities: readonly number[] = gross.map(() => 1),
): DiscountedLines {
  const net = gross.map((amount) => BigInt(amount));
  const perLine = gross.map(() => new Map<string, number>());
  const applied = new Map<string, number>(discounts.map((discount) => [discount.uid, 0]));
  const take = (discount: FakeDiscount, line: number, cents: bigint) => {
    const off = cents > net[line]! ? net[line]! : cents;
    net[line] = net[line]! - off;
    perLine[line]!.set(discount.uid, (perLine[line]!.get(discount.uid) ?? 0) + Number(off));
    applied.set(discount.uid, applied.get(discount.uid)! + Number(off));
  };
  const linesOf = (discount: FakeDiscount) =>
    gross.map((_, line) => line).filter((line) => discount.scope === "ORDER" || (appliedTo[line] ?? []).includes(discount.uid));
  const step = (type: FakeDiscount["type"], scope: FakeDiscount["scope"]) => discounts.filter((discount) => discount.type === type && discount.scope === scope);

  // 1. Item-level percentages: each applied line's own amount so far, rounded on the line.
  for (const discount of step("FIXED_PERCENTAGE", "LINE_ITEM")) {
    const [rate, per] = fractionOf(discount.percentage ?? "0");
    for (const line of linesOf(discount)) take(discount, line, halfEven(net[line]! * rate, per));
  }
  // 2. Order-level percentages: the order's amount so far, rounded once and shared by the lines' amounts,
  //    or each line's amount rounded on the line ("per-line").
  for (const discount of step("FIXED_PERCENTAGE", "ORDER")) {
    const [rate, per] = fractionOf(discount.percentage ?? "0");
    const base = net.reduce((a, b) => a + b, 0n);
    const shares = readings.orderPercentage === "per-line" ? net.map((amount) => halfEven(amount * rate, per)) : apportion(net, halfEven(base * rate, per));
    shares.forEach((cents, line) => take(discount, line, cents));
  }
  // 3. Item-level fixed amounts: the whole amount off each line that names it, or off each unit of it ("per-unit").
  for (const discount of step("FIXED_AMOUNT", "LINE_ITEM")) {
    for (const line of linesOf(discount)) take(discount, line, BigInt(discount.amount ?? 0) * BigInt(readings.lineFixedAmount === "per-unit" ? (quantities[line] ?? 1) : 1));
  }
  // 4. Order-level fixed amounts: at most what the order comes to, shared by the lines' amounts.
  for (const discount of step("FIXED_AMOUNT", "ORDER")) {
    const base = net.reduce((a, b) => a + b, 0n);
    const amount = BigInt(discount.amount ?? 0) > base ? base : BigInt(discount.amount ?? 0);
    apportion(net, amount).forEach((cents, line) => take(discount, line, cents));
  }
  return { net: net.map(Number), perLine, applied };
}

/** Square's answer to a discount it cannot take: the field and the words. */
export interface DiscountRefusal {
  field: string;
  message: string;
}

export interface PricedDiscounts {
  /** `order.discounts` as Square answers them, each with its `applied_money`. */
  discounts: any[];
  /** What each line comes to after its discounts. */
  net: number[];
  /** Each line's `applied_discounts` and `total_discount_money` (nothing when the order has no discount). */
  lineFields: { applied_discounts?: any[]; total_discount_money?: { amount: number; currency: "USD" } }[];
  total: number;
}

/**
 * The discounts of a CreateOrder/CalculateOrder body on its lines (`gross`: each line's gross sales), or
 * the refusal of one Square would refuse: an ad hoc discount needs a type of FIXED_PERCENTAGE or
 * FIXED_AMOUNT (OrderLineItemDiscount.type), a percentage string or an amount in USD, and each
 * `applied_discounts[].discount_uid` must reference a discount present in `order.discounts`
 * (OrderLineItemAppliedDiscount).
 */
export function priceDiscounts(order: any, gross: readonly number[], readings: Pick<FakeSquareReadings, "orderPercentage" | "lineFixedAmount"> = DEFAULT_READINGS): PricedDiscounts | DiscountRefusal {
  const given: any[] = order.discounts ?? [];
  const fake: FakeDiscount[] = [];
  for (const [index, discount] of given.entries()) {
    const field = `order.discounts[${index}]`;
    if (discount.catalog_object_id) return { field, message: "the fake prices only ad hoc discounts" };
    if (discount.type !== "FIXED_PERCENTAGE" && discount.type !== "FIXED_AMOUNT") {
      return { field: `${field}.type`, message: "Discounts that do not reference a catalog object ID must have a type of FIXED_PERCENTAGE or FIXED_AMOUNT" };
    }
    if (discount.type === "FIXED_PERCENTAGE" && (typeof discount.percentage !== "string" || !/^\d+(\.\d+)?$/.test(discount.percentage))) {
      return { field: `${field}.percentage`, message: "percentage must be a decimal string" };
    }
    const amount = discount.amount_money?.amount;
    if (discount.type === "FIXED_AMOUNT" && (discount.amount_money?.currency !== "USD" || !Number.isInteger(amount) || amount < 0)) {
      return { field: `${field}.amount_money`, message: "amount_money must be a whole amount in USD" };
    }
    const scope = discount.scope ?? "LINE_ITEM";
    if (scope !== "ORDER" && scope !== "LINE_ITEM") return { field: `${field}.scope`, message: "scope must be ORDER or LINE_ITEM" };
    fake.push({ uid: discount.uid ?? `discount-${index}`, type: discount.type, scope, percentage: discount.percentage, amount });
  }
  const uids = new Set(fake.map((discount) => discount.uid));
  const appliedTo: string[][] = [];
  for (const [index, line] of (order.line_items ?? []).entries()) {
    const named: string[] = [];
    for (const [a, applied] of (line.applied_discounts ?? []).entries()) {
      if (!uids.has(applied.discount_uid)) {
        return { field: `order.line_items[${index}].applied_discounts[${a}].discount_uid`, message: "must reference a discount present in order.discounts" };
      }
      named.push(applied.discount_uid);
    }
    appliedTo.push(named);
  }
  const quantities = (order.line_items ?? []).map((line: any) => Number(line.quantity) || 1);
  const { net, perLine, applied } = discountLines(gross, fake, appliedTo, readings, quantities);
  const lineFields = perLine.map((parts, line) => {
    if (fake.length === 0) return {};
    const entries = [...parts.entries()];
    const off = entries.reduce((sum, [, cents]) => sum + cents, 0);
    return {
      ...(entries.length > 0
        ? { applied_discounts: entries.map(([uid, cents]) => ({ uid: `line-${line}-${uid}`, discount_uid: uid, applied_money: { amount: cents, currency: "USD" as const } })) }
        : {}),
      total_discount_money: { amount: off, currency: "USD" as const },
    };
  });
  const discounts = given.map((discount, index) => ({
    ...discount,
    uid: fake[index]!.uid,
    scope: fake[index]!.scope,
    applied_money: { amount: applied.get(fake[index]!.uid) ?? 0, currency: "USD" },
  }));
  return { discounts, net, lineFields, total: [...applied.values()].reduce((a, b) => a + b, 0) };
}
