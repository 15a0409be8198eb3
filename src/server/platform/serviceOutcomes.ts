// The last outcome of each call to an outside service that happens out of a person's sight (the catalogue
// sync, the build hook, Square's notifications), kept in the settings table, so the go-live checklist can
// say when each was last seen working and what went wrong last. Never the service's secret: a sentence.
import { db } from "./database";
import { log } from "./http";
import { sql } from "./sql";

export type ServiceName = "square-catalogue-sync" | "build-hook" | "square-notification-refused";

export interface ServiceOutcome {
  /** When the last call ended. */
  at: string;
  ok: boolean;
  /** What happened, in words a person can act on (no URL, token or key). */
  detail: string;
  /** When a call last worked, kept across later failures. */
  lastOkAt: string | null;
}

const keyOf = (service: ServiceName) => `service-outcome:${service}`;

/** Notes an outcome. Never throws: the call itself is what matters; a missed note is only logged. */
export async function noteOutcome(service: ServiceName, ok: boolean, detail: string, at: Date = new Date()): Promise<void> {
  const entry = { at: at.toISOString(), ok, detail: detail.slice(0, 300) };
  try {
    // One statement: the time of the last success survives a failure noted after it.
    await db.run(sql`
      INSERT INTO settings (key, value) VALUES (${keyOf(service)}, ${JSON.stringify({ ...entry, lastOkAt: ok ? entry.at : null })}::jsonb)
      ON CONFLICT (key) DO UPDATE SET updated_at = now(), value = EXCLUDED.value || jsonb_build_object('lastOkAt',
        CASE WHEN ${ok} THEN to_jsonb(${entry.at}::text) ELSE coalesce(settings.value->'lastOkAt', 'null'::jsonb) END)`);
  } catch (error) {
    log("warn", "a service outcome could not be noted", { service, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The last outcome noted for `service`, or null when it was never called. */
export async function lastOutcome(service: ServiceName): Promise<ServiceOutcome | null> {
  const row = await db.one<{ value: Partial<ServiceOutcome> }>(sql`SELECT value FROM settings WHERE key = ${keyOf(service)}`);
  const value = row?.value;
  if (!value || typeof value.at !== "string") return null;
  return { at: value.at, ok: value.ok === true, detail: String(value.detail ?? ""), lastOkAt: typeof value.lastOkAt === "string" ? value.lastOkAt : null };
}
