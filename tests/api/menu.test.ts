import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalBlobs, type LocalBlobs } from "../support/blobs";
import { call, jsonOf } from "../support/functions";
import menuFunction, { config as menuConfig } from "../../netlify/functions/menu.mts";
import featuredFunction, { config as featuredConfig } from "../../netlify/functions/featured-items.mts";
import { readMenu, updateMenuItem } from "../../src/server/content/menu";
import { testDatabase } from "../support/database";
import { databaseFaults } from "../support/databaseFaults";
import { purgeMenuCache } from "../../src/server/platform/cdnCache";
import type { FeaturedAnswer, MenuAnswer } from "../../src/domain/menuReadModel";
import contentMenu from "../../content/menu.json";
import { setRestaurantClock } from "../support/clock";

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(() => blobs.stop());
afterEach(() => {
  setRestaurantClock(undefined);
  vi.restoreAllMocks();
});

const SATURDAY_18H = "2026-11-21T18:00:00-05:00";
const TUESDAY_10H = "2026-11-17T10:00:00-05:00";
const MONDAY_12H = "2026-11-16T12:00:00-05:00";

async function getMenu(clock = SATURDAY_18H): Promise<{ res: Response; body: MenuAnswer }> {
  setRestaurantClock(clock);
  const res = await call(menuFunction, "/api/menu");
  return { res, body: await jsonOf<MenuAnswer>(res) };
}

async function getFeatured(): Promise<{ res: Response; body: FeaturedAnswer }> {
  setRestaurantClock(SATURDAY_18H);
  const res = await call(featuredFunction, "/api/featured-items");
  return { res, body: await jsonOf<FeaturedAnswer>(res) };
}

describe("GET /api/menu", () => {
  it("answers the whole menu seeded from content, grouped in three sections, prices in dollars", async () => {
    const { res, body } = await getMenu();
    expect(res.status).toBe(200);
    expect(body.sections.map((section) => section.id)).toEqual(["jealous-fork", "jealous-burger", "beverages"]);
    expect(body.sections.map((section) => section.name)).toEqual(["Jealous Fork", "Jealous Burger", "Beverages"]);
    expect(body.sections.flatMap((section) => section.items)).toHaveLength(contentMenu.length);
    const beer = body.sections[2]!.items.find((item) => item.slug === "26-thirst-control-pils");
    expect(beer).toEqual({
      id: 67,
      localId: 67,
      squareId: null,
      slug: "26-thirst-control-pils",
      name: "26° Thirst Control Pils",
      description: expect.any(String),
      price: 8.75,
      priceCents: 875,
      category: "beer",
      section: "beverages",
      // No photo of the owner's yet: no picture at all, never a drawing.
      image: null,
      imageUrl: null,
      inStock: true,
      isAvailable: true,
      isFeatured: false,
      stockLevel: "in_stock",
      optionGroups: [],
      // A pils is brewed from barley: its description names what it contains, and nothing it is free of.
      dietary: ["contains-gluten"],
    });
    expect(await testDatabase().count("menu_items")).toBe(contentMenu.length);
  });

  it("gives a dish its option groups as diners see them (hidden options left out) and its dietary labels", async () => {
    const { body } = await getMenu();
    const burger = body.sections[0]!.items.find((item) => item.slug === "the-classic-burger")!;
    expect(burger.optionGroups.map((group) => [group.name, group.min, group.max, group.options.map((option) => option.id)])).toEqual([
      ["Temperature", 1, 1, ["rare", "medium-rare", "medium", "medium-well", "well-done"]],
      ["Add-ons", 0, 4, ["bacon", "fried-egg", "avocado", "extra-cheese", "truffle-aioli", "foie-gras"]],
    ]);
    expect(burger.optionGroups[1]!.options.find((option) => option.id === "foie-gras")).toEqual({
      id: "foie-gras",
      name: "Seared foie gras",
      price: 1200,
      soldOut: true,
    });
    const salad = body.sections[0]!.items.find((item) => item.slug === "jealous-fork-salad")!;
    // Its shaved Parmigiano is dairy: not vegan, whatever the menu once said.
    expect(salad.dietary).toEqual(["gluten-free-option", "contains-dairy"]);
    expect(await testDatabase().rows("SELECT jsonb_array_length(option_groups) AS groups FROM menu_items WHERE id = 21")).toEqual([{ groups: 2 }]);
  });

  it("gives each section its days and hours", async () => {
    const { body } = await getMenu();
    expect(body.sections.map(({ days, hours }) => ({ days, hours }))).toEqual([
      { days: "Tuesday - Sunday", hours: "9AM - 3PM" },
      { days: "Friday & Saturday", hours: "5PM - 9PM" },
      { days: "Tuesday - Sunday", hours: "During open hours" },
    ]);
  });

  it.each([
    ["Saturday 18:00", SATURDAY_18H, [false, true, true]],
    ["Tuesday 10:00", TUESDAY_10H, [true, false, true]],
    ["Monday noon", MONDAY_12H, [false, false, false]],
  ])("follows RESTAURANT_CLOCK for the open state: %s", async (_, clock, open) => {
    const { body } = await getMenu(clock);
    expect(body.now).toBe(new Date(clock).toISOString());
    expect(body.timeZone).toBe("America/New_York");
    expect(body.sections.map((section) => section.isOpen)).toEqual(open);
    body.sections.forEach((section, index) => {
      expect(section.items.every((item) => item.isAvailable === (open[index]! && item.inStock))).toBe(true);
    });
  });

  it("shows a stock change: the item is out of stock and not available", async () => {
    await updateMenuItem(44, (item) => ({ ...item, inStock: false }));
    const { body } = await getMenu();
    expect(body.sections[2]!.items.find((item) => item.id === 44)).toMatchObject({
      inStock: false,
      isAvailable: false,
      stockLevel: "out_of_stock",
    });
    await updateMenuItem(44, (item) => ({ ...item, inStock: true }));
  });

  it("lets the CDN cache it briefly, tagged menu, while browsers revalidate", async () => {
    const { res } = await getMenu();
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("netlify-cdn-cache-control")).toBe("public, durable, s-maxage=30, stale-while-revalidate=60");
    expect(res.headers.get("netlify-cache-tag")).toBe("menu");
    expect(menuConfig.path).toBe("/api/menu");
  });

  it("answers from the valid items when a stored record is corrupt, and logs the rest", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const db = testDatabase();
    const [first, sixth] = await db.rows<{ id: number; slug: string }>("SELECT id, slug FROM menu_items ORDER BY position LIMIT 2 OFFSET 0");
    // Rows the database accepts but the menu's rules do not: a slug with spaces, an image path too long.
    await db.rows("UPDATE menu_items SET slug = 'Not A Slug' WHERE id = $1", [first!.id]);
    await db.rows("UPDATE menu_items SET image = repeat('x', 600) WHERE id = $1", [sixth!.id]);

    const { res, body } = await getMenu();
    expect(res.status).toBe(200);
    expect(body.sections.flatMap((section) => section.items)).toHaveLength(contentMenu.length - 2);
    expect(warn).toHaveBeenCalled();
    await db.rows("UPDATE menu_items SET slug = $2 WHERE id = $1", [first!.id, first!.slug]);
    // content/ gives no dish a picture: the dish goes back to none.
    await db.rows("UPDATE menu_items SET image = NULL WHERE id = $1", [sixth!.id]);
  });

  it("answers from content when the database cannot be read at all", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const faults = databaseFaults();
    faults.failWhen((text) => text.includes("FROM menu_items"));
    try {
      const { res, body } = await getMenu();
      expect(res.status).toBe(200);
      expect(body.sections.flatMap((section) => section.items)).toHaveLength(contentMenu.length);
      expect(faults.failed()).toBeGreaterThan(0);
    } finally {
      faults.heal();
    }
  });
});

describe("GET /api/featured-items", () => {
  it("answers { items } with the items flagged featured: six dishes priced 16 to 22", async () => {
    const { res, body } = await getFeatured();
    expect(res.status).toBe(200);
    expect(Object.keys(body)).toEqual(["items"]);
    expect(body.items.map((item) => item.id)).toEqual(contentMenu.filter((item) => item.featured).map((item) => item.id));
    expect(body.items).toHaveLength(6);
    expect(body.items.every((item) => item.isFeatured && item.price >= 16 && item.price <= 22)).toBe(true);
    expect(res.headers.get("netlify-cache-tag")).toBe("menu");
    expect(res.headers.get("netlify-cdn-cache-control")).toContain("s-maxage=30");
    expect(featuredConfig.path).toBe("/api/featured-items");
  });

  it("follows the featured flag of the menu item (single source)", async () => {
    await updateMenuItem(44, (item) => ({ ...item, featured: true, inStock: false }));
    const { body } = await getFeatured();
    expect(body.items.find((item) => item.id === 44)).toMatchObject({ isFeatured: true, inStock: false, stockLevel: "out_of_stock" });
    await updateMenuItem(44, (item) => ({ ...item, featured: false, inStock: true }));
  });

  it("answers an empty list when nothing is featured (the browser then shows its built-in list)", async () => {
    const featuredIds = (await readMenu()).filter((item) => item.featured).map((item) => item.id);
    for (const id of featuredIds) await updateMenuItem(id, (item) => ({ ...item, featured: false }));
    const { res, body } = await getFeatured();
    expect(res.status).toBe(200);
    expect(body).toEqual({ items: [] });
    for (const id of featuredIds) await updateMenuItem(id, (item) => ({ ...item, featured: true }));
  });

  it("keeps answering when a featured record is corrupt", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const db = testDatabase();
    await db.rows("UPDATE menu_items SET slug = 'hot maple flatbread' WHERE id = 1"); // the flatbread, featured
    const { res, body } = await getFeatured();
    expect(res.status).toBe(200);
    expect(body.items).toHaveLength(5);
    await db.rows("UPDATE menu_items SET slug = 'hot-maple-flatbread' WHERE id = 1");
  });
});

describe("purgeMenuCache", () => {
  it("skips without a Netlify site id or token and never throws", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    await expect(purgeMenuCache()).resolves.toBe(false);
  });

  it("logs a failed purge instead of throwing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    process.env.SITE_ID = "test-site";
    process.env.NETLIFY_PURGE_API_TOKEN = "test-token";
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("no", { status: 500 }));
    try {
      await expect(purgeMenuCache()).resolves.toBe(false);
      expect(fetchSpy).toHaveBeenCalledOnce();
      expect(error).toHaveBeenCalled();
    } finally {
      delete process.env.SITE_ID;
      delete process.env.NETLIFY_PURGE_API_TOKEN;
    }
  });
});
