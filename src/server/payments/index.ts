// The payments room's door: what other rooms, the top of src/server and the functions use of it.
export { type CardCheck, type ChargeParts, type PaymentShare, type FulfillmentPart, type ChargeLookup, type ChargeRequest, type ChargeResult, type PaymentGateway, type PaymentProvider, type ProviderOrder } from "./contract";
export { type PaymentSource, brakeRefuses, declineBrake, needsBankCheck, noteSiteDecline, releaseDeclineBrake } from "./declineBrake";
export { type ProviderError, declined, declinedByBank, isDecline, requestRefused } from "./declines";
export { assertPaymentsAvailable, paymentGateway, paymentMode } from "./gateway";
export { assertCardOnFilePayable } from "./cardOnFile";
export { paymentFormConfig } from "./paymentForm";
export { approvedPaymentsBetween, voidAuthorization } from "./squareAuthorizations";
export { pricedLineOf, squarePricing, withSquareDiscount } from "./squareLines";
export { letTendersPassProvenBy } from "./declineBrake";
export { relinkRefusedCustomersWith } from "./refusedCustomer";
export { holdCard, releaseHold, refundTaken, takeHold } from "./holds";
export { readTenderIdentitiesWith, type TokenIdentityReader } from "./tenderIdentity";
export { payTestTendersWith, type TestOutcome, type TestTender } from "./testTenders";
