// The texts room's door: a diner's choice of texts about their orders (for a phone proven by a code), and the
// sending of an order's text within the budgets (Twilio Programmable Messaging).
export { askTextCode, chooseTexts, stopTexts, textChoice, type TextChoice } from "./choices";
export { ORDER_TEXTS_PER_PHONE_DAY, sendOrderText, textPhoneForOrder } from "./orderTexts";
export type { TextOutcome } from "./twilioMessages";
