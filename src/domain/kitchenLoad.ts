// What an order asks of each kitchen, and how much each kitchen can take per 15-minute slot: the weights
// the console's Hours tab edits and the capacity check counts.
import type { Fulfilment, KitchenSection, OrderedSection } from "./schedule";

/** A line of kitchen work: its section and weight, so an order's load per kitchen section can be counted. */
export interface KitchenLoad {
  section: OrderedSection;
  weight: number;
  quantity: number;
}

/** The weight an order puts on each kitchen section; Beverages take no kitchen time. */
export function loadBySection(lines: readonly KitchenLoad[]): Partial<Record<KitchenSection, number>> {
  const load: Partial<Record<KitchenSection, number>> = {};
  for (const line of lines) {
    if (line.section === "beverages") continue;
    load[line.section] = (load[line.section] ?? 0) + line.weight * line.quantity;
  }
  return load;
}

/** Each kitchen's room per 15-minute slot, in kitchen weight, for pickup and for delivery (the console's Hours tab). */
export type Capacities = Record<KitchenSection, Record<Fulfilment, number>>;

/** A dish's share of a slot's room, as the console's Hours tab edits it. */
export interface DishWeight {
  id: number;
  name: string;
  section: string;
  kitchenWeight: number;
}
