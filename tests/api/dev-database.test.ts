// `npm run dev` runs on the project's own PostgreSQL: the first start creates it and applies every
// migration once, in order; the next start reuses the data and applies none; a fresh clone then shows
// the whole site from content/.
import { mkdtemp, rm } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseLines, startDevDatabase } from "../../src/integrations/devServer";
import { MIGRATIONS, withClient } from "../../tools/localPostgres";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe("the dev server's database", () => {
  it("is created with every migration at the first start, and keeps its records for the next start, which applies none", async () => {
    const folder = await mkdtemp(join(tmpdir(), "jf-dev-db-"));
    folders.push(folder);
    const dataDir = join(folder, "postgres");
    const all = readdirSync(MIGRATIONS).map((file) => file.replace(/\.sql$/, "")).sort();

    const first = await startDevDatabase(dataDir, 56100);
    try {
      expect(first.applied).toEqual(all);
      await withClient(first.url, (client) =>
        client.query("INSERT INTO contact_messages (id, first_name, last_name, email, phone, message, created_at) VALUES (gen_random_uuid(), 'Ana', 'Diaz', 'ana@example.com', '', 'Kept', now())"),
      );
      const tables = await withClient(first.url, (client) =>
        client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"),
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(["orders", "order_lines", "menu_items", "contact_messages", "counters"]));
      const lines = databaseLines(first).join("\n");
      expect(lines).toContain(`127.0.0.1:${first.server.port}`);
      expect(lines).toMatch(/psql postgres:\/\/\S+@127\.0\.0\.1:\d+\/jealous_fork/);
    } finally {
      await first.server.stop();
    }

    const second = await startDevDatabase(dataDir, 56100);
    try {
      expect(second.applied).toEqual([]);
      const kept = await withClient(second.url, (client) => client.query("SELECT message FROM contact_messages"));
      expect(kept.rows).toEqual([{ message: "Kept" }]);
    } finally {
      await second.server.stop();
    }
  });
});
