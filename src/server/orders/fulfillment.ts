// The kitchen's status in both directions: a fulfillment state staff set on Square's Point of Sale
// moves our order, and a status staff set in our console becomes the fulfillment's state at Square,
// so the POS and the site agree whichever side staff use.
import type { Square } from "square";
import type { OrderStatus } from "../../domain/orderReadModel";
import { serverNow } from "../env";
import { log } from "../platform/http";
import { statusChanged } from "./lifecycle";
import { fulfillmentSyncOf, moveStatusFromProvider, noteProviderVersion, notePosSync } from "./posSync";
import { orderOfProviderOrder, type StoredOrder } from "./records";
import { describeSquareFailure, squareClient, squareConfig, squareSdk, updateFulfillment } from "../platform/squareClient";

/** What each POS state means for our order (PROPOSED, an order not yet accepted, and FAILED move nothing). */
export const STATUS_OF_FULFILLMENT_STATE: Readonly<Record<string, OrderStatus | undefined>> = {
  RESERVED: "preparing",
  PREPARED: "ready",
  COMPLETED: "completed",
  CANCELED: "cancelled",
};

/** The fulfillment state each of our statuses puts on the POS. */
export const FULFILLMENT_STATE_OF_STATUS: Readonly<Record<OrderStatus, Square.FulfillmentState | undefined>> = {
  confirmed: undefined,
  preparing: "RESERVED",
  ready: "PREPARED",
  completed: "COMPLETED",
  cancelled: "CANCELED",
};

const KITCHEN_FLOW = ["confirmed", "preparing", "ready", "completed"] as const;

/**
 * The statuses the POS may move an order from to `to`: any earlier step (on the POS staff may mark an
 * order ready without accepting it first), never backwards, never out of completed or cancelled.
 */
export function statusesBeforeOnPos(to: OrderStatus): string[] {
  if (to === "cancelled") return ["confirmed", "preparing", "ready"];
  const index = KITCHEN_FLOW.indexOf(to as (typeof KITCHEN_FLOW)[number]);
  return index > 0 ? KITCHEN_FLOW.slice(0, index) : [];
}

export interface FulfillmentUpdate {
  /** Square's order id. */
  orderId: string;
  /** The order's version after the change. */
  version: number;
  changes: { fulfillmentUid: string | null; oldState: string | null; newState: string }[];
}

/** Applies one `order.fulfillment.updated` notification; answers what it did, for the event's record. */
export async function applyFulfillmentUpdate(update: FulfillmentUpdate): Promise<string> {
  const order = await orderOfProviderOrder(update.orderId);
  if (!order) return "ignored: not an order of this site";
  // An order made here has one fulfillment: its last change is its state now.
  const change = update.changes.at(-1);
  if (!change) return "ignored: no fulfillment change";
  const status = STATUS_OF_FULFILLMENT_STATE[change.newState];
  if (!status || order.status === status) {
    await noteProviderVersion(order.orderId, update.version, change.fulfillmentUid);
    return status ? `unchanged: already ${status}` : `ignored: ${change.newState} moves nothing`;
  }
  const moved = await moveStatusFromProvider(
    order.orderId,
    statusesBeforeOnPos(status),
    status,
    update.version,
    change.fulfillmentUid,
    serverNow(),
  );
  if (moved) {
    log("info", "order status set on the POS", { orderNumber: order.orderNumber, status });
    // The participants hear it as they hear the console's tap (the diner's ready text).
    await statusChanged(order, status);
    return `applied: ${status}`;
  }
  return `ignored: ${order.status} does not become ${status} (or the notification is older than what is known)`;
}

export type PosSync = "sent" | "failed" | "not-square";

/**
 * Puts `status` on the order's fulfillment at Square. The order is read first for its fulfillment and
 * current version (the update is a sparse one naming that version); if staff changed it on the POS in
 * between, it is read once more. A failure is kept on the order for the console and never undoes the
 * status staff set here.
 */
export async function sendStatusToSquare(order: StoredOrder, status: OrderStatus): Promise<PosSync> {
  const state = FULFILLMENT_STATE_OF_STATUS[status];
  const squareOrderId = order.payment.providerOrderId;
  if (!state || order.payment.provider !== "square" || !squareOrderId) return "not-square";
  const config = squareConfig();
  if (!config) {
    await notePosSync(order.orderId, "Square is not configured here, so the POS was not told.");
    return "failed";
  }
  try {
    const client = await squareClient("sync", config);
    const { uid, version } = await updateFulfillment(client, config, squareOrderId, (fulfillment) => (fulfillment.state === state ? null : { state }));
    await noteProviderVersion(order.orderId, version, uid);
    await notePosSync(order.orderId, null);
    return "sent";
  } catch (error) {
    // The SDK's error classes: the call that failed loaded it.
    const message = describeSquareFailure(error, await squareSdk());
    log("warn", "a status set in the console did not reach the POS", { orderNumber: order.orderNumber, status, message });
    await notePosSync(order.orderId, `The POS was not updated: ${message}`).catch(() => undefined);
    return "failed";
  }
}

/** Why the last status set here did not reach the POS, or null. */
export async function posSyncErrorOf(orderId: string): Promise<string | null> {
  return (await fulfillmentSyncOf(orderId))?.posSyncError ?? null;
}

