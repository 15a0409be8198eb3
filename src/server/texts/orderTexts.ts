// Texts about an order: to the proven phone of the account the order belongs to, when its diner chose texts.
// Each text spends the site's hourly text budget (shared with the phone codes: the owner's one figure for
// what texts may cost) and a phone's own daily budget; past either the news goes by e-mail instead.
import { accountOfOrder } from "../accounts";
import { raiseBudgetAlarm } from "../mail";
import { db } from "../platform/database";
import { countAttempt, keyedHash } from "../platform/rateLimit";
import { spendSiteBudget } from "../platform/siteBudget";
import { sql } from "../platform/sql";
import { isUsNumber, textsPerHour } from "../verify";
import { textsConfig } from "./config";
import { sendText, type TextOutcome } from "./twilioMessages";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Order texts one phone may get in a day, whatever the orders: a bound on what one number can cost. */
export const ORDER_TEXTS_PER_PHONE_DAY = 6;
/** Twilio's answer to a number whose owner replied STOP. */
const UNSUBSCRIBED = 21610;

/** The proven phone the order's news goes to by text, or null (no account, no choice, texts off, not a US number). */
export async function textPhoneForOrder(orderId: string): Promise<string | null> {
  if (!textsConfig()) return null;
  const accountId = await accountOfOrder(orderId);
  if (!accountId) return null;
  const row = await db.one<{ phone: string }>(sql`SELECT phone FROM diner_text_choices WHERE account_id = ${accountId}::uuid`);
  return row && isUsNumber(row.phone) ? row.phone : null;
}

/** Sends one order text within the budgets; a refusal for good drops a STOPped number's choice. */
export async function sendOrderText(to: string, body: string, now = Date.now()): Promise<TextOutcome> {
  const config = textsConfig();
  if (!config) return { sent: false, final: true, code: null };
  const perPhone = await countAttempt("order-text-phone", keyedHash(`phone:${to}`), DAY_MS, now);
  if (perPhone.count > ORDER_TEXTS_PER_PHONE_DAY) return { sent: false, final: true, code: null };
  const limit = await textsPerHour();
  const site = await spendSiteBudget({ name: "texts", limit, windowMs: HOUR_MS }, now);
  if (site.firstOver) await raiseBudgetAlarm({ budget: "texts", limit, windowStart: site.windowStart });
  if (!site.allowed) return { sent: false, final: true, code: null };
  const outcome = await sendText(config, to, body);
  if (!outcome.sent && outcome.code === UNSUBSCRIBED) await db.run(sql`DELETE FROM diner_text_choices WHERE phone = ${to}`);
  return outcome;
}
