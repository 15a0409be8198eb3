// The catering room's door: trays and the owner's rules, catering orders, their holds and cancellations.
export { type CateringSetup, cateringMenu, cateringSetup, changeCatering } from "./setup";
export { type PlacedCatering, placeCatering } from "./booking";
export { takeDueHolds } from "./holds";
export { cancelCatering, cateringOrder, upcomingCatering } from "./cancel";
export { cateringNotificationTypes } from "./notifications";
export { cateringMailKinds } from "./mail";
