// The e-mail of a text that did not reach the diner (Twilio failed or could not deliver it, or it could not
// go within the budgets): the same words, in the order's language, with the way to the order page.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { orderPagePath } from "../../domain/i18n/locales";
import { words, translator, type Dictionary } from "../../domain/i18n/translate";
import { Layout, rendered, styles, type MailBuilder } from "../mail";
import { getOrder } from "../orders";

const fallbackWords = {
  subject: words(
    (number: string) => `Order #${number}: the text we could not send you`,
    (number: string) => `Pedido #${number}: el mensaje de texto que no pudimos enviarte`,
  ),
  lead: { en: "We tried to text you this, but it did not reach your phone:", es: "Intentamos enviarte este mensaje de texto, pero no llegó a tu teléfono:" },
  page: { en: "See your order", es: "Ver tu pedido" },
} satisfies Dictionary;

export const textMailKinds: MailBuilder[] = [
  {
    kinds: ["order_text_failed"],
    build: async (message, { base }) => {
      const order = message.orderId ? await getOrder(message.orderId) : null;
      if (!order) return "The order no longer exists.";
      const body = typeof message.payload.body === "string" ? message.payload.body : null;
      if (!body) return "The text's words are missing.";
      const t = translator(fallbackWords, message.language);
      const subject = t("subject", order.orderNumber);
      return {
        mail: await rendered(
          subject,
          <Layout preview={body} locale={message.language}>
            <Heading style={styles.heading}>{subject}</Heading>
            <Text style={styles.small}>{t("lead")}</Text>
            <Text style={styles.lead}>{body}</Text>
            <Button style={styles.button} href={`${base}${orderPagePath(message.language, order.orderId)}`}>{t("page")}</Button>
          </Layout>,
        ),
      };
    },
  },
];
