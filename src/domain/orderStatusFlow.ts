// How staff move an order along on the admin order board: confirmed -> preparing -> ready ->
// completed, or cancelled from any step before completed. Shared by the console and the server.
import type { OrderStatus } from "./orderRequest.schema";

const NEXT: Record<string, OrderStatus | undefined> = {
  confirmed: "preparing",
  preparing: "ready",
  ready: "completed",
};

/** The one forward step from `status`, if any. */
export function nextStatus(status: string): OrderStatus | undefined {
  return NEXT[status];
}

export function canCancel(status: string): boolean {
  return status === "confirmed" || status === "preparing" || status === "ready";
}

/** Whether staff may move an order from `from` to `to`. */
export function isAllowedTransition(from: string, to: OrderStatus): boolean {
  return nextStatus(from) === to || (to === "cancelled" && canCancel(from));
}

const BOARD_STATUSES = ["confirmed", "preparing", "ready", "completed", "cancelled"] as const;

/** Every status an order may be moved to `to` from: the condition of the one update that moves it. */
export function statusesBefore(to: OrderStatus): string[] {
  return BOARD_STATUSES.filter((from) => isAllowedTransition(from, to));
}
