// Apple Pay on the web through Square: the domain association file Square gives (pasted in the console,
// as it cannot be fetched from here, and served at /.well-known/apple-developer-merchantid-domain-association),
// and each hostname of the site registered with Square (applePay.registerDomain), remembered with its outcome.
import { createHash } from "node:crypto";
import { db, type Queries } from "../platform/database";
import { RuleBroken, ProviderUnavailable, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { squareClient, squareConfig, squareSdk } from "../platform/squareClient";
import { recordActivity, type ActivityActor } from "../audit";

const ASSOCIATION_KEY = "apple_pay_domain_association";
const DOMAINS_KEY = "apple_pay_domains";
/** Square's file is some 9 KB of hex; anything far larger is not it. */
export const ASSOCIATION_MAX_LENGTH = 64 * 1024;

export interface RegisteredDomain {
  domainName: string;
  /** VERIFIED, or PENDING while Apple checks the file. */
  status: string;
  registeredAt: string;
}

export async function domainAssociation(): Promise<string | null> {
  const row = await db.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${ASSOCIATION_KEY}`);
  return typeof row?.value === "string" && row.value ? row.value : null;
}

/** What the activity log keeps of the association file: its size and a fingerprint, not some 9 KB of hex. */
function fileSummary(content: unknown): { characters: number; sha256: string } | null {
  if (typeof content !== "string" || !content) return null;
  return { characters: content.length, sha256: createHash("sha256").update(content).digest("hex").slice(0, 16) };
}

/** Stores Square's file; a person's change writes its activity row in the same transaction. */
export async function setDomainAssociation(content: string, actor?: ActivityActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${ASSOCIATION_KEY} FOR UPDATE`);
    await tx.run(sql`
      INSERT INTO settings (key, value) VALUES (${ASSOCIATION_KEY}, ${JSON.stringify(content)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    if (actor) {
      await recordActivity(actor, { action: "settings.apple-pay-file", target: "apple pay", before: { file: fileSummary(before?.value) }, after: { file: fileSummary(content) } }, tx);
    }
  });
}

export async function registeredDomains(on: Queries = db): Promise<RegisteredDomain[]> {
  const row = await on.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = ${DOMAINS_KEY}`);
  return Array.isArray(row?.value) ? (row.value as RegisteredDomain[]) : [];
}

/** A hostname as Apple and Square take it: no scheme, port or path; localhost and IPs cannot be registered. */
export function isRegistrableHostname(hostname: string): boolean {
  return /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(hostname);
}

/**
 * Registers `domainName` with Square for Apple Pay (Apple then reads the association file at that host)
 * and remembers the outcome beside the others. Needs the file in place first. Asked by a person, the
 * outcome is stored with its activity row (the domain's entry before and after) in one transaction.
 */
export async function registerApplePayDomain(domainName: string, now = new Date(), actor?: ActivityActor): Promise<RegisteredDomain> {
  const name = domainName.trim().toLowerCase();
  if (!isRegistrableHostname(name)) throw new RuleBroken("Give the site's hostname, such as jealousfork.com (no https://, port or path; not localhost).");
  if (!squareConfig()) throw new Unavailable("Square is not configured (SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID).");
  if (!(await domainAssociation())) throw new RuleBroken("Paste Square's domain association file first: Apple reads it when the domain is registered.");
  const client = await squareClient("setup");
  let status: string;
  try {
    const answer = await client.applePay.registerDomain({ domainName: name });
    status = answer.status ?? "PENDING";
  } catch (error) {
    const { SquareError } = await squareSdk();
    if (error instanceof SquareError && error.statusCode !== undefined && error.statusCode < 500 && error.errors.length > 0) {
      const first = error.errors[0]!;
      throw new RuleBroken(`Square refused the domain: ${first.detail ?? first.code}`);
    }
    log("error", "apple pay domain registration failed", { error: error instanceof Error ? error.message : String(error) });
    throw new ProviderUnavailable("Square could not be reached to register the domain. Please try again.");
  }
  const registered: RegisteredDomain = { domainName: name, status, registeredAt: now.toISOString() };
  await db.transaction(async (tx) => {
    const before = actor ? (await registeredDomains(tx)).find((domain) => domain.domainName === name) ?? null : null;
    // One statement: two hostnames registered at once both stay in the list.
    await tx.run(sql`
      INSERT INTO settings (key, value) VALUES (${DOMAINS_KEY}, jsonb_build_array(${JSON.stringify(registered)}::jsonb))
      ON CONFLICT (key) DO UPDATE SET updated_at = now(), value = (
        SELECT coalesce(jsonb_agg(entry), '[]'::jsonb) FROM jsonb_array_elements(settings.value) AS entry
        WHERE entry->>'domainName' <> ${name}) || EXCLUDED.value`);
    if (actor) await recordActivity(actor, { action: "settings.apple-pay-domain", target: name, before: { domain: before }, after: { domain: registered } }, tx);
  });
  return registered;
}
