// A preview or branch deploy never writes the live site's records: production notes which database is
// the live one, and a non-production deploy that finds itself on it refuses (503) with nothing stored,
// while one on a database of its own (a fork that carries production's note) works as usual.
import { afterEach, describe, expect, it } from "vitest";
import contactHandler from "../../netlify/functions/contact.mts";
import { closeDatabase } from "../../src/server/platform/database";
import { startTestDatabase, testDatabase } from "../support/database";
import { inDeployContext } from "../support/deployContext";
import { call, jsonOf } from "../support/functions";

const MESSAGE = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", message: "A table for 4 on Sunday?" };
const send = () => call(contactHandler, "/contact", { body: MESSAGE });

afterEach(async () => {
  await closeDatabase();
});

describe("the database a deploy writes to", () => {
  it("production takes messages and notes its database as the live one", async () => {
    const res = await inDeployContext("production", send);
    expect(res.status).toBe(201);
    expect(await testDatabase().count("settings", "key = 'production-database-host'")).toBe(1);
  });

  it.each(["branch-deploy", "deploy-preview"])("a %s given the live database refuses with 503 and stores nothing", async (context) => {
    const before = await testDatabase().count("contact_messages");
    const res = await inDeployContext(context, send);
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).error).toMatch(/no database of its own/);
    expect(await testDatabase().count("contact_messages")).toBe(before);
  });

  it("a deploy on a database of its own, forked with production's note, takes messages there", async () => {
    const live = testDatabase();
    const [note] = await live.rows<{ value: string }>("SELECT value FROM settings WHERE key = 'production-database-host'");
    const fork = await startTestDatabase(); // its own host (another port), as a Netlify branch has
    try {
      await fork.rows("INSERT INTO settings (key, value) VALUES ('production-database-host', $1)", [JSON.stringify(note!.value)]);
      const before = await live.count("contact_messages");
      const res = await inDeployContext("branch-deploy", send);
      expect(res.status).toBe(201);
      expect(await fork.count("contact_messages")).toBe(1);
      expect(await live.count("contact_messages")).toBe(before);
    } finally {
      await closeDatabase();
      await fork.stop();
      process.env.NETLIFY_DB_URL = live.url;
    }
  });
});
