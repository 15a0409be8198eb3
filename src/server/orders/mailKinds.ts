// The outbox's order kinds (the confirmation, ready, cancelled, refunded, the restaurant's copy; a courier's
// news is the delivery room's own kinds): built from the order as it stands when sent, the diner's in their language, the kitchen's in English.
import { orderPagePath } from "../../domain/i18n/locales";
import { orderMail, type MailBuilder } from "../mail";
import { getOrder } from "./records";
import { fullOrderView } from "./views";

type OrderMailKind = Parameters<typeof orderMail>[0];
const ORDER_MAIL_KINDS: readonly string[] = ["order_confirmed", "order_ready", "order_cancelled", "order_refunded", "staff_new_order"] satisfies OrderMailKind[];
const isOwnOrderMail = (kind: string): kind is OrderMailKind => ORDER_MAIL_KINDS.includes(kind);

export const orderMailKinds: MailBuilder[] = [
  {
    kinds: isOwnOrderMail,
    build: async (message, { base, consoleUrl }) => {
      const stored = message.orderId ? await getOrder(message.orderId) : null;
      if (!stored) return "The order no longer exists.";
      // The customer's messages are in the order's language (queued with it), the restaurant's copy in English.
      const locale = message.language;
      const order = await fullOrderView(stored, locale);
      const orderUrl = `${base}${orderPagePath(locale, stored.orderId)}`;
      if (!isOwnOrderMail(message.kind)) return `No order e-mail is called ${message.kind}.`;
      const amountCents = typeof message.payload.amountCents === "number" ? message.payload.amountCents : undefined;
      return { mail: await orderMail(message.kind, { order, orderUrl, receiptUrl: stored.payment.receiptUrl, amountCents, consoleUrl }, locale) };
    },
  },
];
