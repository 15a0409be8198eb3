// The kitchen room's door: its own figures (orders ready by their promise, what quotes add and why).
export { kitchenFigures, readyOnTime, type KitchenFigures, type OnTimeDay } from "./figures";
