// The e-mail of an order running late: its new time, in the order's language, with the way to its page; and
// the owner's when a week slips (the share of orders ready by their promise plus 5 minutes), in English.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { clockAt } from "../../domain/clockFormat";
import { orderPagePath } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { kitchenMailWords } from "../../domain/i18n/ui/kitchenMail";
import { Layout, rendered, styles, type MailBuilder } from "../mail";
import type { WeekFigure } from "./week";
import { getOrder } from "../orders";

const percent = (week: WeekFigure) => (week.share === null ? "no orders" : `${Math.round(week.share * 100)}% (${week.onTime} of ${week.ready})`);

export const kitchenMailKinds: MailBuilder[] = [
  {
    kinds: ["staff_kitchen_week"],
    build: async (message, { consoleUrl }) => {
      const { before, last } = message.payload as { before: WeekFigure; last: WeekFigure };
      if (!last?.from) return "The week's figures are missing.";
      const subject = `Orders ready on time slipped: ${percent(last)} the week of ${last.from}`;
      return {
        mail: await rendered(
          subject,
          <Layout preview={subject}>
            <Heading style={styles.heading}>{subject}</Heading>
            <Text style={styles.lead}>
              From {last.from} to {last.to}, {percent(last)} of the orders were ready by their promise plus 5 minutes; the week before, {percent(before)}. The goal is 90%.
            </Text>
            <Text style={styles.small}>Quotes already add what the kitchen runs late. If a section is often behind, lower its slots' room on the Hours tab.</Text>
            <Button style={styles.button} href={`${consoleUrl}#orders`}>Open the console</Button>
          </Layout>,
        ),
      };
    },
  },
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
