// The catering room's door: trays and the owner's rules, catering orders, their holds and cancellations.
export { cateringMenu, cateringSetup, changeCatering } from "./setup";
export { placeCatering } from "./booking";
export { takeDueHolds } from "./holds";
export { cancelCatering, cateringOrder, upcomingCatering } from "./cancel";
export { cateringNotificationTypes } from "./notifications";
export { cateringMailKinds } from "./mail";
export { cateringParticipant, sendWaitingToKitchen } from "./kitchen";
