// The lines of an order as the server prices them: the same dish with the same options and note sent
// twice merged into one line, each line priced from the menu with its options (every group's rules
// kept) or refused with a problem naming the dish and the group, and the fingerprint that tells a
// retried checkout attempt from another cart sent with the same key. Pure: no I/O.
import { describeChoice, lineKey, optionProblems, unitPriceWithOptions, type ChosenOption, type ChosenOptionDetail } from "./dishOptions";
import type { MenuItem } from "./menu.schema";
import { deliveryFeeFor, toCents, type Cents } from "./money";
import type { OrderType } from "./orderReadModel";
import { computeTotals, type Totals } from "./pricing";

export interface RequestedLine {
  id: number;
  quantity: number;
  name?: string;
  /** The options chosen for each unit of the line; their prices come from the menu, never from here. */
  options?: readonly ChosenOption[];
  /** The diner's special instruction for this line ("no onions"). */
  note?: string;
}

/** An option as the line keeps it: named and priced as it was ordered. */
export type LineOption = ChosenOptionDetail;

export interface OrderLine {
  menuItemId: number;
  name: string;
  description: string;
  /** The dish's price with its options, for one unit. */
  unitPriceCents: Cents;
  quantity: number;
  /** Square item-variation id when the menu was synced, so Square reports sales per catalogue item. */
  catalogObjectId: string | null;
  options: LineOption[];
  note: string;
}

export interface LineProblem {
  path: string;
  message: string;
}

const keyOf = (line: RequestedLine) => lineKey(line.id, line.options ?? [], line.note ?? "");

/** One line per dish, options and note: the same choice sent twice counts once with the quantities added. */
export function mergeLines(items: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<string, RequestedLine>();
  for (const item of items) {
    const key = keyOf(item);
    const existing = merged.get(key);
    if (existing) existing.quantity += item.quantity;
    else merged.set(key, { ...item, options: [...(item.options ?? [])], note: item.note?.trim() ?? "" });
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
      const chosen = line.options ?? [];
      const optionIssues = optionProblems(item.name, item.optionGroups, chosen);
      if (optionIssues.length > 0) {
        for (const issue of optionIssues) problems.push({ path: `${path}.options.${issue.groupId}`, message: issue.message });
        return;
      }
      lines.push({
        menuItemId: item.id,
        name: item.name,
        description: item.description,
        unitPriceCents: unitPriceWithOptions(item.priceCents, item.optionGroups, chosen),
        quantity: line.quantity,
        catalogObjectId: item.squareVariationId,
        options: describeChoice(item.optionGroups, chosen),
        note: line.note?.trim() ?? "",
      });
    }
  });
  return problems.length > 0 ? { lines: [], problems } : { lines, problems };
}

/** An order's tip in cents, from the dollars the request carries (0 when none was given). */
export function tipCentsOf(request: { tip?: number | undefined }): Cents {
  return request.tip === undefined ? 0 : toCents(request.tip);
}

export function orderTotals(orderType: OrderType, lines: readonly OrderLine[], deliveryFee: Cents = deliveryFeeFor(orderType)): Totals {
  return computeTotals(
    lines.map((line) => ({ unitPrice: line.unitPriceCents, quantity: line.quantity })),
    deliveryFee,
  );
}

/**
 * A canonical text of what was ordered and by whom (its hash is the fingerprint): the same cart in
 * another order of lines, or with the e-mail in other capitals, is the same attempt; other options,
 * notes or another tip are another order. A plain cart (no options, notes or tip) keeps the text it
 * always had, so an attempt begun before options existed is still recognised when retried.
 */
export function canonicalOrder(
  orderType: OrderType,
  items: readonly RequestedLine[],
  customer: { name: string; email: string; phone: string },
  delivery: unknown,
  extras: { note?: string; tipCents?: number } = {},
): string {
  const lines = mergeLines(items.map((item) => ({ ...item })))
    .map((line) => {
      const key = keyOf(line);
      return { key, text: key === lineKey(line.id, []) ? [line.id, line.quantity] : [line.id, line.quantity, key] };
    })
    .sort((a, b) => (a.text[0] as number) - (b.text[0] as number) || a.key.localeCompare(b.key))
    .map((line) => line.text);
  const note = extras.note?.trim() ?? "";
  const tip = extras.tipCents ?? 0;
  const base: unknown[] = [orderType, lines, [customer.name, customer.email.toLowerCase(), customer.phone], delivery];
  return JSON.stringify(note || tip ? [...base, note, tip] : base);
}
