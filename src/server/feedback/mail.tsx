// The e-mail that asks how a pickup was, in the diner's language: two answers (each a link to the
// feedback page with the request's token in the fragment, which no server or referrer sees) and a way
// never to be asked again.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Locale } from "../../domain/i18n/locales";
import { localizedPath } from "../../domain/i18n/pagePaths";
import { translator } from "../../domain/i18n/translate";
import { feedbackWords } from "../../domain/i18n/ui/feedback";
import { Layout, rendered, styles, type RenderedMail } from "../mail";
import { BRAND_COLORS } from "../../domain/brandColors";

export interface ComeBackMailContext {
  base: string;
  token: string;
  orderNumber: string;
  /** The diner's first name, as they gave it at checkout. */
  firstName: string;
}

/** The feedback page for one answer: /feedback?a=happy#<token> (Spanish under /es). */
export function feedbackLink(base: string, locale: Locale, answer: "happy" | "unhappy" | "stop", token: string): string {
  return `${base}${localizedPath(locale, "/feedback")}?a=${answer}#${token}`;
}

const secondary = { ...styles.button, backgroundColor: BRAND_COLORS.paper, color: BRAND_COLORS.paprika, border: `2px solid ${BRAND_COLORS.paprika}` };

export function comeBackMail(context: ComeBackMailContext, locale: Locale): Promise<RenderedMail> {
  const t = translator(feedbackWords, locale);
  const link = (answer: "happy" | "unhappy" | "stop") => feedbackLink(context.base, locale, answer, context.token);
  return rendered(
    t("mail.subject", context.orderNumber),
    <Layout preview={t("mail.lead", context.orderNumber)} locale={locale}>
      <Heading style={styles.heading}>{t("mail.heading", context.firstName)}</Heading>
      <Text style={styles.lead}>{t("mail.lead", context.orderNumber)}</Text>
      <Section style={{ margin: "16px 0" }}>
        <Button style={styles.button} href={link("happy")}>
          {t("mail.happy")}
        </Button>{" "}
        <Button style={secondary} href={link("unhappy")}>
          {t("mail.unhappy")}
        </Button>
      </Section>
      <Text style={styles.small}>
        {t("mail.stopLead")} <Link style={styles.link} href={link("stop")}>{t("mail.stop")}</Link>
      </Text>
    </Layout>,
  );
}
