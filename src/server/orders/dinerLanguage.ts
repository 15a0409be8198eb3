// An order's options in the diner's language for their page and e-mails: the order keeps the English
// the kitchen reads ("Gluten-free batter"); a Spanish diner reads what the Spanish menu showed them
// ("Masa sin gluten"), from staff's Spanish over content/es/menu.json, as the menu itself does.
import { spanishChoice } from "../../domain/dishSpanish";
import type { Locale } from "../../domain/i18n/locales";
import { toDollars } from "../../domain/money";
import type { OrderView } from "../../domain/orderReadModel";
import { CONTENT_SPANISH_DISHES, readStaffSpanish } from "../content";
import { log } from "../platform/http";
import type { StoredOrder } from "./storedOrder";

/** The view with each line's options named in `locale` (lines in the stored order's order). */
export async function withOptionsIn(order: StoredOrder, view: OrderView, locale: Locale): Promise<OrderView> {
  if (locale === "en" || !order.lines.some((line) => line.options.length > 0)) return view;
  let staff: Map<string, string>;
  try {
    staff = await readStaffSpanish();
  } catch (error) {
    // content/es's Spanish still serves; staff's own words come back with the store.
    log("warn", "staff's Spanish unreadable for an order's options", { orderNumber: order.orderNumber, error: error instanceof Error ? error.message : String(error) });
    staff = new Map();
  }
  return {
    ...view,
    items: view.items.map((item, index) => {
      const line = order.lines[index];
      if (!line || line.options.length === 0) return item;
      const content = CONTENT_SPANISH_DISHES[String(line.menuItemId)];
      return {
        ...item,
        options: line.options.map((choice) => {
          const spanish = spanishChoice(line.menuItemId, choice, staff, content);
          return { group: spanish.group, name: spanish.name, quantity: choice.quantity, price: toDollars(choice.price) };
        }),
      };
    }),
  };
}
