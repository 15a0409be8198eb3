// "Order again": a past order of the diner's rebuilt as cart lines against today's menu. A dish no longer
// on the menu, sold out, or whose chosen options no longer fit, is left out; an option no longer offered
// or sold out is dropped from its dish; each one is named in a notice. Prices are today's (the checkout
// sends them and the server prices the order from its own menu, as for every order). When a kitchen of
// the order does not serve now (Jealous Burger outside its Friday and Saturday evenings), the answer
// offers the first time it does, with room.
import { isOpenAt, KITCHEN_SECTIONS, type KitchenSection } from "../../domain/schedule";
import { optionProblems, unitPriceWithOptions, describeChoice, type ChosenOption } from "../../domain/dishOptions";
import type { Locale } from "../../domain/i18n/locales";
import type { MenuItem } from "../../domain/menu.schema";
import type { SectionId } from "../../domain/hours";
import type { OrderType } from "../../domain/orderReadModel";
import { findMenuItems, menuSnapshot } from "../content";
import { serverNow } from "../env";
import { getOrder, spanishDish } from "../orders";
import { NotFound, said } from "../platform/errors";
import { offeredTimes, readScheduleOrSeed } from "../schedule";
import { ownsOrder } from "./orderHistory";
import type { Diner } from "./sessions";

/** A line as the browser's cart keeps it (src/stores/cartStorage.ts), prices in cents. */
export interface ReorderLine {
  id: number;
  name: string;
  price: number;
  category: string;
  description: string;
  quantity: number;
  squareId: string | null;
  section: SectionId;
  inStock: true;
  options?: { groupId: string; groupName: string; optionId: string; name: string; price: number; quantity: number }[];
  note?: string;
}

/** What was left out and why; the browser words it in the page's language. */
export type ReorderNotice =
  | { kind: "dish-gone" | "dish-sold-out" | "dish-choice-changed"; dish: string }
  | { kind: "option-gone" | "option-sold-out"; dish: string; option: string }
  | { kind: "kitchen-closed"; kitchens: string[]; slot: string };

export interface Reorder {
  orderType: OrderType;
  /** Who ordered and where it went, as that order had them: the checkout fills what is still empty with them. */
  customer: { name: string; email: string; phone: string };
  delivery: { address: string; city: string; state: string; zipCode: string; notes: string } | null;
  items: ReorderLine[];
  notices: ReorderNotice[];
  /** The first time every kitchen of the cart serves (an ISO instant), when one does not serve now. */
  slot: string | null;
}

const KITCHEN_NAMES: Record<KitchenSection, string> = { "jealous-fork": "Jealous Fork", "jealous-burger": "Jealous Burger" };

/** Keeps the options today's menu still offers; notes each one dropped. */
function keptOptions(item: MenuItem, chosen: readonly ChosenOption[], dish: string, notices: ReorderNotice[], names: (groupId: string, optionId: string) => string) {
  return chosen.filter((pick) => {
    const option = item.optionGroups.find((group) => group.id === pick.groupId)?.options.find((candidate) => candidate.id === pick.optionId);
    if (option && !option.hiddenOnline && !option.soldOut) return true;
    notices.push({ kind: option?.soldOut ? "option-sold-out" : "option-gone", dish, option: names(pick.groupId, pick.optionId) });
    return false;
  });
}

export async function reorder(diner: Diner, orderId: string, locale: Locale, now: Date = serverNow()): Promise<Reorder> {
  const order = (await ownsOrder(diner, orderId)) ? await getOrder(orderId) : null;
  if (!order) throw new NotFound(said("account_order_not_found"));
  const menu = await findMenuItems(order.lines.map((line) => line.menuItemId), now);
  const notices: ReorderNotice[] = [];
  const items: ReorderLine[] = [];
  for (const line of order.lines) {
    const item = menu.find((candidate) => candidate.id === line.menuItemId);
    if (!item) {
      notices.push({ kind: "dish-gone", dish: line.name });
      continue;
    }
    if (!item.inStock) {
      notices.push({ kind: "dish-sold-out", dish: item.name });
      continue;
    }
    const shown = locale === "es" ? await spanishDish(item) : item;
    // The option as ordered, by the name it had (today's when it is still on the menu, in the page's language).
    const optionName = (groupId: string, optionId: string) =>
      shown.optionGroups.find((g) => g.id === groupId)?.options.find((o) => o.id === optionId)?.name ??
      line.options.find((o) => o.groupId === groupId && o.optionId === optionId)?.name ??
      optionId;
    const chosen = keptOptions(item, line.options.map(({ groupId, optionId, quantity }) => ({ groupId, optionId, quantity })), item.name, notices, optionName);
    if (optionProblems(item.name, item.optionGroups, chosen).length > 0) {
      notices.push({ kind: "dish-choice-changed", dish: item.name });
      continue;
    }
    const options = describeChoice(shown.optionGroups, chosen).map(({ squareId: _squareId, ...option }) => option);
    items.push({
      id: item.id,
      name: item.name,
      price: unitPriceWithOptions(item.priceCents, item.optionGroups, chosen),
      category: item.category,
      description: shown.description,
      quantity: line.quantity,
      squareId: item.squareId,
      section: item.section,
      inStock: true,
      ...(options.length ? { options } : {}),
      ...(line.note ? { note: line.note } : {}),
    });
  }
  const slot = items.length ? await laterSlot(items, order.orderType, now, notices) : null;
  const delivery = order.delivery && { address: order.delivery.address, city: order.delivery.city, state: order.delivery.state, zipCode: order.delivery.zipCode, notes: order.delivery.notes };
  return { orderType: order.orderType, customer: { ...order.customer }, delivery, items, notices, slot };
}

/** When a kitchen of the cart is closed now: the first slot at which every one serves, with a notice naming them. */
async function laterSlot(items: readonly ReorderLine[], orderType: OrderType, now: Date, notices: ReorderNotice[]): Promise<string | null> {
  const schedule = await readScheduleOrSeed();
  const closed = KITCHEN_SECTIONS.filter((section) => items.some((item) => item.section === section) && !isOpenAt(schedule, section, now));
  if (closed.length === 0) return null;
  const offered = await offeredTimes(menuSnapshot, items.map((item) => ({ id: item.id, quantity: item.quantity })), orderType, now);
  if (offered.asap || !offered.slots[0]) return null;
  notices.push({ kind: "kitchen-closed", kitchens: closed.map((section) => KITCHEN_NAMES[section]), slot: offered.slots[0].at });
  return offered.slots[0].at;
}
