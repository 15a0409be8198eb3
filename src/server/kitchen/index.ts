// The kitchen room's door: its own figures (orders ready by their promise, what quotes add and why) and the
// one running-late message an order may get.
export { kitchenFigures, readyOnTime, type KitchenFigures, type OnTimeDay } from "./figures";
export { kitchenMailKinds } from "./lateMail";
export { sendLateNotices } from "./lateNotices";
