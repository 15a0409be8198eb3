// The e-mails of a courier delivery: the customer's tracking link once a driver is assigned, the
// customer's word of a courier's cancellation (what happens next), and the restaurant's alarm (a
// courier cancelled or a dispatch was given up: send a new courier or refund, from the console).
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { clockAt } from "../../domain/clockFormat";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { courierMailWords } from "../../domain/i18n/ui/courierMail";
import type { OrderView } from "../../domain/orderReadModel";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

export type CourierMailKind = "order_courier_assigned" | "order_courier_cancelled" | "staff_courier_problem";

export const COURIER_MAIL_KINDS: readonly string[] = ["order_courier_assigned", "order_courier_cancelled", "staff_courier_problem"];

const timeIn = (locale: Locale, iso: string) => clockAt(iso, locale);

export function courierMail(
  kind: CourierMailKind,
  context: { order: OrderView; orderUrl: string; consoleUrl: string; payload: Record<string, unknown> },
  locale: Locale,
): Promise<RenderedMail> {
  const { order, orderUrl } = context;
  const t = translator(courierMailWords, locale);
  const courier = order.courier;
  if (kind === "order_courier_assigned") {
    const subject = t("assigned.subject", order.orderNumber);
    return rendered(
      subject,
      <Layout preview={subject} locale={locale}>
        <Heading style={styles.heading}>{t("assigned.heading", courier?.driverName ?? "DoorDash")}</Heading>
        {courier?.dropoffEta && <Text style={styles.lead}>{t("assigned.eta", timeIn(locale, courier.dropoffEta))}</Text>}
        {courier?.trackingUrl && <Button style={styles.button} href={courier.trackingUrl}>{t("assigned.track")}</Button>}
        {courier?.trackingUrl && <Text style={styles.small}><Link style={styles.link} href={courier.trackingUrl}>{courier.trackingUrl}</Link></Text>}
        <Text style={styles.small}><Link style={styles.link} href={orderUrl}>{t("order.page")}</Link></Text>
      </Layout>,
    );
  }
  if (kind === "order_courier_cancelled") {
    const subject = t("cancelled.subject", order.orderNumber);
    return rendered(
      subject,
      <Layout preview={subject} locale={locale}>
        <Heading style={styles.heading}>{t("cancelled.heading")}</Heading>
        <Text style={styles.lead}>{t("cancelled.next")}</Text>
        <Text style={styles.small}>
          {t("cancelled.call")} <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>.
        </Text>
        <Text style={styles.small}><Link style={styles.link} href={orderUrl}>{t("order.page")}</Link></Text>
      </Layout>,
    );
  }
  const given = context.payload.state === "failed" ? "No courier could be dispatched" : "The courier cancelled";
  const subject = `${given} for order #${order.orderNumber}: send a new courier or refund`;
  return rendered(
    subject,
    <Layout preview={subject}>
      <Heading style={styles.heading}>{subject}</Heading>
      <Text style={styles.lead}>
        {order.customerInfo.name} · {order.customerInfo.phone} · {order.deliveryInfo?.address}, {order.deliveryInfo?.zipCode}
      </Text>
      {typeof context.payload.reason === "string" && context.payload.reason && <Text style={styles.lead}>Reason: {context.payload.reason}</Text>}
      <Text style={styles.lead}>The customer was told the restaurant will send a new driver or refund them. Open the order in the console's Orders tab.</Text>
      <Text style={styles.small}><Link style={styles.link} href={context.consoleUrl}>Open the console</Link></Text>
    </Layout>,
  );
}
