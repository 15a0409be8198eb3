// The orders room's door: what other rooms, the top of src/server and the functions use of it.
export { changesSince, currentCursor, ordersOnBoard, parseCursor, staffSummaries, staffViews } from "./board";
export { placeOrder } from "./checkout";
export { spanishDish } from "./optionRefusals";
export { noteDecline, refuseDeclinedClient } from "./orderAttempts";
export { listOrdersNeedingAttention, reconcileOrder, reconcilePendingOrders } from "./reconcile";
export { type StoredOrder, getOrder, isPaid, noteOrderChanged, ordersPromisedFrom } from "./records";
export { listOrdersForDay, setOrderStatus } from "./staff";
export { voidStrandedAuthorizations } from "./strandedAuthorizations";
export { noteGiftCardBalance } from "./tenderBalance";
export { fullOrderView, getOrderView, toAttentionView, toOrderViewIn } from "./views";
export { orderMailKinds } from "./mailKinds";
export { STAGES, courierPickedUp as orderPickedUpByCourier, finished as orderFinished, swept as sweepParticipants, takePart, type Participant, type Audience, type Stage, type Ending, type AttemptView, type Draft, type Priced, type HeldOrder, type Refunded } from "./lifecycle";
export { type PosSync } from "./fulfillment";
export { REASON_LIMIT, refundOrder } from "./refunds";
export { orderNotificationTypes } from "./notifications";
export { joinBoard, type PaidElsewhere } from "./paidElsewhere";
