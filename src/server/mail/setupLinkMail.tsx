// A new person's one-time link to the admin console's set-up page, e-mailed when mail is configured.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

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
