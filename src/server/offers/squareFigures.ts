// A code's totals as Square computes them. Square does not document how it rounds an order-level
// percentage (once for the order, or on each line) nor whether a line's fixed amount comes off the line or
// each unit of it, so the site does not guess: once a code passes its rules, Square's preview of the order
// (CalculateOrder, the same parts CreateOrder gets: ../payments squarePricing) gives the discount, the tax
// and the total, which the checkout shows and the order is stored, charged and e-mailed with. The preview
// is kept by the cart's shape for half an hour (offer_square_quotes), so the order placed from a checked
// cart asks Square nothing more. Without Square (the local test gateway) the site's own arithmetic stands.
import { createHash } from "node:crypto";
import type { Square } from "square";
import type { SquareDiscount } from "../../domain/discounts";
import type { Cents } from "../../domain/money";
import type { OrderLine } from "../../domain/orderLines";
import { pricedLineOf, squarePricing } from "../payments";
import { db } from "../platform/database";
import { RuleBroken, said, TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import { admitLookup, type Asker } from "../platform/lookupBudget";
import { sql } from "../platform/sql";
import { squareClient, squareConfig } from "../platform/squareClient";
import type { PricedOffer } from "./rules";

/** How long Square's preview of a cart stands: a diner's checkout, with room to spare. */
export const QUOTE_KEPT_MS = 30 * 60_000;
/** Old previews removed with each new one, at most: the table stays a few minutes' worth. */
const REMOVED_PER_WRITE = 50;

interface Quote {
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  service_cents: number;
  total_cents: number;
}

/** The cart's shape: the location and every part that prices the order (bigints as text), hashed. */
function cartKey(locationId: string, order: Square.Order): string {
  const shape = JSON.stringify({ locationId, order }, (_, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  return createHash("sha256").update(shape).digest("base64url");
}

/** Square's preview of `order`, kept by its shape; a miss is one look-up of the asker's and the site's budgets. */
async function quoteOf(locationId: string, order: Square.Order, asker: Asker): Promise<Quote> {
  const key = cartKey(locationId, order);
  const kept = await db.one<Quote>(sql`
    SELECT subtotal_cents, discount_cents, tax_cents, service_cents, total_cents FROM offer_square_quotes
    WHERE cart_key = ${key} AND created_at > ${new Date(Date.now() - QUOTE_KEPT_MS)}`);
  if (kept) return kept;
  await admitLookup(asker);
  const { order: priced } = await (await squareClient("lookup")).orders.calculate({ order });
  const cents = (money: Square.Money | undefined) => Number(money?.amount ?? 0);
  const total = cents(priced?.totalMoney);
  const quote: Quote = {
    discount_cents: cents(priced?.totalDiscountMoney),
    tax_cents: cents(priced?.totalTaxMoney),
    service_cents: cents(priced?.totalServiceChargeMoney),
    total_cents: total,
    // What the dishes come to before the discount: Square's total less its tax and fee, plus its discount.
    subtotal_cents: total - cents(priced?.totalTaxMoney) - cents(priced?.totalServiceChargeMoney) + cents(priced?.totalDiscountMoney),
  };
  await db.run(sql`
    DELETE FROM offer_square_quotes WHERE cart_key IN (
      SELECT cart_key FROM offer_square_quotes WHERE created_at <= ${new Date(Date.now() - QUOTE_KEPT_MS)} LIMIT ${REMOVED_PER_WRITE})`);
  await db.run(sql`
    INSERT INTO offer_square_quotes (cart_key, subtotal_cents, discount_cents, tax_cents, service_cents, total_cents)
    VALUES (${key}, ${quote.subtotal_cents}, ${quote.discount_cents}, ${quote.tax_cents}, ${quote.service_cents}, ${quote.total_cents})
    ON CONFLICT (cart_key) DO UPDATE SET subtotal_cents = EXCLUDED.subtotal_cents, discount_cents = EXCLUDED.discount_cents,
      tax_cents = EXCLUDED.tax_cents, service_cents = EXCLUDED.service_cents, total_cents = EXCLUDED.total_cents, created_at = now()`);
  return quote;
}

/** Square's preview of these lines with `discount`, or null (logged) when it cannot stand for the order. */
async function previewOf(discount: SquareDiscount, priced: PricedOffer, lines: readonly OrderLine[], deliveryFee: Cents, asker: Asker): Promise<Quote | null> {
  const config = squareConfig();
  if (!config) return null;
  const order: Square.Order = { locationId: config.locationId, ...squarePricing(lines.map(pricedLineOf), discount, deliveryFee) };
  let quote: Quote;
  try {
    quote = await quoteOf(config.locationId, order, asker);
  } catch (error) {
    if (error instanceof TooManyAttempts) throw error;
    log("warn", "square's preview of a code's order did not come; the site's own figures stand", { status: (error as { statusCode?: number }).statusCode ?? null });
    return null;
  }
  if (quote.subtotal_cents !== priced.totals.subtotal || quote.service_cents !== deliveryFee) {
    log("warn", "square prices a code's dishes otherwise than the menu; the site's own figures stand", { square: quote.subtotal_cents, ours: priced.totals.subtotal });
    return null;
  }
  return quote;
}

/**
 * The priced code with Square's discount, tax and total for these lines. Square's figures stand only when its
 * dishes and fee come to ours (else its catalogue differs and the charge refuses the order as prices out of
 * step, as it would without a code). Past the look-up budgets, 429; Square failing, the site's own figures
 * (the order's charge still checks Square's total against them).
 */
export async function withSquareFigures(priced: PricedOffer, lines: readonly OrderLine[], deliveryFee: Cents, asker: Asker): Promise<PricedOffer> {
  let square = priced.square;
  let quote = await previewOf(square, priced, lines, deliveryFee, asker);
  // One dish free is one unit's price: a Square that takes a line's fixed amount off each unit of it would
  // give every unit free, so the dish's price comes off the order instead (an order's amount is spread
  // over its lines, never multiplied).
  if (quote && priced.offer.kind === "free_dish" && quote.discount_cents > (square.amountCents ?? 0)) {
    square = { name: square.name, type: "FIXED_AMOUNT", amountCents: square.amountCents, scope: "ORDER" };
    quote = await previewOf(square, priced, lines, deliveryFee, asker);
    if (!quote) return priced;
  }
  if (!quote) return priced;
  // A card payment of nothing is not possible at Square: such an order is refused before anything is held.
  if (quote.total_cents <= 0) throw new RuleBroken(said("offer_whole_order"));
  const discount = quote.discount_cents;
  return { ...priced, square, discount, totals: { ...priced.totals, discount, tax: quote.tax_cents, total: quote.total_cents } };
}
