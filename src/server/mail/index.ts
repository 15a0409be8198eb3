// The mail room's door: what other rooms, the top of src/server and the functions use of it.
export { type GiftCardMailContext, giftCardDeliveryMail, giftCardReceiptMail } from "./giftCardMail";
export { Layout, type RenderedMail, rendered, styles } from "./layout";
export { type MailStatus, type OutboxMessage, listOutbox, mailConfigured, outboxCounts, outboxHealth, queueOwnerTestMail, queueSetupLinkMail, resend, restaurantAddress, setRestaurantAddress } from "./outbox";
export { outboxBacklog } from "./pace";
export { deliverMailSoon } from "./soon";
export { deliverDueMail } from "./worker";
export { raiseBudgetAlarm, recentBudgetAlarms, type BudgetAlarm } from "./budgetAlarm";
export { registerMailKinds, type MailBuilder, type MailLinks, type MailBuilt } from "./kinds";
export { orderMail } from "./messages";
export { COURIER_MAIL_KINDS, courierMail, type CourierMailKind } from "./courierMail";
export { contactMail } from "./contactMail";
export { setupLinkMail } from "./setupLinkMail";
export { securityNoticeMail, type SecurityEvent, type SecurityNotice } from "./staffSecurityMail";
