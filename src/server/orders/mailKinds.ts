// The outbox's order kinds (the confirmation, ready, cancelled, refunded, the restaurant's copy, a courier's
// news): built from the order as it stands when sent, the diner's in their language, the kitchen's in English.
import { orderPagePath } from "../../domain/i18n/locales";
import { COURIER_MAIL_KINDS, courierMail, orderMail, type CourierMailKind, type MailBuilder } from "../mail";
import { getOrder } from "./records";
import { fullOrderView } from "./views";

const isCourierMail = (kind: string): kind is CourierMailKind => COURIER_MAIL_KINDS.includes(kind);
type OrderMailKind = Parameters<typeof orderMail>[0];
const ORDER_MAIL_KINDS: readonly string[] = ["order_confirmed", "order_ready", "order_cancelled", "order_refunded", "staff_new_order"] satisfies OrderMailKind[];
const isOwnOrderMail = (kind: string): kind is OrderMailKind => ORDER_MAIL_KINDS.includes(kind);

/** The order's own kinds, the restaurant's copy of a new order, and a courier's news. */
const isOrderMail = (kind: string): boolean => isOwnOrderMail(kind) || isCourierMail(kind);

export const orderMailKinds: MailBuilder[] = [
  {
    kinds: isOrderMail,
    build: async (message, { base, consoleUrl }) => {
      const stored = message.orderId ? await getOrder(message.orderId) : null;
      if (!stored) return "The order no longer exists.";
      // The customer's messages are in the order's language (queued with it), the restaurant's copy in English.
      const locale = message.language;
      const order = await fullOrderView(stored, locale);
      const orderUrl = `${base}${orderPagePath(locale, stored.orderId)}`;
      if (isCourierMail(message.kind)) return { mail: await courierMail(message.kind, { order, orderUrl, consoleUrl, payload: message.payload }, locale) };
      if (!isOwnOrderMail(message.kind)) return `No order e-mail is called ${message.kind}.`;
      const amountCents = typeof message.payload.amountCents === "number" ? message.payload.amountCents : undefined;
      return { mail: await orderMail(message.kind, { order, orderUrl, receiptUrl: stored.payment.receiptUrl, amountCents, consoleUrl }, locale) };
    },
  },
];
