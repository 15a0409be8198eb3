// The outbox's courier kinds (a driver on the way, a delivery cancelled, the alarms to the restaurant): built
// from the order as it stands when sent, the diner's in their language, the restaurant's in English.
import { orderPagePath } from "../../domain/i18n/locales";
import { COURIER_MAIL_KINDS, courierMail, type CourierMailKind, type MailBuilder } from "../mail";
import { fullOrderView, getOrder } from "../orders";

const isCourierMail = (kind: string): kind is CourierMailKind => COURIER_MAIL_KINDS.includes(kind);

export const courierMailKinds: MailBuilder[] = [
  {
    kinds: isCourierMail,
    build: async (message, { base, consoleUrl }) => {
      const stored = message.orderId ? await getOrder(message.orderId) : null;
      if (!stored) return "The order no longer exists.";
      const locale = message.language;
      const order = await fullOrderView(stored, locale);
      const orderUrl = `${base}${orderPagePath(locale, stored.orderId)}`;
      return { mail: await courierMail(message.kind as CourierMailKind, { order, orderUrl, consoleUrl, payload: message.payload }, locale) };
    },
  },
];
