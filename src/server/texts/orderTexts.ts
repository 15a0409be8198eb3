// Texts about an order: to the phone its diner ticked "Text me about this order" for at the checkout (a paid
// order's own phone), else to the proven phone of the account the order belongs to, when its diner chose
// texts there. Nothing goes to a number that replied STOP. Each text spends the order's few, the phone's
// daily few, the site's hourly text budget (shared with the phone codes) and the owner's monthly budget;
// past any of them the news goes by e-mail instead.
import { accountOfOrder } from "../accounts";
import { raiseBudgetAlarm } from "../mail";
import { db } from "../platform/database";
import { countAttempt, keyedHash } from "../platform/rateLimit";
import { spendSiteBudget } from "../platform/siteBudget";
import { sql } from "../platform/sql";
import { isUsNumber, textsPerHour } from "../verify";
import { spendMonthlyText, spendOrderText } from "./budgets";
import { textsConfig } from "./config";
import { sendText, type TextOutcome } from "./twilioMessages";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Order texts one phone may get in a day, whatever the orders: a bound on what one number can cost. */
export const ORDER_TEXTS_PER_PHONE_DAY = 6;
/** Twilio's answer to a number whose owner replied STOP (https://www.twilio.com/docs/api/errors/21610). */
export const UNSUBSCRIBED = 21610;
const REFUSED: TextOutcome = { sent: false, final: true, code: null };

/** The phone the order's news goes to by text, or null (no consent, no choice, texts off, STOPped, not a US number). */
export async function textPhoneForOrder(orderId: string): Promise<string | null> {
  if (!textsConfig()) return null;
  const consent = await db.one<{ phone: string }>(sql`SELECT phone FROM order_text_consents WHERE order_id = ${orderId}`);
  const accountId = consent ? null : await accountOfOrder(orderId);
  const choice = accountId ? await db.one<{ phone: string }>(sql`SELECT phone FROM diner_text_choices WHERE account_id = ${accountId}::uuid`) : null;
  const phone = consent?.phone ?? choice?.phone;
  if (!phone || !isUsNumber(phone)) return null;
  return (await isOptedOut(phone)) ? null : phone;
}

export async function isOptedOut(phone: string): Promise<boolean> {
  return (await db.one(sql`SELECT 1 FROM text_opt_outs WHERE phone = ${phone}`)) !== null;
}

/** What a text is about: its order and kind, so Twilio's later word on it (failed, undelivered) finds it. */
export interface TextAbout {
  orderId: string;
  kind: "ready" | "curbside" | "picked_up" | "late";
}

/**
 * Sends one order text within the budgets (a number that replied STOP gets nothing, at once). A text Twilio
 * accepts is recorded with its sid; a refusal for good drops a STOPped number's choice.
 */
export async function sendOrderText(to: string, body: string, now = Date.now(), about?: TextAbout): Promise<TextOutcome> {
  const config = textsConfig();
  if (!config || !isUsNumber(to) || (await isOptedOut(to))) return REFUSED;
  const perPhone = await countAttempt("order-text-phone", keyedHash(`phone:${to}`), DAY_MS, now);
  if (perPhone.count > ORDER_TEXTS_PER_PHONE_DAY) return REFUSED;
  if (about && !(await spendOrderText(about.orderId, now))) return REFUSED;
  const limit = await textsPerHour();
  const site = await spendSiteBudget({ name: "texts", limit, windowMs: HOUR_MS }, now);
  if (site.firstOver) await raiseBudgetAlarm({ budget: "texts", limit, windowStart: site.windowStart });
  if (!site.allowed || !(await spendMonthlyText(now))) return REFUSED;
  const outcome = await sendText(config, to, body);
  if (outcome.sent && about) {
    await db.run(sql`
      INSERT INTO order_texts (order_id, kind, phone, body, status, attempts, sid, created_at, accepted_at)
      VALUES (${about.orderId}, ${about.kind}, ${to}, ${body}, 'accepted', 1, ${outcome.sid}, ${new Date(now)}, ${new Date(now)})
      ON CONFLICT (order_id, kind) DO UPDATE SET status = 'accepted', sid = EXCLUDED.sid, accepted_at = EXCLUDED.accepted_at, attempts = order_texts.attempts + 1`);
  }
  if (!outcome.sent && outcome.code === UNSUBSCRIBED) await optOut(to, new Date(now));
  return outcome;
}

/** The number's owner replied STOP (or Twilio says so): nothing more goes to it, and an account's choice of texts is dropped. */
export async function optOut(phone: string, at: Date): Promise<void> {
  await db.run(sql`INSERT INTO text_opt_outs (phone, stopped_at) VALUES (${phone}, ${at}) ON CONFLICT (phone) DO NOTHING`);
  await db.run(sql`DELETE FROM diner_text_choices WHERE phone = ${phone}`);
}

/** The owner replied START (or UNSTOP): texts may go to the number again (an account's choice is chosen anew). */
export async function optIn(phone: string): Promise<void> {
  await db.run(sql`DELETE FROM text_opt_outs WHERE phone = ${phone}`);
}
