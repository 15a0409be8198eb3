// What Twilio posts to the site about texts: a diner's reply (the Messaging Service's incoming-message
// webhook) and a text's later status (the StatusCallback given with each text). Both are signed as Twilio
// documents (https://www.twilio.com/docs/usage/security#validating-requests): the X-Twilio-Signature header
// is the base64 of an HMAC-SHA1, keyed by the account's auth token, of the full URL Twilio called followed by
// every POST parameter's name and value, sorted by name. A reply of STOP (or another of Twilio's opt-out
// words) stops every later text at once; START, YES or UNSTOP lets them go again; HELP or INFO is answered
// with the restaurant's name and phone (content/site.json), in TwiML.
import { createHmac, timingSafeEqual } from "node:crypto";
import site from "../../../content/site.json";
import { asLocale } from "../../domain/i18n/locales";
import { orderTextMessages } from "../../domain/i18n/ui/orderTextMessages";
import { raiseBudgetAlarm } from "../mail";
import { db } from "../platform/database";
import { NotPermitted, TooLarge, Unavailable, UnsupportedMediaType } from "../platform/errors";
import { countAttempt, keyedHash } from "../platform/rateLimit";
import { spendSiteBudget } from "../platform/siteBudget";
import { siteUrl } from "../platform/siteAddress";
import { sql } from "../platform/sql";
import { textsPerHour } from "../verify";
import { textsConfig } from "./config";
import { optIn, optOut } from "./orderTexts";

/** Twilio's default opt-out, opt-in and help keywords (https://help.twilio.com/articles/223134027), and their Spanish set on our Messaging Service. */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT", "PARAR", "ALTO"]);
const START_WORDS = new Set(["START", "YES", "UNSTOP", "COMENZAR"]);
const HELP_WORDS = new Set(["HELP", "INFO", "AYUDA"]);
/** HELP answers one number gets in a day: each is a text we pay for. */
export const HELP_ANSWERS_PER_PHONE_DAY = 3;

/** Twilio's forms are a few hundred bytes: anything past this is not Twilio's. */
const FORM_MAX = 16 * 1024;

/** The form Twilio posted, once its signature is proven for the URL it called (ours: the site's address and path). */
export async function signedForm(req: Request): Promise<URLSearchParams> {
  const config = textsConfig();
  if (!config) throw new Unavailable("Texts are not configured here (TWILIO_MESSAGING_SERVICE_SID).");
  if (!(req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) throw new UnsupportedMediaType("Twilio posts a form (application/x-www-form-urlencoded).");
  const text = await req.text();
  if (text.length > FORM_MAX) throw new TooLarge("Twilio's form is larger than any it sends.");
  const form = new URLSearchParams(text);
  const called = new URL(req.url);
  const expected = twilioSignature(config.authToken, `${siteUrl()}${called.pathname}${called.search}`, form);
  const given = Buffer.from(req.headers.get("x-twilio-signature") ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotPermitted("Not signed by Twilio.");
  return form;
}

/** Twilio's signature of a request: the URL, then each parameter's name and value sorted by name, HMAC-SHA1, base64. */
export function twilioSignature(authToken: string, url: string, form: URLSearchParams): Buffer {
  const names = [...new Set(form.keys())].sort();
  const signed = names.reduce((text, name) => text + form.getAll(name).map((value) => name + value).join(""), url);
  return Buffer.from(createHmac("sha1", authToken).update(signed, "utf8").digest("base64"));
}

const twiml = (message?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${message.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</Message>` : ""}</Response>`;

/** A diner's reply: STOP stops at once, START lets texts go again, HELP is answered (within its budgets); the TwiML to answer. */
export async function answerReply(form: URLSearchParams, now = new Date()): Promise<string> {
  const from = form.get("From") ?? "";
  // Twilio's Advanced Opt-Out names what the reply was; without it, the reply's one word is read.
  const word = (form.get("OptOutType") ?? form.get("Body") ?? "").trim().toUpperCase();
  if (!/^\+\d{8,15}$/.test(from)) return twiml();
  if (STOP_WORDS.has(word)) {
    await optOut(from, now);
    return twiml();
  }
  if (START_WORDS.has(word)) {
    await optIn(from);
    return twiml();
  }
  if (!HELP_WORDS.has(word) || !(await spendHelpAnswer(from, now.getTime()))) return twiml();
  const last = await db.one<{ language: string }>(sql`SELECT language FROM order_text_consents WHERE phone = ${from} ORDER BY consented_at DESC LIMIT 1`);
  return twiml(orderTextMessages.help[asLocale(last?.language)](site.name, site.phone));
}

async function spendHelpAnswer(phone: string, now: number): Promise<boolean> {
  const perPhone = await countAttempt("text-help-phone", keyedHash(`phone:${phone}`), 86_400_000, now);
  if (perPhone.count > HELP_ANSWERS_PER_PHONE_DAY) return false;
  const limit = await textsPerHour();
  const spent = await spendSiteBudget({ name: "texts", limit, windowMs: 3_600_000 }, now);
  if (spent.firstOver) await raiseBudgetAlarm({ budget: "texts", limit, windowStart: spent.windowStart });
  return spent.allowed;
}
