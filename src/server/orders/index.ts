// The orders room's door: what other rooms, the top of src/server and the functions use of it.
export { ARRIVAL_RATE_LIMIT, markArrived } from "./arrivals";
export { changesSince, currentCursor, ordersOnBoard, parseCursor, staffViews } from "./board";
export { placeOrder } from "./checkout";
export { withOptionsIn } from "./dinerLanguage";
export { spanishDish } from "./optionRefusals";
export { noteDecline, refuseDeclinedClient } from "./orderAttempts";
export { fulfillmentSyncOf, moveStatusFromProvider, notePosSync, noteProviderVersion } from "./posSync";
export { confirmIfPaid, listOrdersNeedingAttention, reconcileOrder, reconcilePendingOrders } from "./reconcile";
export { type StoredOrder, getOrder, isPaid, orderOfPayment, orderOfProviderOrder, ordersPromisedFrom } from "./records";
export { listOrdersForDay, setOrderStatus } from "./staff";
export { voidStrandedAuthorizations } from "./strandedAuthorizations";
export { noteGiftCardBalance } from "./tenderBalance";
export { getOrderView, toAttentionView, toOrderView, toOrderViewIn } from "./views";
export { orderMailKinds } from "./mailKinds";
