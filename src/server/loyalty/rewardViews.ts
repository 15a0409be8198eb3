// A reward on what people see of an order: Square's order takes it off on top of what the order was
// decided with (a code's discount), so its share is what Square's discount holds beyond that
// (putReward keeps the same figure in loyalty_rewards).
import { toDollars } from "../../domain/money";
import type { OrderView } from "../../domain/orderReadModel";
import type { StoredOrder } from "../orders";

/** The views with the reward's share of each order's discount (dollars), where it has one. */
export function withRewards<V extends OrderView>(views: V[], orders: ReadonlyMap<string, StoredOrder>): V[] {
  return views.map((view) => {
    const order = orders.get(view.orderId);
    const cents = order ? Math.max(0, (order.totals.discount ?? 0) - order.decidedDiscountCents) : 0;
    return cents > 0 ? { ...view, reward: toDollars(cents) } : view;
  });
}
