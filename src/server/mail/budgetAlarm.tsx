// The owners' alarm when a site-wide budget of a costly thing is spent (texted codes an hour, sign-in links
// an hour): raised once per budget window, as an e-mail to each owner and a banner in the console, so a
// flood is noticed the hour it happens and not on the provider's bill.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

/** What each budget is, in the owner's words. */
const BUDGET_WORDS: Record<string, { what: string; effect: string; setting: string; period?: "hour" | "month" }> = {
  texts: {
    what: "texted codes (phone proofs for Rewards points)",
    effect: "Diners asking for a code now read that texts are paused, and no text goes out until the hour is over.",
    setting: "Raise the hourly budget in the console (System tab) only if this was a real rush of diners.",
  },
  "texts-month": {
    what: "texts about orders",
    effect: "No order text goes out until the month is over: diners get the same news by e-mail.",
    setting: "Raise the monthly budget of texts in the console (System tab) if the bill allows it (docs/texts.md has the cost per text).",
    period: "month",
  },
  "sign-in-links": {
    what: "e-mailed sign-in links for diner accounts",
    effect: "Diners asking for a link still see the usual answer, but no link is e-mailed until the hour is over; passkeys work as usual.",
    setting: "If it goes on, look at the Mail tab: someone may be sending links to many addresses.",
  },
};

export interface BudgetAlarm {
  budget: string;
  limit: number;
  windowStart: string;
  raisedAt: string;
}

/**
 * Notes that `budget` was spent in the window starting `windowStart` and queues one e-mail to each owner
 * (else the restaurant's address for copies): the first call for a window does it, any later one does nothing.
 */
export async function raiseBudgetAlarm(alarm: { budget: string; limit: number; windowStart: Date }, on: Queries = db): Promise<boolean> {
  const row = await on.one(sql`
    INSERT INTO site_budget_alarms (budget, window_start, budget_limit) VALUES (${alarm.budget}, ${alarm.windowStart}, ${alarm.limit})
    ON CONFLICT DO NOTHING RETURNING budget`);
  if (!row) return false;
  const payload = JSON.stringify({ budget: alarm.budget, limit: alarm.limit, windowStart: alarm.windowStart.toISOString() });
  // The owners' addresses read here, not through the staff room, whose notices this room sends.
  const owners = (await on.all<{ email: string }>(sql`SELECT email FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL`)).map((row) => row.email);
  const fallback = owners.length > 0 ? null : await on.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = 'mail_restaurant_address'`);
  const recipients = owners.length > 0 ? owners : typeof fallback?.value === "string" && fallback.value ? [fallback.value] : [];
  for (const recipient of recipients) {
    await on.run(sql`
      INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
      VALUES ('staff_budget_alarm', ${`staff_budget_alarm:${alarm.budget}:${alarm.windowStart.toISOString()}:${recipient.toLowerCase()}`}, ${recipient}, ${payload}::jsonb)
      ON CONFLICT DO NOTHING`);
  }
  return true;
}

/** The alarms of the last day, newest first: the console's banner. */
export async function recentBudgetAlarms(now = Date.now()): Promise<BudgetAlarm[]> {
  const rows = await db.all<{ budget: string; budget_limit: number; window_start: Date; raised_at: Date }>(sql`
    SELECT budget, budget_limit, window_start, raised_at FROM site_budget_alarms
    WHERE raised_at > ${new Date(now - 24 * 3_600_000)} ORDER BY raised_at DESC LIMIT 20`);
  return rows.map((row) => ({ budget: row.budget, limit: row.budget_limit, windowStart: row.window_start.toISOString(), raisedAt: row.raised_at.toISOString() }));
}

const time = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** The e-mail of one alarm (staff read English). */
export function budgetAlarmMail(payload: Record<string, unknown>, consoleUrl: string): Promise<RenderedMail> {
  const budget = String(payload.budget);
  const words = BUDGET_WORDS[budget] ?? { what: budget, effect: "No more are sent until the hour is over.", setting: "" };
  const limit = Number(payload.limit);
  const period = words.period ?? "hour";
  const periodly = period === "hour" ? "hourly" : "monthly";
  return rendered(
    `${site.name}: the website's ${periodly} budget of ${words.what} is spent`,
    <Layout preview={`${limit} ${words.what} in a ${period}`}>
      <Heading style={styles.heading}>The {periodly} budget of {words.what} is spent</Heading>
      <Text style={styles.lead}>
        Since {time(String(payload.windowStart))} (Miami time), the website has sent its budget of {limit} {words.what} for the {period}.
      </Text>
      <Text style={styles.lead}>{words.effect}</Text>
      {words.setting ? <Text style={styles.small}>{words.setting}</Text> : null}
      <Section style={{ margin: "16px 0" }}>
        <Button style={styles.button} href={consoleUrl}>
          Open the admin console
        </Button>
      </Section>
    </Layout>,
  );
}
