// What every checkout attempt reads of data staff change rarely (the schedule, the menu) is kept in the
// function instance and read again only when the data has changed: a trigger on each of its tables gives
// it a new version in the transaction that changes it (migration data_versions), and one statement reads
// the versions. In a rush each attempt then makes one small read where it made six, the schedule's three
// of them one after another, and a change staff make (a pause, a dish sold out) is seen by the very next
// attempt, as before: nothing is kept for a time.
import { db } from "./database";
import { sql } from "./sql";
import { forgetWithInstance } from "./instanceMemory";

export type VersionedData = "menu" | "schedule";

const kept = new Map<VersionedData, { version: string; value: Promise<unknown> }>();

/** The versions asked for while one piece of work runs, read by one statement once it has asked. */
let asking: { names: Set<VersionedData>; versions: Promise<Map<string, string>> } | undefined;
forgetWithInstance(() => {
  kept.clear();
  asking = undefined;
});

/**
 * The data's current version. Everything asked in one synchronous run (an attempt asks for the schedule
 * and the menu side by side) is read by one statement, which starts after all of them asked: never a
 * version read before any of them began.
 */
function currentVersion(name: VersionedData): Promise<string | undefined> {
  if (!asking) {
    const names = new Set<VersionedData>();
    const versions = Promise.resolve().then(async () => {
      asking = undefined;
      const rows = await db.all<{ name: string; version: string }>(
        sql`SELECT name, version::text AS version FROM data_versions WHERE name = ANY(${[...names]})`,
      );
      return new Map(rows.map((row) => [row.name, row.version]));
    });
    asking = { names, versions };
  }
  asking.names.add(name);
  return asking.versions.then((versions) => versions.get(name));
}

/**
 * `load()`'s answer for the data's current version: the one kept when the version has not moved, else a
 * new read (started after the version was read, so what is kept is never older than its version).
 * Attempts arriving together while it loads share one read.
 */
export async function readVersioned<T>(name: VersionedData, load: () => Promise<T>): Promise<T> {
  const version = await currentVersion(name);
  if (version === undefined) return load();
  const held = kept.get(name);
  if (held?.version === version) return held.value as Promise<T>;
  const value = load();
  kept.set(name, { version, value });
  // A failed read is not kept: the next attempt reads again.
  value.catch(() => {
    if (kept.get(name)?.value === value) kept.delete(name);
  });
  return value;
}
