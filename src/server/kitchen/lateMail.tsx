// The e-mail of an order running late: its new time, in the order's language, with the way to its page.
import { Button, Heading, Text } from "@react-email/components";
import { clockAt } from "../../domain/clockFormat";
import { orderPagePath } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { kitchenMailWords } from "../../domain/i18n/ui/kitchenMail";
import { Layout, rendered, styles, type MailBuilder } from "../mail";
import { getOrder } from "../orders";

export const kitchenMailKinds: MailBuilder[] = [
  {
    kinds: ["order_running_late"],
    build: async (message, { base }) => {
      const order = message.orderId ? await getOrder(message.orderId) : null;
      if (!order) return "The order no longer exists.";
      const newTime = typeof message.payload.newTime === "string" ? message.payload.newTime : null;
      if (!newTime) return "The notice has no new time.";
      const locale = message.language;
      const t = translator(kitchenMailWords, locale);
      const time = clockAt(newTime, locale);
      const subject = t("late.subject", order.orderNumber, time);
      return {
        mail: await rendered(
          subject,
          <Layout preview={subject} locale={locale}>
            <Heading style={styles.heading}>{t("late.heading")}</Heading>
            <Text style={styles.lead}>{t("late.newTime", time)}</Text>
            <Text style={styles.small}>{t("late.sorry")}</Text>
            <Button style={styles.button} href={`${base}${orderPagePath(locale, order.orderId)}`}>{t("order.page")}</Button>
          </Layout>,
        ),
      };
    },
  },
];
