import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBlobs, type LocalBlobs } from "../support/blobs";
import { readMenu, updateMenuItem } from "../../src/server/menu";
import { store } from "../../src/server/stores";
import contentMenu from "../../content/menu.json";

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(() => blobs.stop());

describe("the menu store", () => {
  it("is seeded from content on first read, prices in cents", async () => {
    const items = await readMenu();
    expect(items).toHaveLength(contentMenu.length);
    const flatbread = items.find((item) => item.name === "Hot Maple Flatbread");
    expect(flatbread).toMatchObject({ priceCents: 1600, section: "jealous-fork", featured: true, inStock: true });
    expect(await store("menu").get("items", { type: "json" })).not.toBeNull();
  });

  it("loses no update when different items are changed at the same time", async () => {
    const ids = (await readMenu()).slice(0, 8).map((item) => item.id);
    await Promise.all(ids.map((id) => updateMenuItem(id, (item) => ({ ...item, inStock: false }))));
    const after = await readMenu();
    expect(after.filter((item) => ids.includes(item.id)).every((item) => !item.inStock)).toBe(true);
  });

  it("skips a corrupt stored item and answers with the rest", async () => {
    const stored = (await store("menu").get("items", { type: "json" })) as { items: unknown[] };
    stored.items[0] = { id: "not a number", name: 42 };
    await store("menu").setJSON("items", stored);
    const items = await readMenu();
    expect(items).toHaveLength(contentMenu.length - 1);
  });
});
