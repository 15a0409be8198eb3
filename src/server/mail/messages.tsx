// The e-mails the site sends, built with React Email in the site's look (cream page, rust brand colour,
// Georgia headings), each with a plain-text part: the order confirmation, "ready" or "on its way", a
// cancellation, a refund, the restaurant's copies of a new order and of a contact message, and a new
// person's set-up link for the admin console.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { plainTextSelectors, toPlainText } from "@react-email/render";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import site from "../../../content/site.json";
import { choiceText } from "../../domain/dishOptions";
import { formatPrice, TAX_RATE_LABEL, toCents } from "../../domain/money";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import type { MailKind } from "../../domain/mailReadModel";
import type { OrderView } from "../../domain/orderReadModel";

export type { MailKind };

/** A message ready for the SMTP sender. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What an order message needs beyond the order as the customer reads it. */
export interface OrderMailContext {
  order: OrderView;
  /** The order page (its id is the capability to read it). */
  orderUrl: string;
  /** Square's receipt, when Square gave one. */
  receiptUrl: string | null;
}

export interface ContactMailContext {
  message: { firstName: string; lastName: string; email: string; phone: string | null; message: string; createdAt: string };
  consoleUrl: string;
}

const BRAND = "#9a3412";
const INK = "#1c1917";
const CREAM = "#fffaf3";
const MUTED = "#57534e";

const ADDRESS = `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}`;
const MAP_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${site.name}, ${ADDRESS}`)}`;

const styles = {
  body: { backgroundColor: CREAM, color: INK, fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', margin: 0 },
  container: { backgroundColor: "#ffffff", border: "1px solid #e7e5e4", borderRadius: "12px", margin: "24px auto", maxWidth: "560px", padding: "24px" },
  brand: { color: BRAND, fontFamily: 'Georgia, "Times New Roman", serif', fontSize: "22px", fontWeight: 700, margin: "0 0 8px" },
  heading: { color: INK, fontFamily: 'Georgia, "Times New Roman", serif', fontSize: "24px", margin: "8px 0" },
  lead: { fontSize: "16px", lineHeight: "24px", margin: "8px 0" },
  small: { color: MUTED, fontSize: "13px", lineHeight: "20px", margin: "4px 0" },
  row: { fontSize: "15px", lineHeight: "22px", margin: "2px 0" },
  total: { fontSize: "16px", fontWeight: 700, margin: "8px 0 0" },
  button: { backgroundColor: BRAND, borderRadius: "8px", color: "#ffffff", fontWeight: 600, padding: "12px 20px", textDecoration: "none" },
  link: { color: BRAND, textDecoration: "underline" },
} as const;

function Layout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{site.name}</Text>
          {children}
          <Hr />
          <Text style={styles.small}>
            {site.name} · {ADDRESS} · <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const money = (dollars: number) => formatPrice(toCents(dollars));

function Items({ order }: { order: OrderView }) {
  return (
    <Section>
      {order.items.map((item, index) => (
        <Section key={index}>
          <Text style={styles.row}>
            {item.quantity} × <strong>{item.name}</strong> · {money(item.price * item.quantity)}
          </Text>
          {item.options && item.options.length > 0 && <Text style={styles.small}>{choiceText(item.options)}</Text>}
          {item.note && <Text style={styles.small}>Note: {item.note}</Text>}
        </Section>
      ))}
      <Hr />
      <Text style={styles.row}>Subtotal {money(order.subtotal)}</Text>
      <Text style={styles.row}>
        Tax ({TAX_RATE_LABEL}) {money(order.tax)}
      </Text>
      {order.deliveryFee > 0 && <Text style={styles.row}>Delivery fee {money(order.deliveryFee)}</Text>}
      {order.tip > 0 && <Text style={styles.row}>Tip {money(order.tip)}</Text>}
      <Text style={styles.total}>Total {money(order.total)}</Text>
      {order.note && <Text style={styles.small}>Your note for the kitchen: {order.note}</Text>}
    </Section>
  );
}

function Where({ order }: { order: OrderView }) {
  if (order.orderType === "delivery" && order.deliveryInfo) {
    const info = order.deliveryInfo;
    return (
      <Text style={styles.lead}>
        Delivering to {info.address}, {info.city}, {info.state} {info.zipCode}
        {info.notes ? ` (${info.notes})` : ""}.
      </Text>
    );
  }
  return (
    <Text style={styles.lead}>
      Pick it up at {site.name}, {ADDRESS} (<Link style={styles.link} href={MAP_URL}>map</Link>).
    </Text>
  );
}

function OrderLink({ url }: { url: string }) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <Button style={styles.button} href={url}>
        Follow your order
      </Button>
    </Section>
  );
}

function Confirmation({ order, orderUrl, receiptUrl }: OrderMailContext) {
  return (
    <Layout preview={`Order #${order.orderNumber}: ${order.estimatedReadyTime}`}>
      <Heading style={styles.heading}>Thank you, {order.customerInfo.name}! Your order is confirmed.</Heading>
      <Text style={styles.lead}>
        Order number <strong>#{order.orderNumber}</strong>. {order.estimatedReadyTime}.
      </Text>
      <Where order={order} />
      <Items order={order} />
      <OrderLink url={orderUrl} />
      {receiptUrl && (
        <Text style={styles.small}>
          Your card receipt: <Link style={styles.link} href={receiptUrl}>{receiptUrl}</Link>
        </Text>
      )}
      <Text style={styles.small}>
        Questions? Call us at <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>.
      </Text>
    </Layout>
  );
}

function Ready({ order, orderUrl }: OrderMailContext) {
  const delivery = order.orderType === "delivery";
  return (
    <Layout preview={delivery ? "Your order is on its way." : "Your order is ready for pickup."}>
      <Heading style={styles.heading}>{delivery ? "Your order is on its way!" : "Your order is ready for pickup!"}</Heading>
      <Text style={styles.lead}>
        Order <strong>#{order.orderNumber}</strong>
        {delivery ? " has left the kitchen and is heading to you." : " is waiting for you at the counter: give us its number."}
      </Text>
      <Where order={order} />
      <OrderLink url={orderUrl} />
    </Layout>
  );
}

function Cancelled({ order, orderUrl }: OrderMailContext) {
  return (
    <Layout preview={`Order #${order.orderNumber} was cancelled.`}>
      <Heading style={styles.heading}>Your order #{order.orderNumber} was cancelled.</Heading>
      <Text style={styles.lead}>
        We are sorry. If your card was charged, the money goes back to it: we will write again when the refund is on its way. Questions? Call us at{" "}
        <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>.
      </Text>
      <OrderLink url={orderUrl} />
    </Layout>
  );
}

function Refunded({ order, orderUrl, amountCents }: OrderMailContext & { amountCents: number }) {
  return (
    <Layout preview={`A refund of ${formatPrice(amountCents)} for order #${order.orderNumber}`}>
      <Heading style={styles.heading}>We refunded {formatPrice(amountCents)}.</Heading>
      <Text style={styles.lead}>
        A refund of <strong>{formatPrice(amountCents)}</strong> for order <strong>#{order.orderNumber}</strong> is on its way to your
        card. Banks take a few business days to show it.
      </Text>
      <OrderLink url={orderUrl} />
    </Layout>
  );
}

function StaffNewOrder({ order, consoleUrl }: { order: OrderView; consoleUrl: string }) {
  return (
    <Layout preview={`New ${order.orderType} order #${order.orderNumber}, ${money(order.total)}`}>
      <Heading style={styles.heading}>
        New {order.orderType} order #{order.orderNumber}
      </Heading>
      <Text style={styles.lead}>{order.estimatedReadyTime}.</Text>
      <Text style={styles.lead}>
        {order.customerInfo.name} · {order.customerInfo.phone} · {order.customerInfo.email}
      </Text>
      <Where order={order} />
      <Items order={order} />
      <Text style={styles.small}>
        <Link style={styles.link} href={consoleUrl}>Open the console</Link>
      </Text>
    </Layout>
  );
}

function StaffContactMessage({ message, consoleUrl }: ContactMailContext) {
  return (
    <Layout preview={`A message from ${message.firstName} ${message.lastName}`}>
      <Heading style={styles.heading}>
        A message from {message.firstName} {message.lastName}
      </Heading>
      <Text style={styles.lead}>
        {message.email}
        {message.phone ? ` · ${message.phone}` : ""}
      </Text>
      <Text style={{ ...styles.lead, whiteSpace: "pre-wrap" }}>{message.message}</Text>
      <Text style={styles.small}>
        Reply to this e-mail to answer, or <Link style={styles.link} href={consoleUrl}>open the console</Link>.
      </Text>
    </Layout>
  );
}

export interface SetupLinkMailContext {
  name: string;
  invitedBy: string;
  /** The set-up page with its token: the person's way in, so it is never logged. */
  url: string;
  expiresAt: string;
}

/** When a link stops working, as the restaurant's clock reads it. */
function untilText(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "full", timeStyle: "short" }).format(new Date(iso));
}

function StaffSetupLink({ name, invitedBy, url, expiresAt }: SetupLinkMailContext) {
  return (
    <Layout preview={`${invitedBy} invited you to the ${site.name} admin console`}>
      <Heading style={styles.heading}>Welcome, {name}!</Heading>
      <Text style={styles.lead}>
        {invitedBy} invited you to the {site.name} admin console. Use this link to register a passkey (your phone or laptop) or
        set a password:
      </Text>
      <Section style={{ margin: "16px 0" }}>
        <Button style={styles.button} href={url}>
          Set up your account
        </Button>
      </Section>
      <Text style={styles.small}>
        The link works once, for 24 hours (until {untilText(expiresAt)}, Miami time). If it has run out, ask {invitedBy} for a new one.
      </Text>
      <Text style={styles.small}>
        Or paste this address into your browser: <Link style={styles.link} href={url}>{url}</Link>
      </Text>
      <Text style={styles.small}>If you were not expecting this, ignore this e-mail: nothing happens without the link.</Text>
    </Layout>
  );
}

/** A new person's one-time link to the admin console's set-up page. */
export function setupLinkMail(context: SetupLinkMailContext): Promise<RenderedMail> {
  return rendered(`${context.invitedBy} invited you to the ${site.name} admin console`, <StaffSetupLink {...context} />);
}

/** The plain-text part writes a phone once, not followed by its tel: link. */
const TEXT_SELECTORS = [...plainTextSelectors, { selector: 'a[href^="tel:"]', format: "anchor", options: { ignoreHref: true } }];

/** The doctype mail clients expect (React Email's own render writes the same). */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Rendered with react-dom/server directly rather than React Email's render(): that one imports
 * react-dom/server at run time, which a bundled Netlify function cannot resolve.
 */
async function rendered(subject: string, element: ReactNode): Promise<RenderedMail> {
  const html = DOCTYPE + renderToStaticMarkup(element);
  return { subject, html, text: toPlainText(html, { selectors: TEXT_SELECTORS }) };
}

/** A message to the customer about their order. */
export function orderMail(kind: Exclude<MailKind, "staff_contact_message" | "staff_setup_link">, context: OrderMailContext & { amountCents?: number; consoleUrl?: string }): Promise<RenderedMail> {
  const { order } = context;
  switch (kind) {
    case "order_confirmed":
      return rendered(`Your ${site.name} order #${order.orderNumber} is confirmed`, <Confirmation {...context} />);
    case "order_ready":
      return rendered(
        order.orderType === "delivery" ? `Your order #${order.orderNumber} is on its way` : `Your order #${order.orderNumber} is ready for pickup`,
        <Ready {...context} />,
      );
    case "order_cancelled":
      return rendered(`Your order #${order.orderNumber} was cancelled`, <Cancelled {...context} />);
    case "order_refunded":
      return rendered(
        `A refund of ${formatPrice(context.amountCents ?? 0)} for order #${order.orderNumber}`,
        <Refunded {...context} amountCents={context.amountCents ?? 0} />,
      );
    case "staff_new_order":
      return rendered(
        `New ${order.orderType} order #${order.orderNumber}, ${money(order.total)}`,
        <StaffNewOrder order={order} consoleUrl={context.consoleUrl ?? context.orderUrl} />,
      );
  }
}

/** The restaurant's copy of a contact message. */
export function contactMail(context: ContactMailContext): Promise<RenderedMail> {
  const { message } = context;
  return rendered(`Contact message from ${message.firstName} ${message.lastName}`, <StaffContactMessage {...context} />);
}
