// The owner sets each dish's labels and allergens in the console: what the menu then shows diners and
// filters by. Staff and strangers cannot; a label we do not know or two that contradict each other are
// refused with a 400 that says why, and nothing is stored; each save is in the activity log.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import adminMenuItems from "../../netlify/functions/admin-menu-items.mts";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import menu from "../../netlify/functions/menu.mts";
import type { MenuAnswer } from "../../src/domain/menuReadModel";

const FRIES = 29; // Classic French Fries: labelled vegan only in content/menu.json
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
  const created = await jsonOf(await call(adminStaff, "/api/admin/staff", { body: { name: "Luis", email: `luis-${randomUUID()}@jealousfork.test`, role: "staff" }, headers: owner }));
  const token = created.setupLink.path.split("#")[1];
  const set = await call(adminSetup, "/api/admin/setup", { body: { token, password: "a long kitchen passphrase for the grill" }, headers: { origin: SITE_ORIGIN } });
  staff = { cookie: (set.headers.get("set-cookie") ?? "").split(";")[0]!, origin: SITE_ORIGIN };
});

const save = (id: number, body: unknown, headers: Record<string, string> = owner) =>
  call(adminMenuItems, `/api/admin/menu-items/${id}/labels`, { method: "PUT", body, headers, params: { id: String(id) } });

async function storedLabels(id: number): Promise<unknown> {
  const [row] = await testDatabase().rows<{ dietary: unknown }>(`SELECT dietary FROM menu_items WHERE id = ${id}`);
  return row!.dietary;
}

async function publicLabels(id: number): Promise<string[]> {
  const body = (await jsonOf(await call(menu, "/api/menu"))) as MenuAnswer;
  return body.sections.flatMap((section) => section.items).find((item) => item.id === id)!.dietary;
}

describe("a dish's labels in the console", () => {
  it("are saved whole by the owner, shown on the public menu and kept in the activity log", async () => {
    const res = await save(FRIES, { dietary: ["vegan", "dairy-free", "egg-free", "nut-free"] });
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).dietary).toEqual(["vegan", "dairy-free", "egg-free", "nut-free"]);
    expect(await storedLabels(FRIES)).toEqual(["vegan", "dairy-free", "egg-free", "nut-free"]);
    expect(await publicLabels(FRIES)).toEqual(["vegan", "dairy-free", "egg-free", "nut-free"]);
    const [activity] = await testDatabase().rows<{ action: string; target: string; before: unknown; after: unknown }>(
      "SELECT action, target, before, after FROM staff_activity ORDER BY id DESC LIMIT 1",
    );
    expect(activity).toEqual({ action: "menu.labels", target: `${FRIES} Classic French Fries`, before: { dietary: ["vegan"] }, after: { dietary: ["vegan", "dairy-free", "egg-free", "nut-free"] } });

    // Back to unknown: an allergen named by neither label is not known.
    expect((await save(FRIES, { dietary: ["vegan"] })).status).toBe(200);
    expect(await publicLabels(FRIES)).toEqual(["vegan"]);
  });

  it("are listed with every dish for the console, so it can count the dishes nobody has labelled", async () => {
    const res = await call(adminMenuItems, "/api/admin/menu-items", { headers: staff });
    const { items } = (await jsonOf(res)) as { items: { id: number; dietary: string[] }[] };
    expect(items.find((item) => item.id === 1)!.dietary).toEqual(["contains-gluten", "contains-dairy"]);
    expect(items.filter((item) => item.dietary.length === 0).length).toBeGreaterThan(10);
  });

  it("cannot be changed by staff or by a stranger", async () => {
    const before = await storedLabels(FRIES);
    expect((await save(FRIES, { dietary: ["dairy-free"] }, staff)).status).toBe(403);
    expect((await save(FRIES, { dietary: ["dairy-free"] }, { origin: SITE_ORIGIN })).status).toBe(401);
    expect(await storedLabels(FRIES)).toEqual(before);
  });

  it("refuse a label we do not know, or two that contradict each other, with a 400 that says why, storing nothing", async () => {
    const before = await storedLabels(1);
    const activity = await testDatabase().count("staff_activity");
    const unknown = await save(1, { dietary: ["contains-dairy", "peanut-free"] });
    expect(unknown.status).toBe(400);
    const unknownBody = await jsonOf(unknown);
    expect(unknownBody.error).toEqual(expect.any(String));
    expect(JSON.stringify(unknownBody.issues)).toContain("dietary");

    const contradiction = await save(1, { dietary: ["contains-dairy", "dairy-free"] });
    expect(contradiction.status).toBe(400);
    expect(JSON.stringify((await jsonOf(contradiction)).issues)).toContain("A dish cannot both contain dairy and be free of dairy.");
    expect((await save(1, { dietary: ["vegan", "contains-eggs"] })).status).toBe(400);
    expect((await save(1, { dietary: "dairy-free" })).status).toBe(400);
    expect((await save(1, { dietary: ["dairy-free"], extra: true })).status).toBe(400);
    expect((await save(999_999, { dietary: [] })).status).toBe(404);

    expect(await storedLabels(1)).toEqual(before);
    expect(await testDatabase().count("staff_activity")).toBe(activity);
  });
});

describe("the migration of a database seeded before allergens had three states", () => {
  const migration = readFileSync(new URL("../../netlify/database/migrations/20261128043000_dish_allergen_labels.sql", import.meta.url), "utf8");

  it("labels the dishes still as the old seed wrote them, and leaves a dish someone has labelled since as they said", async () => {
    // As the old seed stored them: the hummus called vegan beside its cheese; the flatbread with no label.
    await testDatabase().rows(`UPDATE menu_items SET dietary = '["vegan", "gluten-free-option"]' WHERE id = 6`);
    await testDatabase().rows(`UPDATE menu_items SET dietary = '[]' WHERE id = 1`);
    // Labelled in the console since: kept.
    await testDatabase().rows(`UPDATE menu_items SET dietary = '["vegetarian", "nut-free"]' WHERE id = 5`);
    await testDatabase().rows(migration);
    expect(await storedLabels(6)).toEqual(["gluten-free-option", "contains-gluten", "contains-dairy"]);
    expect(await storedLabels(1)).toEqual(["contains-gluten", "contains-dairy"]);
    expect(await storedLabels(5)).toEqual(["vegetarian", "nut-free"]);
    // No dish comes out of it free of anything but the one the console marked.
    expect(await testDatabase().count("menu_items", "id <> 5 AND dietary ?| array['gluten-free', 'dairy-free', 'nut-free', 'egg-free', 'shellfish-free']")).toBe(0);
  });
});
