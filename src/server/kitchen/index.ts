// The kitchen room's door: its own figures (orders ready by their promise, today, per day and section, and by
// week; what quotes add and why), the owner's word when a week slips, and the one running-late message an
// order may get.
export { kitchenFigures, readyOnTime, type KitchenFigures, type OnTimeDay } from "./figures";
export { kitchenMailKinds } from "./lateMail";
export { sendLateNotices } from "./lateNotices";
export { checkKitchenWeek, kitchenWeeks, ON_TIME_GOAL, type WeekFigure } from "./week";
