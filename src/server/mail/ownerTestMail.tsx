// The go-live checklist's test message: sent to the owner who asked, through the outbox and the same
// worker and provider as customers' mail, so its arrival proves the whole way out.
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

export interface OwnerTestMailContext {
  name: string;
  /** The console's Go live tab, to go back to. */
  consoleUrl: string;
  sentAt: Date;
}

function OwnerTest({ name, consoleUrl, sentAt }: OwnerTestMailContext) {
  const when = new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "full", timeStyle: "short" }).format(sentAt);
  return (
    <Layout preview={`E-mail from ${site.name}'s site works`}>
      <Heading style={styles.heading}>E-mail works, {name}!</Heading>
      <Text style={styles.lead}>
        You asked the {site.name} admin console for a test e-mail on {when} (Miami time). It went out through the outbox and your mail
        provider, the same way customers' order confirmations go: they will arrive too.
      </Text>
      <Text style={styles.small}>
        Back to the checklist: <Link style={styles.link} href={consoleUrl}>{consoleUrl}</Link>
      </Text>
    </Layout>
  );
}

export function ownerTestMail(context: OwnerTestMailContext): Promise<RenderedMail> {
  return rendered(`Test e-mail from the ${site.name} admin console`, <OwnerTest {...context} />);
}
