// The feedback room's door: what other rooms, the top of src/server and the functions use of it.
export { feedbackAnswerSchema, feedbackOptOutSchema } from "./input";
export { comeBackMailKinds } from "./outboxMail";
export { GOOGLE_REVIEW_URL, answerHappy, answerUnhappy, optOut, queueComeBackMail, requestOfToken } from "./requests";
export { comeBackMailOn, setComeBackMail } from "./settings";
