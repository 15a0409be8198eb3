// The owners' alarm when declined cards across the whole site trip the brake: what happened, what the
// site already does about it, and what only staff can decide.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

export interface DeclineBrakeMailContext {
  since: string;
  declines: number;
  windowMinutes: number;
  brakeMinutes: number;
  consoleUrl?: string;
}

function miamiTime(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

function DeclineBrake({ since, declines, windowMinutes, brakeMinutes, consoleUrl }: DeclineBrakeMailContext) {
  return (
    <Layout preview={`${declines} declined cards in ${windowMinutes} minutes on the website`}>
      <Heading style={styles.heading}>Many declined cards on the website</Heading>
      <Text style={styles.lead}>
        Since {miamiTime(since)} (Miami time), {declines} card payments were declined on the website within {windowMinutes} minutes. That is
        what testing stolen cards looks like, and Square may freeze an account whose declines pile up.
      </Text>
      <Text style={styles.lead}>
        For the next {brakeMinutes} minutes every card payment on the website must pass the bank's own check (Square's buyer
        verification). Customers can still order.
      </Text>
      <Text style={styles.lead}>
        If it goes on, you can pause online ordering in the admin console (Hours tab). The website never closes ordering by itself.
      </Text>
      {consoleUrl && (
        <Section style={{ margin: "16px 0" }}>
          <Button style={styles.button} href={consoleUrl}>
            Open the admin console
          </Button>
        </Section>
      )}
    </Layout>
  );
}

/** The alarm to the owners when the site-wide brake on declined cards trips. */
export function declineBrakeMail(context: DeclineBrakeMailContext): Promise<RenderedMail> {
  return rendered(`${site.name}: many declined cards on the website, every card now verified`, <DeclineBrake {...context} />);
}
