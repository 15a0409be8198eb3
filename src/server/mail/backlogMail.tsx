// The owners' note that e-mail ran late and has caught up: when it started, when it cleared, how much
// was waiting at most, and what to change if it happens again.
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

export interface BacklogMailContext {
  since: string;
  clearedAt: string;
  largest: number;
  consoleUrl: string;
}

const time = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

function MailBacklogCleared({ since, clearedAt, largest, consoleUrl }: BacklogMailContext) {
  const minutes = Math.max(1, Math.round((Date.parse(clearedAt) - Date.parse(since)) / 60_000));
  return (
    <Layout preview={`${site.name}: e-mail ran ${minutes} minutes late and has caught up`}>
      <Heading style={styles.heading}>E-mail has caught up</Heading>
      <Text style={styles.lead}>
        From {time(since)} to {time(clearedAt)} (Miami time), e-mails to customers and staff waited more than 5 minutes to go out: up
        to {largest} were queued at once, sent at the mail provider's pace. Every one of them has been sent or is in the outbox.
      </Text>
      <Text style={styles.small}>
        If this happens at busy times, raise the provider's sending limit (and MAIL_RATE_PER_MINUTE with it). The outbox is in the
        console: {consoleUrl}
      </Text>
    </Layout>
  );
}

export function backlogMail(context: BacklogMailContext): Promise<RenderedMail> {
  return rendered(`${site.name}: e-mail ran late and has caught up`, <MailBacklogCleared {...context} />);
}
