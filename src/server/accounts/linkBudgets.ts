// What a sign-in link request may spend. Refused with 429 past the waits per network (its /64 and /48, or
// the IPv4 address and its /24) and per (e-mail, network), never per e-mail alone: a stranger cannot lock a
// diner out. Past those, the link is sent only within 3 an hour per e-mail and the site's hourly budget; a
// request past either gets the same 202 and sends nothing (the diner has the links already sent), and the
// first past the site's budget alarms the owner once.
import { createHash } from "node:crypto";
import { raiseBudgetAlarm } from "../mail";
import { said, TooManyAttempts } from "../platform/errors";
import { clientKey, consumeRateLimit, countAttempt } from "../platform/rateLimit";
import { numberSetting, spendSiteBudget } from "../platform/siteBudget";

/** Link requests from one network in a window: a shared Wi-Fi of diners, not a mailing machine. */
export const LINK_NETWORK_LIMIT = 20;
/** Link requests for one e-mail from one network in a window. */
export const LINK_PAIR_LIMIT = 5;
export const LINK_WINDOW_MS = 15 * 60 * 1000;
/** Links e-mailed to one address an hour, whoever asks: at most this many live links coexist. */
export const LINKS_PER_EMAIL_HOUR = 3;
/** Links the whole site e-mails an hour unless the owner sets otherwise (settings key below). */
export const DEFAULT_LINKS_PER_HOUR = 200;
export const LINKS_PER_HOUR_SETTING = "diner_links_hourly_budget";
export const MAX_LINKS_PER_HOUR = 100_000;
const HOUR_MS = 3_600_000;

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const pairKey = (email: string, address: string) => digest(`diner-pair:${email.trim().toLowerCase()}:${clientKey(address)}`);

/** Counts the request by its network and by (e-mail, network), and refuses it (429) past either. */
export async function countLinkRequest(email: string, address: string, now = Date.now()): Promise<void> {
  const network = await consumeRateLimit({ bucket: "diner-link-network", limit: LINK_NETWORK_LIMIT, windowMs: LINK_WINDOW_MS }, address, now);
  const pair = await countAttempt("diner-link-pair", pairKey(email, address), LINK_WINDOW_MS, now);
  const pairWait = (pair.window_start.getTime() + LINK_WINDOW_MS - now) / 1000;
  if (!network.allowed || pair.count > LINK_PAIR_LIMIT) {
    throw new TooManyAttempts(said("account_too_many"), Math.max(network.allowed ? 0 : network.retryAfterSeconds, pair.count > LINK_PAIR_LIMIT ? pairWait : 0));
  }
}

/** Whether a link may be e-mailed to `email` now: within its 3 an hour, then within the site's budget. */
export async function linkMaySend(email: string, now = Date.now()): Promise<boolean> {
  const perEmail = await countAttempt("diner-link-email", digest(`diner-email:${email.trim().toLowerCase()}`), HOUR_MS, now);
  if (perEmail.count > LINKS_PER_EMAIL_HOUR) return false;
  const limit = await linksPerHour();
  const site = await spendSiteBudget({ name: "sign-in-links", limit, windowMs: HOUR_MS }, now);
  if (site.firstOver) await raiseBudgetAlarm({ budget: "sign-in-links", limit, windowStart: site.windowStart });
  return site.allowed;
}

/** The owner's hourly budget of sign-in links (a settings row; the console's System tab sets it). */
export function linksPerHour(): Promise<number> {
  return numberSetting(LINKS_PER_HOUR_SETTING, DEFAULT_LINKS_PER_HOUR, MAX_LINKS_PER_HOUR);
}
