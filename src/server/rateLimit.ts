// A per-client fixed-window rate limit kept in the "sessions" blob store, so it holds across
// function instances (Netlify's own config.rateLimit guards production in front of it).
import { createHmac } from "node:crypto";
import { envValue } from "./env";
import { store, updateJSON } from "./stores";

export interface RateLimitRule {
  /** Name of what is limited, e.g. "contact"; part of the key. */
  bucket: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets (for a Retry-After header). */
  retryAfterSeconds: number;
}

interface WindowRecord {
  windowStart: number;
  count: number;
}

/**
 * The client's address as Netlify reports it (context.ip), else the headers its edge sets. Locally
 * (`astro dev`) neither exists, and every request shares one "local" client.
 */
export function clientAddress(req: Request, contextIp?: string): string {
  const fromHeader =
    req.headers.get("x-nf-client-connection-ip") ?? req.headers.get("x-forwarded-for")?.split(",")[0];
  return contextIp?.trim() || fromHeader?.trim() || "local";
}

/**
 * The network a client is counted by: its IPv4 address, or the /64 of an IPv6 one (one subscriber
 * gets a whole /64 and can change addresses inside it at will).
 */
export function clientNetwork(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** Keys carry a keyed hash of the address, so the store never holds visitors' IP addresses. */
function clientKey(bucket: string, address: string): string {
  const secret = envValue("SESSION_SECRET") ?? "jealous-fork-rate-limit";
  const digest = createHmac("sha256", secret).update(clientNetwork(address)).digest("hex").slice(0, 32);
  return `rate/${bucket}/${digest}`;
}

/**
 * Counts one attempt by `address` and says whether it is within the rule. One key per client and
 * bucket (not per window), so the store grows with clients, not with time; the conditional write
 * of updateJSON keeps simultaneous attempts from being lost.
 */
export async function consumeRateLimit(rule: RateLimitRule, address: string, now = Date.now()): Promise<RateLimitResult> {
  const record = await updateJSON<WindowRecord>("sessions", clientKey(rule.bucket, address), (current) => {
    const fresh = !current || typeof current.windowStart !== "number" || now - current.windowStart >= rule.windowMs;
    return fresh ? { windowStart: now, count: 1 } : { windowStart: current.windowStart, count: current.count + 1 };
  });
  return {
    allowed: record.count <= rule.limit,
    remaining: Math.max(0, rule.limit - record.count),
    retryAfterSeconds: Math.max(1, Math.ceil((record.windowStart + rule.windowMs - now) / 1000)),
  };
}

/** Where a client stands in a rule's window, without counting an attempt. */
export async function rateLimitState(rule: RateLimitRule, address: string, now = Date.now()): Promise<RateLimitResult> {
  const record = (await store("sessions").get(clientKey(rule.bucket, address), { type: "json" })) as WindowRecord | null;
  const live = record && typeof record.windowStart === "number" && now - record.windowStart < rule.windowMs ? record : null;
  const count = live?.count ?? 0;
  return {
    allowed: count < rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: live ? Math.max(1, Math.ceil((live.windowStart + rule.windowMs - now) / 1000)) : 0,
  };
}
