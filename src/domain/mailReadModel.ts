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
  "order_courier_assigned",
  "order_courier_cancelled",
  "staff_courier_problem",
  "staff_security_notice",
  "owner_test",
  "staff_decline_brake",
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
  order_courier_assigned: "Driver assigned (tracking link)",
  order_courier_cancelled: "Courier cancelled (to the customer)",
  staff_courier_problem: "Courier problem (to the restaurant)",
  staff_security_notice: "Staff security notice",
  owner_test: "Test e-mail",
  staff_decline_brake: "Declined cards alarm",
};

export interface OutboxMessage {
  id: number;
  kind: MailKind;
  orderId: string | null;
  contactMessageId: string | null;
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
  messages: OutboxMessage[];
}
