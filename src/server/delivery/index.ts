// The courier room's door: what other rooms and the functions call.
export { couriersConfigured } from "./courierConfig";
export { activeCourier } from "./courierChoice";
export { checkCourierKeys, type CourierKeysCheck } from "./keysCheck";
export { courierDeliveryOf, courierDeliveriesOf, deliveriesNeedingStaff, type StoredDelivery, type CourierState } from "./deliveries";
export { dispatchDue } from "./dispatch";
export { forgetOldCourierRecords } from "./quotes";
export { admitQuote } from "./quoteBudget";
export { courierFeePolicy, setCourierFeePolicy } from "./feePolicy";
export { acknowledgeCourierProblem, cancelCourierFor, requestNewCourier } from "./staffActions";
export { applyDoorDashEvent, authenticateDoorDash } from "./webhooks";
export { assertCouriersOffered, quoteForCheckout } from "./checkoutQuote";
export { courierFeesByWeek } from "./courierSales";
export { courierPickupTime } from "./orderCourier";
export { type StoredQuote, findQuote } from "./quotes";
export { staffCourierView } from "./views";
export { couriersParticipant } from "./participant";
export { courierMailKinds } from "./mailKinds";
