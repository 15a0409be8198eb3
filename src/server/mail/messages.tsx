// The e-mails about orders and messages, in the site's look (./layout): the order confirmation, "ready"
// or "on its way", a cancellation, a refund, in the customer's language, and the restaurant's copy of a
// new order. The restaurant's copy of a contact message is ./contactMail. A new person's set-up link is ./setupLinkMail.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { choiceText } from "../../domain/dishOptions";
import { TAX_RATE_LABEL, toCents } from "../../domain/money";
import type { MailKind } from "../../domain/mailReadModel";
import type { OrderView } from "../../domain/orderReadModel";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator, type Translate } from "../../domain/i18n/translate";
import { mailWords } from "../../domain/i18n/ui/mail";
import { ADDRESS, Layout, MAP_URL, rendered, styles, type RenderedMail } from "./layout";
import { PaidWith } from "./paidWith";

export type { MailKind };

/** What an order message needs beyond the order as the customer reads it. */
export interface OrderMailContext {
  order: OrderView;
  /** The order page (its id is the capability to read it). */
  orderUrl: string;
  /** Square's receipt, when Square gave one. */
  receiptUrl: string | null;
}

/** Dollars as each language writes them (es-US through Intl). */
const moneyIn = (locale: Locale, dollars: number) => localPrice(toCents(dollars), locale);
const money = (dollars: number) => moneyIn("en", dollars);

/** What each customer message knows besides the order: its language and that language's words. */
interface Words {
  locale: Locale;
  t: Translate<typeof mailWords>;
}

/**
 * What a customer typed, shown as their words and nothing more: between quotes, and with a joiner after
 * each dot, colon or @ between letters, so no mail client turns "pay.example.com" or an address in it
 * into a link the restaurant seems to send.
 */
export function customerText(text: string): string {
  return text.replace(/([.:@])(?=[\p{L}\p{N}/])/gu, "$1\u200C");
}

/** A customer's note under its label, quoted, on its own line. */
function QuotedNote({ label, text }: { label: string; text: string }) {
  return (
    <Text style={styles.small}>
      {label}
      <br />“{customerText(text)}”
    </Text>
  );
}

function Items({ order, locale, t }: { order: OrderView } & Words) {
  return (
    <Section>
      {order.items.map((item, index) => (
        <Section key={index}>
          <Text style={styles.row}>
            {item.quantity} × <strong>{item.name}</strong> · {moneyIn(locale, item.price * item.quantity)}
          </Text>
          {item.options && item.options.length > 0 && <Text style={styles.small}>{choiceText(item.options)}</Text>}
          {item.note && <QuotedNote label={t("item.note")} text={item.note} />}
        </Section>
      ))}
      <Hr />
      <Text style={styles.row}>
        {t("subtotal")} {moneyIn(locale, order.subtotal)}
      </Text>
      {order.discount && <Text style={styles.row}>{t("discount", order.discount.code)} {`\u2212${moneyIn(locale, order.discount.amount)}`}</Text>}
      {order.reward ? <Text style={styles.row}>{t("reward")} {`\u2212${moneyIn(locale, order.reward)}`}</Text> : null}
      <Text style={styles.row}>
        {t("tax")} ({TAX_RATE_LABEL}) {moneyIn(locale, order.tax)}
      </Text>
      {order.deliveryFee > 0 && (
        <Text style={styles.row}>
          {t("deliveryFee")} {moneyIn(locale, order.deliveryFee)}
        </Text>
      )}
      {order.tip > 0 && (
        <Text style={styles.row}>
          {t("tip")} {moneyIn(locale, order.tip)}
        </Text>
      )}
      <Text style={styles.total}>
        {t("total")} {moneyIn(locale, order.total)}
      </Text>
      <PaidWith order={order} locale={locale} />
      {order.note && <QuotedNote label={t("kitchenNote")} text={order.note} />}
    </Section>
  );
}

function Where({ order, t }: { order: OrderView } & Words) {
  if (order.orderType === "delivery" && order.deliveryInfo) {
    const info = order.deliveryInfo;
    return (
      <>
        <Text style={styles.lead}>
          {t("deliveringTo")} {customerText(`${info.address}, ${info.city}, ${info.state} ${info.zipCode}`)}.
        </Text>
        {info.notes && <QuotedNote label={t("deliveryNotes")} text={info.notes} />}
      </>
    );
  }
  return (
    <Text style={styles.lead}>
      {t("pickUpAt")} {site.name}, {ADDRESS} (<Link style={styles.link} href={MAP_URL}>{t("map")}</Link>).
    </Text>
  );
}

function OrderLink({ url, t }: { url: string } & Words) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <Button style={styles.button} href={url}>
        {t("follow")}
      </Button>
    </Section>
  );
}

type CustomerMail = OrderMailContext & Words;

function Confirmation({ order, orderUrl, receiptUrl, ...words }: CustomerMail) {
  const { t } = words;
  return (
    <Layout preview={t("confirmed.preview", order.orderNumber, order.estimatedReadyTime)} locale={words.locale}>
      <Heading style={styles.heading}>{t("confirmed.heading")}</Heading>
      <Text style={styles.lead}>
        {t("orderFor")} {customerText(order.customerInfo.name)}
      </Text>
      <Text style={styles.lead}>
        {t("confirmed.number")} <strong>#{order.orderNumber}</strong>. {order.estimatedReadyTime}.
      </Text>
      <Where order={order} {...words} />
      <Items order={order} {...words} />
      <OrderLink url={orderUrl} {...words} />
      {order.courier?.trackingUrl && (
        <Text style={styles.small}>
          {t("courier.track")} <Link style={styles.link} href={order.courier.trackingUrl}>{order.courier.trackingUrl}</Link>
        </Text>
      )}
      {receiptUrl && (
        <Text style={styles.small}>
          {t("receipt")} <Link style={styles.link} href={receiptUrl}>{receiptUrl}</Link>
        </Text>
      )}
      <Text style={styles.small}>
        {t("questions")} <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>.
      </Text>
    </Layout>
  );
}

function Ready({ order, orderUrl, ...words }: CustomerMail) {
  const { t } = words;
  const delivery = order.orderType === "delivery";
  // A curbside diner waits in the car: the order's page has the "I'm here" button that brings it out.
  const curbside = !delivery && Boolean(order.curbside);
  return (
    <Layout preview={delivery ? t("ready.preview.delivery") : t("ready.preview.pickup")} locale={words.locale}>
      <Heading style={styles.heading}>{delivery ? t("ready.heading.delivery") : t("ready.heading.pickup")}</Heading>
      <Text style={styles.lead}>
        {t("ready.order")} <strong>#{order.orderNumber}</strong>
        {delivery ? t("ready.lead.delivery") : curbside ? t("ready.lead.curbside") : t("ready.lead.pickup")}
      </Text>
      {curbside && (
        <Button style={styles.button} href={orderUrl}>
          {t("ready.imHere")}
        </Button>
      )}
      <Where order={order} {...words} />
      <OrderLink url={orderUrl} {...words} />
    </Layout>
  );
}

function Cancelled({ order, orderUrl, ...words }: CustomerMail) {
  const { t } = words;
  return (
    <Layout preview={t("cancelled.preview", order.orderNumber)} locale={words.locale}>
      <Heading style={styles.heading}>{t("cancelled.heading", order.orderNumber)}</Heading>
      <Text style={styles.lead}>
        {t("cancelled.lead")} <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>.
      </Text>
      <OrderLink url={orderUrl} {...words} />
    </Layout>
  );
}

function Refunded({ order, orderUrl, amountCents, ...words }: CustomerMail & { amountCents: number }) {
  const { t, locale } = words;
  const amount = localPrice(amountCents, locale);
  return (
    <Layout preview={t("refunded.subject", amount, order.orderNumber)} locale={locale}>
      <Heading style={styles.heading}>{t("refunded.heading", amount)}</Heading>
      <Text style={styles.lead}>
        {t("refunded.refundOf")} <strong>{amount}</strong> {t("refunded.forOrder")} <strong>#{order.orderNumber}</strong> {t("refunded.onItsWay")}
      </Text>
      <OrderLink url={orderUrl} {...words} />
    </Layout>
  );
}

/** The restaurant's copy is English; the words of its lines are the customer messages' English ones. */
const ENGLISH: Words = { locale: "en", t: translator(mailWords, "en") };

function StaffNewOrder({ order, consoleUrl }: { order: OrderView; consoleUrl: string }) {
  return (
    <Layout preview={`New ${order.orderType} order #${order.orderNumber}, ${money(order.total)}`}>
      <Heading style={styles.heading}>
        New {order.orderType} order #{order.orderNumber}
      </Heading>
      <Text style={styles.lead}>{order.estimatedReadyTime}.</Text>
      <Text style={styles.lead}>
        Customer: {customerText(order.customerInfo.name)} · {order.customerInfo.phone} · {order.customerInfo.email}
      </Text>
      {order.locale === "es" && <Text style={styles.lead}>Customer language: Spanish (their e-mails are in Spanish).</Text>}
      <Where order={order} {...ENGLISH} />
      <Items order={order} {...ENGLISH} />
      <Text style={styles.small}>
        <Link style={styles.link} href={consoleUrl}>Open the console</Link>
      </Text>
    </Layout>
  );
}

/**
 * A message to the customer about their order, in `locale` (the order's language: subject, words, dates
 * and prices; dishes as the restaurant names them), or the restaurant's copy of a new order (English).
 */
export function orderMail(
  kind: Exclude<
    MailKind,
    | "staff_contact_message"
    | "staff_setup_link"
    | "staff_security_notice"
    | "owner_test"
    | "staff_decline_brake"
    | "staff_mail_backlog"
    | "order_courier_assigned"
    | "order_courier_cancelled"
    | "staff_courier_problem"
    | "gift_card_delivery"
    | "gift_card_receipt"
    | "diner_sign_in_link"
    | "diner_passkey_added"
    | "diner_come_back"
    | "staff_budget_alarm"
  >,
  context: OrderMailContext & { amountCents?: number; consoleUrl?: string },
  locale: Locale = "en",
): Promise<RenderedMail> {
  const { order } = context;
  const words: Words = { locale, t: translator(mailWords, locale) };
  const { t } = words;
  switch (kind) {
    case "order_confirmed":
      return rendered(t("confirmed.subject", site.name, order.orderNumber), <Confirmation {...context} {...words} />);
    case "order_ready":
      return rendered(
        order.orderType === "delivery" ? t("ready.subject.delivery", order.orderNumber) : t("ready.subject.pickup", order.orderNumber),
        <Ready {...context} {...words} />,
      );
    case "order_cancelled":
      return rendered(t("cancelled.subject", order.orderNumber), <Cancelled {...context} {...words} />);
    case "order_refunded":
      return rendered(
        t("refunded.subject", localPrice(context.amountCents ?? 0, locale), order.orderNumber),
        <Refunded {...context} {...words} amountCents={context.amountCents ?? 0} />,
      );
    case "staff_new_order":
      return rendered(
        `New ${order.orderType} order #${order.orderNumber}, ${money(order.total)}`,
        <StaffNewOrder order={order} consoleUrl={context.consoleUrl ?? context.orderUrl} />,
      );
  }
}
