// The diners' two e-mails: the single-use sign-in link and the notice that a passkey was added. Queued in
// the outbox in the transaction of the change (kinds diner_*: the outbox sends them among order mail, before
// what can wait) and built by the outbox worker in the diner's language.
import { randomUUID } from "node:crypto";
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Queries } from "../platform/database";
import { sql } from "../platform/sql";
import { miamiDateTime } from "../../domain/clockFormat";
import { localizedPath, type Locale } from "../../domain/i18n/pagePaths";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { Layout, rendered, styles, type RenderedMail } from "../mail";

export const DINER_MAIL_KINDS = ["diner_sign_in_link", "diner_passkey_added"] as const;
export type DinerMailKind = (typeof DINER_MAIL_KINDS)[number];

export function isDinerMail(kind: string): kind is DinerMailKind {
  return (DINER_MAIL_KINDS as readonly string[]).includes(kind);
}

/** Queues one diner e-mail in `on`. A link's token rides in `payload.token`, which the outbox drops once sent. */
export async function queueDinerMail(on: Queries, mail: { kind: DinerMailKind; recipient: string; locale: Locale; payload: Record<string, unknown>; dedupe?: string }): Promise<void> {
  await on.run(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, recipient, language, payload)
    VALUES (${mail.kind}, ${`${mail.kind}:${mail.dedupe ?? randomUUID()}`}, ${mail.recipient}, ${mail.locale}, ${JSON.stringify(mail.payload)}::jsonb)`);
}

/** The account page in the diner's language, on the site's address. */
export function accountUrl(base: string, locale: Locale, fragment = ""): string {
  return `${base}${localizedPath(locale, "/account")}${fragment}`;
}

/**
 * Builds a queued diner e-mail, or null when it must not go: a link already used or run out (the diner asked
 * again, or waited too long) is not sent. `stillLive` answers whether a link's token still opens anything.
 */
export async function dinerMail(
  message: { kind: DinerMailKind; language: Locale; payload: Record<string, unknown> },
  base: string,
  stillLive: (token: string) => Promise<boolean>,
): Promise<RenderedMail | null> {
  const locale = message.language;
  const t = translator(accountWords, locale);
  const { payload } = message;
  if (message.kind === "diner_sign_in_link") {
    const token = typeof payload.token === "string" ? payload.token : "";
    if (!token || !(await stillLive(token))) return null;
    const url = accountUrl(base, locale, `#link=${token}`);
    // The link that proves the e-mail of an account made with a passkey at a confirmation.
    if (payload.confirmEmail === true) {
      return rendered(
        t("mail.confirm.subject"),
        <Layout preview={t("mail.confirm.subject")} locale={locale}>
          <Heading style={styles.heading}>{t("mail.confirm.subject")}</Heading>
          <Text style={styles.lead}>{t("mail.confirm.lead")}</Text>
          <Section style={{ margin: "16px 0" }}>
            <Button style={styles.button} href={url}>
              {t("mail.confirm.button")}
            </Button>
          </Section>
          <Text style={styles.small}>{t("mail.confirm.expiry")}</Text>
        </Layout>,
      );
    }
    return rendered(
      t("mail.link.subject"),
      <Layout preview={t("mail.link.subject")} locale={locale}>
        <Heading style={styles.heading}>{payload.newAccount ? t("mail.link.newHeading") : t("mail.link.heading")}</Heading>
        <Text style={styles.lead}>{t("mail.link.lead")}</Text>
        <Section style={{ margin: "16px 0" }}>
          <Button style={styles.button} href={url}>
            {t("mail.link.button")}
          </Button>
        </Section>
        <Text style={styles.small}>{t("mail.link.expiry")}</Text>
      </Layout>,
    );
  }
  const when = miamiDateTime(String(payload.at), locale, { dateStyle: "full", timeStyle: "short" });
  return rendered(
    t("mail.passkey.subject"),
    <Layout preview={t("mail.passkey.subject")} locale={locale}>
      <Heading style={styles.heading}>{t("mail.passkey.subject")}</Heading>
      <Text style={styles.lead}>{t("mail.passkey.lead", String(payload.label || t("passkeys.unnamed")), when)}</Text>
      <Text style={styles.lead}>{t("mail.passkey.notYou")}</Text>
      <Section style={{ margin: "16px 0" }}>
        <Button style={styles.button} href={accountUrl(base, locale)}>
          {t("mail.passkey.button")}
        </Button>
      </Section>
    </Layout>,
  );
}
