// What every checkout attempt reads of data staff change rarely (the schedule, the menu) is kept in the
// function instance and read again only when the data has changed: a trigger on each of its tables gives
// it a new version in the transaction that changes it (migration data_versions), and one statement reads
// the version. In a rush each attempt then makes one small read where it made six, the schedule's three
// of them one after another, and a change staff make (a pause, a dish sold out) is seen by the very next
// attempt, as before: nothing is kept for a time.
import { db } from "./database";
import { sql } from "./sql";

export type VersionedData = "menu" | "schedule";

const kept = new Map<VersionedData, { version: string; value: Promise<unknown> }>();

/**
 * `load()`'s answer for the data's current version: the one kept when the version has not moved, else a
 * new read (started after the version was read, so what is kept is never older than its version).
 * Attempts arriving together while it loads share one read.
 */
export async function readVersioned<T>(name: VersionedData, load: () => Promise<T>): Promise<T> {
  const row = await db.one<{ version: string }>(sql`SELECT version::text AS version FROM data_versions WHERE name = ${name}`);
  if (!row) return load();
  const held = kept.get(name);
  if (held?.version === row.version) return held.value as Promise<T>;
  const value = load();
  kept.set(name, { version: row.version, value });
  // A failed read is not kept: the next attempt reads again.
  value.catch(() => {
    if (kept.get(name)?.value === value) kept.delete(name);
  });
  return value;
}
