// The diner's e-mail of a catering booking, built from the booking as it stands when it is sent: the day,
// the trays, how it is paid, the terms accepted, and the link to see or cancel it. Queued with the booking
// (./booking.ts); the outbox sends it (its kind is registered in src/server/participants.ts).
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { CateringTerm } from "../../domain/catering";
import { asLocale, localizedPath } from "../../domain/i18n/pagePaths";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { cateringMailWords } from "../../domain/i18n/ui/cateringMail";
import { Layout, rendered, styles, type MailBuilder } from "../mail";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";

/** Queues the booking's e-mail (once per booking), in the same statement's transaction as the caller's. */
export async function queueBookingMail(on: Queries, id: string, email: string, locale: string): Promise<void> {
  await on.run(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, recipient, language, payload)
    VALUES ('catering_booked', ${`catering_booked:${id}`}, ${email}, ${locale}, ${JSON.stringify({ bookingId: id })}::jsonb)
    ON CONFLICT (dedupe_key) DO NOTHING`);
}

interface Booking {
  status: string;
  event_at: Date;
  headcount: number;
  lines: { name: string; nameEs?: string; quantity: number }[];
  total_cents: number;
  terms: CateringTerm[];
}

export const cateringMailKinds: MailBuilder[] = [
  {
    kinds: ["catering_booked"],
    build: async (message, { base }) => {
      const id = typeof message.payload.bookingId === "string" ? message.payload.bookingId : "";
      const booking = await db.one<Booking>(sql`SELECT status, event_at, headcount, lines, total_cents, terms FROM catering_orders WHERE id = ${id}`);
      if (!booking || booking.status === "held") return "The catering booking no longer exists.";
      const locale = asLocale(message.language);
      const t = translator(cateringMailWords, locale);
      const when = booking.event_at.toLocaleString(locale === "es" ? "es-US" : "en-US", { timeZone: "America/New_York", weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
      const subject = t("subject", when);
      return {
        mail: await rendered(
          subject,
          <Layout preview={subject} locale={locale}>
            <Heading style={styles.heading}>{subject}</Heading>
            <Text style={styles.lead}>{t("people", booking.headcount)}</Text>
            {booking.lines.map((line) => (
              <Text key={line.name} style={styles.row}>{t("line", line.quantity, locale === "es" ? (line.nameEs ?? line.name) : line.name)}</Text>
            ))}
            <Text style={styles.total}>{t("total", localPrice(booking.total_cents, locale))}</Text>
            <Text style={styles.lead}>{booking.status === "authorized" || booking.status === "captured" ? t("held") : t("invoiced")}</Text>
            <Text style={styles.lead}>{t("terms")}</Text>
            {booking.terms.map((term) => (
              <Text key={term.hoursBefore} style={styles.small}>{t("tier", term.hoursBefore, term.refundPercent)}</Text>
            ))}
            <Button style={styles.button} href={`${base}${localizedPath(locale, "/catering/booking")}?id=${id}`}>{t("manage")}</Button>
          </Layout>,
        ),
      };
    },
  },
];
