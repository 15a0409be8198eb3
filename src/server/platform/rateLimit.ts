// A per-client fixed-window rate limit kept in the database's counters, so it holds across function
// instances (Netlify's own config.rateLimit guards production in front of it).
import { createHash, createHmac } from "node:crypto";
import { isIP } from "node:net";
import { envValue, isLocal } from "../env";
import { db, type Queries } from "./database";
import { sql } from "./sql";

export interface RateLimitRule {
  /** Name of what is limited, e.g. "contact"; part of the key. */
  bucket: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
  /**
   * Attempts allowed per window from the wider block the network lies in (an IPv6 /48, an IPv4 /24): one
   * holder of a /48 can switch between 65,536 /64s at will. Default: 4 networks' worth for a /48, 16 for a
   * /24 (often a carrier's or a campus's shared addresses, many people behind them).
   */
  blockLimit?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets (for a Retry-After header). */
  retryAfterSeconds: number;
}

/**
 * The client's address as Netlify reports it (context.ip), else the header its edge sets. A client can
 * send X-Forwarded-For itself, so it is read only where the code is certainly not deployed (`astro dev`
 * behind a local proxy); locally with neither, every request shares one "local" client.
 */
export function clientAddress(req: Request, contextIp?: string): string {
  const fromEdge = req.headers.get("x-nf-client-connection-ip");
  const fromProxy = isLocal() ? req.headers.get("x-forwarded-for")?.split(",")[0] : undefined;
  return contextIp?.trim() || fromEdge?.trim() || fromProxy?.trim() || (isLocal() ? "local" : "unknown");
}

/**
 * The network a client is counted by: its IPv4 address (also when written IPv4-mapped, ::ffff:a.b.c.d
 * or in hex, ::ffff:c000:201 for 192.0.2.1), or the /64 of an IPv6 one (one subscriber gets a whole /64
 * and can change addresses inside it at will).
 */
export function clientNetwork(address: string): string {
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address.trim());
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.trim().toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  const number = (group: string | undefined) => parseInt(group || "0", 16);
  // ::ffff:0:0/96 holds IPv4 addresses: the same client as its dotted form.
  if (groups.length === 8 && groups.slice(0, 5).every((g) => number(g) === 0) && number(groups[5]) === 0xffff) {
    const [high, low] = [number(groups[6]), number(groups[7])];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The /24 an IPv4 client's network lies in ("192.0.2.0/24"), or null for IPv6 (already counted by its /64). */
export function ipv4Block(address: string): string | null {
  const network = clientNetwork(address);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(network);
  return v4 ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : null;
}

/**
 * The /48 an IPv6 client's /64 lies in ("2001:db8:aa::/48"), or null for IPv4: a site's or a hosting
 * customer's usual allocation, 65,536 /64s that one holder may switch between at will.
 */
export function ipv6Block(address: string): string | null {
  const network = clientNetwork(address);
  if (!network.endsWith("::/64")) return null;
  const groups = network.slice(0, -"::/64".length).split(":");
  return `${groups.slice(0, 3).join(":")}::/48`;
}

/**
 * Counters carry a hash of the client's network, so the database never holds visitors' IP
 * addresses: keyed with SESSION_SECRET when there is one, so the hashes cannot be reversed by
 * trying every address.
 */
export function clientKey(address: string): string {
  return networkKey(clientNetwork(address));
}

/** The keyed hash of a network already written as one (an address, a /64 or a /48). */
export function networkKey(network: string): string {
  return keyedHash(network).slice(0, 32);
}

/**
 * HMAC-SHA-256 of `text` keyed with SESSION_SECRET (hex), so a stored hash of an address or an e-mail cannot
 * be tested against guesses without the site's secret; a plain SHA-256 where no secret is set (local runs).
 */
export function keyedHash(text: string): string {
  const secret = envValue("SESSION_SECRET");
  const hash = secret ? createHmac("sha256", secret) : createHash("sha256");
  return hash.update(text, "utf8").digest("hex");
}

interface CounterRow {
  count: number;
  window_start: Date;
}

/**
 * Counts one attempt in a fixed window and answers the new count: one upsert, so simultaneous
 * attempts each get a number of their own (none is lost, none is counted twice). A window that has
 * ended starts again at 1.
 */
export async function countAttempt(bucket: string, client: string, windowMs: number, now = Date.now(), on: Queries = db): Promise<CounterRow> {
  const at = new Date(now);
  const windowEndedBefore = new Date(now - windowMs);
  const row = await on.one<CounterRow>(sql`
    INSERT INTO counters (bucket, client, window_start, count) VALUES (${bucket}, ${client}, ${at}, 1)
    ON CONFLICT (bucket, client) DO UPDATE SET
      count = CASE WHEN counters.window_start > ${windowEndedBefore} THEN counters.count + 1 ELSE 1 END,
      window_start = CASE WHEN counters.window_start > ${windowEndedBefore} THEN counters.window_start ELSE ${at} END
    RETURNING count, window_start`);
  return row!;
}

/** The count of a running window, without counting: 0 when there is none or it has ended. */
export async function currentCount(bucket: string, client: string, windowMs: number, now = Date.now(), on: Queries = db): Promise<CounterRow | null> {
  return on.one<CounterRow>(sql`
    SELECT count, window_start FROM counters
    WHERE bucket = ${bucket} AND client = ${client} AND window_start > ${new Date(now - windowMs)}`);
}

/**
 * The wider block a client address lies in, counted next to its network: the /48 of an IPv6 address, the
 * /24 of an IPv4 one; null for anything that is not an address (a site-wide key, an account, a block).
 */
export function networkBlock(address: string): string | null {
  const bare = address.trim().split("%")[0]!;
  if (!isIP(bare)) return null;
  return ipv6Block(bare) ?? ipv4Block(bare);
}

/** How many attempts a rule allows from a block (see RateLimitRule.blockLimit). */
export function blockLimitOf(rule: RateLimitRule, block: string): number {
  return rule.blockLimit ?? rule.limit * (block.endsWith("/48") ? 4 : 16);
}

const blockBucket = (bucket: string) => `${bucket}:block`;

/**
 * Counts one attempt by `address` against its network and its block (the /64 and its /48, the address and
 * its /24) and says whether both are within the rule.
 */
export async function consumeRateLimit(rule: RateLimitRule, address: string, now = Date.now(), on: Queries = db): Promise<RateLimitResult> {
  const row = await countAttempt(rule.bucket, clientKey(address), rule.windowMs, now, on);
  const own = standing(row, rule, now, row.count <= rule.limit);
  const block = networkBlock(address);
  if (!block) return own;
  const limit = blockLimitOf(rule, block);
  const wide = await countAttempt(blockBucket(rule.bucket), networkKey(block), rule.windowMs, now, on);
  return worse(own, standing(wide, { ...rule, limit }, now, wide.count <= limit));
}

/** Takes back one attempt counted by `consumeRateLimit` (one that turned out to be no guess at all). */
export async function giveBackAttempt(rule: RateLimitRule, address: string, on: Queries = db): Promise<void> {
  await on.run(sql`
    UPDATE counters SET count = GREATEST(count - 1, 0) WHERE bucket = ${rule.bucket} AND client = ${clientKey(address)}`);
  const block = networkBlock(address);
  if (block) {
    await on.run(sql`
      UPDATE counters SET count = GREATEST(count - 1, 0) WHERE bucket = ${blockBucket(rule.bucket)} AND client = ${networkKey(block)}`);
  }
}

/** Where a client stands in a rule's window (its network and its block), without counting an attempt. */
export async function rateLimitState(rule: RateLimitRule, address: string, now = Date.now(), on: Queries = db): Promise<RateLimitResult> {
  const live = await currentCount(rule.bucket, clientKey(address), rule.windowMs, now, on);
  const own = standing(live ?? { window_start: new Date(now), count: 0 }, rule, now, (live?.count ?? 0) < rule.limit);
  const block = networkBlock(address);
  if (!block) return own;
  const limit = blockLimitOf(rule, block);
  const wide = await currentCount(blockBucket(rule.bucket), networkKey(block), rule.windowMs, now, on);
  return worse(own, standing(wide ?? { window_start: new Date(now), count: 0 }, { ...rule, limit }, now, (wide?.count ?? 0) < limit));
}

/** The standing that refuses, or waits longer, of two. */
function worse(a: RateLimitResult, b: RateLimitResult): RateLimitResult {
  if (a.allowed !== b.allowed) return a.allowed ? b : a;
  return {
    allowed: a.allowed,
    remaining: Math.min(a.remaining, b.remaining),
    retryAfterSeconds: a.allowed ? Math.min(a.retryAfterSeconds, b.retryAfterSeconds) : Math.max(a.retryAfterSeconds, b.retryAfterSeconds),
  };
}

function standing(window: CounterRow, rule: RateLimitRule, now: number, allowed: boolean): RateLimitResult {
  return {
    allowed,
    remaining: Math.max(0, rule.limit - window.count),
    retryAfterSeconds: Math.max(1, Math.ceil((window.window_start.getTime() + rule.windowMs - now) / 1000)),
  };
}
