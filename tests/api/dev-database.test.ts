// `npm run dev` brings the local database up to date before the Netlify emulation opens it: every
// migration once, in order, none twice; a fresh clone then shows the whole site from content/.
import { mkdtemp, rm, cp, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { NetlifyDB } from "@netlify/database-dev";
import { LOCAL_DATABASE, migrateLocalDatabase } from "../../src/integrations/devServer";
import { MIGRATIONS } from "../support/database";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "jf-dev-db-"));
  await mkdir(join(root, "netlify", "database"), { recursive: true });
  await cp(MIGRATIONS, join(root, "netlify", "database", "migrations"), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the dev server's local database", () => {
  it("gets every migration at the first start and none at the next", async () => {
    const all = readdirSync(join(root, "netlify", "database", "migrations")).map((file) => file.replace(/\.sql$/, "")).sort();
    expect(await migrateLocalDatabase(root)).toEqual(all);
    expect(await migrateLocalDatabase(root)).toEqual([]);

    const database = new NetlifyDB({ directory: join(root, LOCAL_DATABASE), logger: () => {} });
    await database.start();
    try {
      const { rows } = await database.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(["orders", "order_lines", "menu_items", "contact_messages", "counters"]));
    } finally {
      await database.stop();
    }
  });
});
