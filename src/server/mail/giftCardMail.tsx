// The two e-mails of a gift card sale, in the buyer's language: the recipient's card (its number in groups
// of four, the amount, the buyer's message quoted and labelled, a link to check the balance) and the
// buyer's receipt (never the number: the card is the recipient's).
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { ganInGroups } from "../../domain/giftCards";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { giftCardWords } from "../../domain/i18n/ui/giftCards";
import { Layout, rendered, styles, type RenderedMail } from "./layout";
import { BRAND_COLORS } from "../../domain/brandColors";

export interface GiftCardMailContext {
  saleId: string;
  amountCents: number;
  buyerName: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** The card's full number (read from Square when the e-mail is built; never stored here). */
  gan: string;
  last4: string;
  /** The gift card page's balance check, in the e-mail's language (the number is never put in a link). */
  balanceUrl: string;
  /** The menu to order from, in the e-mail's language: the card is spent at checkout. */
  menuUrl?: string;
}

/**
 * The buyer's words as plain text: a zero-width space after each dot, @, colon and slash keeps mail
 * clients from turning an address or a web address in it into a link.
 */
export function unlinkable(text: string): string {
  return text.replace(/([.@:/])/g, "$1\u200B");
}

const quoteStyle = { borderLeft: `4px solid ${BRAND_COLORS.paprika}`, margin: "12px 0", padding: "4px 12px", fontStyle: "italic", whiteSpace: "pre-wrap" as const };
/** The balance check beside "Order with it": the same size, outlined, so the order button leads. */
const secondaryButton = { ...styles.button, backgroundColor: BRAND_COLORS.paper, color: BRAND_COLORS.paprika, border: `2px solid ${BRAND_COLORS.paprika}` };
const numberStyle = { fontFamily: "ui-monospace, Menlo, Consolas, monospace", fontSize: "22px", fontWeight: 700, letterSpacing: "1px", margin: "4px 0" };

export function giftCardDeliveryMail(context: GiftCardMailContext, locale: Locale): Promise<RenderedMail> {
  const t = translator(giftCardWords, locale);
  const amount = localPrice(context.amountCents, locale);
  return rendered(
    t("mail.subject", context.buyerName, amount),
    <Layout preview={t("mail.lead", context.buyerName, amount)} locale={locale}>
      <Heading style={styles.heading}>{t("mail.heading", context.recipientName)}</Heading>
      <Text style={styles.lead}>{t("mail.lead", context.buyerName, amount)}</Text>
      {context.message && (
        <Section>
          <Text style={styles.small}>{t("mail.messageLabel", context.buyerName)}</Text>
          <Text style={quoteStyle}>“{unlinkable(context.message)}”</Text>
        </Section>
      )}
      <Section style={{ margin: "16px 0" }}>
        <Text style={styles.small}>{t("mail.numberLabel")}</Text>
        <Text style={numberStyle}>{ganInGroups(context.gan)}</Text>
        <Text style={styles.row}>
          {t("mail.amountLabel")}: <strong>{amount}</strong>
        </Text>
      </Section>
      <Text style={styles.lead}>{t("mail.howToUse")}</Text>
      {context.menuUrl && (
        <Section style={{ margin: "16px 0" }}>
          <Button style={styles.button} href={context.menuUrl}>
            {t("mail.orderWithIt")}
          </Button>
        </Section>
      )}
      <Section style={{ margin: "16px 0" }}>
        <Button style={context.menuUrl ? secondaryButton : styles.button} href={context.balanceUrl}>
          {t("mail.balanceLink")}
        </Button>
      </Section>
      <Text style={styles.small}>{t("mail.keepSafe")}</Text>
    </Layout>,
  );
}

export function giftCardReceiptMail(context: GiftCardMailContext, locale: Locale): Promise<RenderedMail> {
  const t = translator(giftCardWords, locale);
  const amount = localPrice(context.amountCents, locale);
  return rendered(
    t("receipt.subject", amount, context.recipientName),
    <Layout preview={t("receipt.lead", context.recipientName, context.recipientEmail)} locale={locale}>
      <Heading style={styles.heading}>{t("receipt.heading")}</Heading>
      <Text style={styles.lead}>{t("receipt.lead", context.recipientName, context.recipientEmail)}</Text>
      <Text style={styles.row}>
        {t("receipt.sale")}: {context.saleId}
      </Text>
      <Text style={styles.row}>
        {t("receipt.card")}: •••• {context.last4}
      </Text>
      {context.message && (
        <Section>
          <Text style={styles.small}>{t("mail.messageLabel", context.buyerName)}</Text>
          <Text style={quoteStyle}>“{unlinkable(context.message)}”</Text>
        </Section>
      )}
      <Hr />
      <Text style={styles.total}>
        {t("receipt.total")}: {amount}
      </Text>
      <Text style={styles.small}>{t("receipt.noTax")}</Text>
    </Layout>,
  );
}
