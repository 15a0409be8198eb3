// The texts room's door: a diner's choice of texts about their orders (for a phone proven by a code), the
// checkout's "Text me about this order" and the order's texts at its stages, the sending of an order's text
// within the budgets (Twilio Programmable Messaging), and what Twilio posts back (replies, statuses).
export { askTextCode, chooseTexts, stopTexts, textChoice, type TextChoice } from "./choices";
export { ORDER_TEXTS_PER_PHONE_DAY, sendOrderText, textPhoneForOrder } from "./orderTexts";
export { DEFAULT_TEXTS_PER_MONTH, MAX_TEXTS_PER_MONTH, TEXTS_PER_MONTH_SETTING, textsPerMonth, textsSentThisMonth } from "./budgets";
export { noteTextStatus, sendWaitingTexts, textBody } from "./news";
export { answerReply, signedForm } from "./inbound";
export { textsParticipant } from "./participant";
export { orderTextsAvailable } from "./config";
export { textMailKinds } from "./fallbackMail";
export type { TextOutcome } from "./twilioMessages";
