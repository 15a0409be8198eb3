import { afterEach, describe, expect, it, vi } from "vitest";
import { readMenu, updateMenuItem } from "../../src/server/content/menu";
import { testDatabase } from "../support/database";
import contentMenu from "../../content/menu.json";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the menu store", () => {
  it("is seeded from content on first read, prices in cents", async () => {
    const items = await readMenu();
    expect(items).toHaveLength(contentMenu.length);
    const flatbread = items.find((item) => item.name === "Hot Maple Flatbread");
    expect(flatbread).toMatchObject({ priceCents: 1600, section: "jealous-fork", featured: true, inStock: true });
    expect(await testDatabase().rows("SELECT price_cents, featured FROM menu_items WHERE slug = 'hot-maple-flatbread'")).toEqual([
      { price_cents: 1600, featured: true },
    ]);
  });

  it("loses no update when different items are changed at the same time", async () => {
    const ids = (await readMenu()).slice(0, 8).map((item) => item.id);
    await Promise.all(ids.map((id) => updateMenuItem(id, (item) => ({ ...item, inStock: false }))));
    const after = await readMenu();
    expect(after.filter((item) => ids.includes(item.id)).every((item) => !item.inStock)).toBe(true);
    expect(await testDatabase().count("menu_items", "id = ANY($1) AND NOT in_stock", [ids])).toBe(ids.length);
  });

  it("skips a corrupt stored item and answers with the rest", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // A row the database accepts but the menu's rules refuse: an empty name.
    const [first] = await testDatabase().rows<{ id: number }>("SELECT id FROM menu_items ORDER BY position, id LIMIT 1");
    await testDatabase().rows("UPDATE menu_items SET name = '' WHERE id = $1", [first!.id]);
    const items = await readMenu();
    expect(items).toHaveLength(contentMenu.length - 1);
    expect(items.some((item) => item.id === first!.id)).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
