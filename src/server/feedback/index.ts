// The feedback room's door: what other rooms, the top of src/server and the functions use of it.
export { feedbackAnswerSchema, feedbackOptOutSchema } from "./input";
export { comeBackMailKinds } from "./outboxMail";
export { GOOGLE_REVIEW_URL, noteRating, optOut, queueComeBackMail, requestOfToken, writeToOwner } from "./requests";
export { comeBackMailOn, setComeBackMail } from "./settings";
