// The e-mail outbox as the console reads it (GET /api/admin/mail): the kinds of message, their
// statuses and the words staff see for them. No zod here, so the console stays light.

export const MAIL_KINDS = [
  "order_confirmed",
  "order_ready",
  "order_cancelled",
  "order_refunded",
  "staff_new_order",
  "staff_contact_message",
  "staff_setup_link",
  "gift_card_delivery",
  "gift_card_receipt",
  "staff_mail_backlog",
  "order_courier_assigned",
  "order_courier_cancelled",
  "staff_courier_problem",
  "staff_security_notice",
  "owner_test",
  "staff_decline_brake",
  "diner_sign_in_link",
  "diner_passkey_added",
  "diner_come_back",
  "staff_budget_alarm",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** waiting: due at nextAttemptAt; sending: a worker has it; sent; failed: given up after the last attempt. */
export type MailStatus = "waiting" | "sending" | "sent" | "failed";

export const MAIL_KIND_LABEL: Record<MailKind, string> = {
  order_confirmed: "Order confirmation",
  order_ready: "Ready / on its way",
  order_cancelled: "Cancellation",
  order_refunded: "Refund",
  staff_new_order: "New order copy",
  staff_contact_message: "Contact message copy",
  staff_setup_link: "Staff set-up link",
  gift_card_delivery: "Gift card (to the recipient)",
  gift_card_receipt: "Gift card receipt (to the buyer)",
  staff_mail_backlog: "Mail backlog cleared",
  order_courier_assigned: "Driver assigned (tracking link)",
  order_courier_cancelled: "Courier cancelled (to the customer)",
  staff_courier_problem: "Courier problem (to the restaurant)",
  staff_security_notice: "Staff security notice",
  owner_test: "Test e-mail",
  staff_decline_brake: "Declined cards alarm",
  diner_sign_in_link: "Diner sign-in link",
  diner_passkey_added: "Diner passkey added",
  diner_come_back: "How was your pickup? (after-pickup e-mail)",
  staff_budget_alarm: "Site budget spent (texts or sign-in links)",
};

export interface OutboxMessage {
  id: number;
  kind: MailKind;
  orderId: string | null;
  contactMessageId: string | null;
  /** The gift card sale a gift card e-mail is about. */
  giftCardSaleId?: string | null;
  recipient: string;
  language: "en" | "es";
  payload: Record<string, unknown>;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** What GET /api/admin/mail answers. */
export interface OutboxView {
  /** Whether SMTP_URL is set: without it, messages wait. */
  configured: boolean;
  /** Where copies of new orders and contact messages go ("" for nowhere). */
  restaurantAddress: string;
  counts: Record<MailStatus, number>;
  /** Mail waiting behind the provider's pace (or its refusals): late once the oldest has waited 5 minutes. */
  backlog?: MailBacklog;
  messages: OutboxMessage[];
}

export interface MailBacklog {
  /** Messages not yet sent (waiting or being sent). */
  unsent: number;
  /** When the oldest of them was queued, or null when there is none. */
  oldestQueuedAt: string | null;
  /** Whether the oldest has waited longer than BACKLOG_LATE_MINUTES. */
  late: boolean;
}

/** A message unsent this long is a backlog worth telling staff about. */
export const BACKLOG_LATE_MINUTES = 5;
