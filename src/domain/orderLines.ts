// The lines of an order as the server prices them: the same dish sent twice merged into one line,
// each line priced from the menu or refused with a problem naming the dish, and the fingerprint that
// tells a retried checkout attempt from another cart sent with the same key. Pure: no I/O.
import type { MenuItem } from "./menu.schema";
import { deliveryFeeFor, type Cents } from "./money";
import type { OrderType } from "./orderReadModel";
import { computeTotals, type Totals } from "./pricing";

export interface RequestedLine {
  id: number;
  quantity: number;
  name?: string;
}

export interface OrderLine {
  menuItemId: number;
  name: string;
  description: string;
  unitPriceCents: Cents;
  quantity: number;
  /** Square item-variation id when the menu was synced, so Square reports sales per catalogue item. */
  catalogObjectId: string | null;
}

export interface LineProblem {
  path: string;
  message: string;
}

/** One line per menu item: the same dish sent twice counts once with the quantities added. */
export function mergeLines(items: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<number, RequestedLine>();
  for (const item of items) {
    const existing = merged.get(item.id);
    if (existing) existing.quantity += item.quantity;
    else merged.set(item.id, { id: item.id, quantity: item.quantity, name: item.name });
  }
  return [...merged.values()];
}

/**
 * Prices every line from the menu. A dish that is unknown, out of stock or whose kitchen is closed
 * (`isOpen`) becomes a problem naming it; the lines are priced only when there is none.
 */
export function priceLines(
  requested: readonly RequestedLine[],
  menu: readonly MenuItem[],
  isOpen: (section: MenuItem["section"]) => boolean,
  sectionName: (section: MenuItem["section"]) => string,
): { lines: OrderLine[]; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  const lines: OrderLine[] = [];
  requested.forEach((line, index) => {
    const item = menu.find((candidate) => candidate.id === line.id);
    const path = `items.${index}`;
    if (!item) {
      const label = line.name?.trim() ? `"${line.name.trim().slice(0, 80)}"` : `Item ${line.id}`;
      problems.push({ path, message: `${label} is not on our menu.` });
    } else if (!item.inStock) {
      problems.push({ path, message: `${item.name} is out of stock.` });
    } else if (!isOpen(item.section)) {
      problems.push({ path, message: `${item.name} is not available right now: ${sectionName(item.section)} is closed.` });
    } else {
      lines.push({
        menuItemId: item.id,
        name: item.name,
        description: item.description,
        unitPriceCents: item.priceCents,
        quantity: line.quantity,
        catalogObjectId: item.squareVariationId,
      });
    }
  });
  return problems.length > 0 ? { lines: [], problems } : { lines, problems };
}

/** One sentence for the customer about every problem of a cart. */
export function cartProblemSentence(problems: readonly LineProblem[]): string {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return `${problems[0]?.message ?? "Your cart has a problem."}${more} Please update your cart.`;
}

export function orderTotals(orderType: OrderType, lines: readonly OrderLine[]): Totals {
  return computeTotals(
    lines.map((line) => ({ unitPrice: line.unitPriceCents, quantity: line.quantity })),
    deliveryFeeFor(orderType),
  );
}

/**
 * A canonical text of what was ordered and by whom (its hash is the fingerprint): the same cart in
 * another order of lines, or with the e-mail in other capitals, is the same attempt.
 */
export function canonicalOrder(
  orderType: OrderType,
  items: readonly RequestedLine[],
  customer: { name: string; email: string; phone: string },
  delivery: unknown,
): string {
  const lines = mergeLines(items.map((item) => ({ ...item })))
    .map((line) => [line.id, line.quantity])
    .sort((a, b) => a[0]! - b[0]!);
  return JSON.stringify([orderType, lines, [customer.name, customer.email.toLowerCase(), customer.phone], delivery]);
}
