// docs/architecture.md's "Records" table against the migrations: every table a migration creates, and
// none dropped since, is named in the table's rows, so no record is kept that the manual does not name.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const MIGRATIONS = join(ROOT, "netlify/database/migrations");

/** The tables the migrations leave, in the order they apply (name order). */
function tablesOfMigrations(): string[] {
  const tables = new Set<string>();
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith(".sql")).sort()) {
    const source = readFileSync(join(MIGRATIONS, file), "utf8").replace(/--.*$/gm, "");
    for (const [, name] of source.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi)) tables.add(name!.toLowerCase());
    for (const [, name] of source.matchAll(/DROP TABLE (?:IF EXISTS )?([a-z_][a-z0-9_]*)/gi)) tables.delete(name!.toLowerCase());
  }
  return [...tables];
}

/** The tables the Records section's rows name (in backticks, in their first cell). */
function tablesOfDocument(): Set<string> {
  const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const records = doc.slice(doc.indexOf("\n## Records"), doc.indexOf("\n## ", doc.indexOf("\n## Records") + 1));
  const named = records.split("\n").filter((line) => line.startsWith("| ")).flatMap((line) => [...line.split("|")[1]!.matchAll(/`([a-z_][a-z0-9_.]*)`/g)].map((match) => match[1]!));
  return new Set(named);
}

describe("docs/architecture.md's Records", () => {
  it("names every table the migrations create", () => {
    const named = tablesOfDocument();
    expect(tablesOfMigrations().filter((table) => !named.has(table))).toEqual([]);
  });
});
