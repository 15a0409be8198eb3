// The loyalty room's door: what other rooms, the top of src/server and the functions use of it.
export { accrueDueLoyalty } from "./accrual";
export { checkoutLoyalty } from "./checkoutPanel";
export { joinLoyalty, loyaltyStatus } from "./membership";
export { provePhoneByCode, startPhoneProof } from "./phoneProof";
export { forgetLoyaltyProgram, loyaltyProgram } from "./program";
export { loyaltyAnswer } from "./publicAnswer";
export { type RewardChoice } from "./rewards";
export { sweepLoyalty } from "./sweep";
export { loyaltyParticipant } from "./participant";
export { loyaltyNotificationTypes } from "./notifications";
