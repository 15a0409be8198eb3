// Square in the admin console: the status labels, the connection test, and the catalogue sync
// against a fake Square serving a catalogue over several pages, keeping our own flags.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabase } from "../support/database";
import { databaseFaults } from "../support/databaseFaults";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { catalogueObjects, item, SQUARE_IMAGE_URL } from "../support/squareCatalogue";
import squareStatus from "../../netlify/functions/square-status.mts";
import testSquare from "../../netlify/functions/test-square.mts";
import squareSync from "../../netlify/functions/square-sync.mts";
import featuredItem from "../../netlify/functions/featured-item.mts";
import { readMenu } from "../../src/server/content/menu";
import { adminCookie } from "../support/admin";

let square: FakeSquare;
let cookie: string;
const SQUARE_ENV = ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL", "SQUARE_MAX_RETRIES", "SQUARE_TIMEOUT_SECONDS"];

/** The fake Square serves this very array: a test may change what the catalogue holds. */
const catalog = catalogueObjects();

function configureSquare() {
  Object.assign(process.env, {
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_MAX_RETRIES: "0",
    SQUARE_TIMEOUT_SECONDS: "1",
  });
}
function unconfigureSquare() {
  for (const name of SQUARE_ENV) delete process.env[name];
}

beforeAll(async () => {
  square = await startFakeSquare({ catalog, catalogPageSize: 3 });
  cookie = await adminCookie();
});
afterAll(async () => {
  unconfigureSquare();
  await square.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
  square.clearFaults();
  unconfigureSquare();
});

const get = (handler: typeof squareStatus, path: string) => call(handler, path, { headers: { cookie, origin: SITE_ORIGIN } });
const post = (handler: typeof squareStatus, path: string) => call(handler, path, { method: "POST", headers: { cookie, origin: SITE_ORIGIN } });

describe("Square status and connection test", () => {
  it("says 'Square Not Configured' without credentials, and sync answers 503 with a clear message", async () => {
    const status = await jsonOf(await get(squareStatus, "/api/square-status"));
    expect(status).toMatchObject({
      credentialsConfigured: false,
      serviceAvailable: false,
      apiWorking: false,
      environment: "sandbox",
      syncFrequency: "Hourly",
      locationCount: 0,
      status: "Square Not Configured",
    });
    expect(Date.parse(status.lastCheck)).not.toBeNaN();
    const sync = await post(squareSync, "/api/square/sync");
    expect(sync.status).toBe(503);
    expect(await sync.json()).toEqual({ success: false, error: expect.stringContaining("Square Not Configured") });
    expect(await jsonOf(await post(testSquare, "/api/test-square"))).toMatchObject({ success: false, locations: [] });
  });

  it("says 'Square API Connected' with the location count, and the test lists the locations", async () => {
    configureSquare();
    const status = await jsonOf(await get(squareStatus, "/api/square-status"));
    expect(status).toMatchObject({ credentialsConfigured: true, serviceAvailable: true, apiWorking: true, status: "Square API Connected", lastError: null });
    expect(status.locationCount).toBeGreaterThan(0);
    const test = await jsonOf(await post(testSquare, "/api/test-square"));
    expect(test).toMatchObject({ success: true, error: null });
    expect(test.locations[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
  });

  it("says 'Square API Error' when Square refuses the token, and 'Square Service Unavailable' when it is down", async () => {
    configureSquare();
    square.fault("GET /v2/locations", { status: 401, body: { errors: [{ category: "AUTHENTICATION_ERROR", code: "UNAUTHORIZED", detail: "bad token" }] } });
    const refused = await jsonOf(await get(squareStatus, "/api/square-status"));
    expect(refused).toMatchObject({ serviceAvailable: true, apiWorking: false, status: "Square API Error" });
    expect(refused.lastError).toContain("UNAUTHORIZED");
    square.fault("GET /v2/locations", { status: 503 });
    const down = await jsonOf(await get(squareStatus, "/api/square-status"));
    expect(down).toMatchObject({ serviceAvailable: false, apiWorking: false, status: "Square Service Unavailable" });
  });
});

describe("the catalogue sync", () => {
  it("reads every page and puts each item in its section with its price and picture", async () => {
    configureSquare();
    const res = await post(squareSync, "/api/square/sync");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, error: null, itemCount: 4, skipped: 1 });
    // 10 objects at 3 a page: the sync must have followed the cursor to the end.
    expect(square.requestsTo("GET", "/v2/catalog/list").length).toBeGreaterThanOrEqual(4);
    const menu = await readMenu();
    expect(menu.map((item) => item.name).sort()).toEqual(
      ["Honey Lavender Latte", "Hot Maple Flatbread", "Lemon Ricotta Pancakes", "The Classic Smash"].sort(),
    );
    const byName = Object.fromEntries(menu.map((item) => [item.name, item]));
    expect(byName["Lemon Ricotta Pancakes"]).toMatchObject({ section: "jealous-fork", category: "pancakes", priceCents: 1599, image: SQUARE_IMAGE_URL, squareId: "SQ-LEMON" });
    expect(byName["The Classic Smash"]).toMatchObject({ section: "jealous-burger", category: "burgers", priceCents: 1350 });
    expect(byName["Honey Lavender Latte"]).toMatchObject({ section: "beverages", category: "coffee", priceCents: 650 });
    // A dish we already had keeps its id (and so its cart and order history) and its featured flag.
    expect(byName["Hot Maple Flatbread"]).toMatchObject({ id: 1, featured: true, priceCents: 1700, squareVariationId: "SQ-FLATBREAD-regular" });
    // The dishes Square does not sell are rows no more.
    expect(await testDatabase().count("menu_items")).toBe(4);
  });

  it("keeps featured, stock and an uploaded picture through a second sync", async () => {
    configureSquare();
    await post(squareSync, "/api/square/sync");
    const lemon = (await readMenu()).find((item) => item.squareId === "SQ-LEMON")!;
    const latte = (await readMenu()).find((item) => item.squareId === "SQ-LATTE")!;
    const uploaded = "/api/images/3f0c1d2e-4b5a-4c6d-8e7f-901234567890";
    const headers = { cookie, origin: SITE_ORIGIN };
    const params = (id: number) => ({ id: String(id) });
    expect((await call(featuredItem, `/api/featured-items/${lemon.id}`, { method: "POST", body: {}, headers, params: params(lemon.id) })).status).toBe(200);
    expect((await call(featuredItem, `/api/featured-items/${lemon.id}/image`, { method: "PATCH", body: { imageUrl: uploaded }, headers, params: params(lemon.id) })).status).toBe(200);
    expect((await call(featuredItem, `/api/featured-items/${latte.id}/stock`, { method: "PATCH", body: { inStock: false }, headers, params: params(latte.id) })).status).toBe(200);

    const again = await post(squareSync, "/api/square/sync");
    expect(again.status).toBe(200);
    const after = Object.fromEntries((await readMenu()).map((item) => [item.squareId, item]));
    expect(after["SQ-LEMON"]).toMatchObject({ id: lemon.id, featured: true, image: uploaded, priceCents: 1599 });
    expect(after["SQ-LATTE"]).toMatchObject({ id: latte.id, inStock: false });
    expect(after["SQ-CLASSIC"]).toMatchObject({ featured: false, inStock: true });
  });

  it("never gives a new dish the id of a deleted one, so a stale cart cannot buy another dish", async () => {
    configureSquare();
    await post(squareSync, "/api/square/sync");
    const before = await readMenu();
    const highest = before.reduce((top, dish) => (dish.id > top.id ? dish : top));
    const saved = [...catalog];
    try {
      // In Square, the highest dish is deleted (a sync follows), then a new one is added (another sync).
      const gone = catalog.findIndex((object) => object.id === highest.squareId);
      expect(gone).toBeGreaterThanOrEqual(0);
      catalog.splice(gone, 1);
      expect((await post(squareSync, "/api/square/sync")).status).toBe(200);
      catalog.push(item("SQ-NEW", "Guava Cheese Pancakes", "CAT-PANCAKES", 1499));
      expect((await post(squareSync, "/api/square/sync")).status).toBe(200);
      const after = await readMenu();
      const added = after.find((dish) => dish.squareId === "SQ-NEW")!;
      expect(added.id).toBeGreaterThan(highest.id);
      expect(after.find((dish) => dish.id === highest.id)).toBeUndefined();
      // The highest id ever given is kept beside the menu, so it outlives the dish that had it.
      const [stored] = await testDatabase().rows<{ value: number }>("SELECT value FROM settings WHERE key = 'menu-highest-id'");
      expect(Number(stored!.value)).toBe(added.id);
    } finally {
      catalog.splice(0, catalog.length, ...saved);
    }
  });

  it("leaves the menu untouched and says why when Square fails while the catalogue is read", async () => {
    configureSquare();
    const before = await readMenu();
    square.fault("GET /v2/catalog/list", { status: 500 });
    const res = await post(squareSync, "/api/square/sync");
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, error: expect.stringContaining("Failed to sync with Square API") });
    expect(await readMenu()).toEqual(before);
  });

  it("leaves the menu untouched when the database fails half way through storing a sync", async () => {
    configureSquare();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const before = await readMenu();
    const saved = [...catalog];
    const faults = databaseFaults();
    try {
      catalog.push(item("SQ-HALF", "Half Stored Pancakes", "CAT-PANCAKES", 1299));
      // The old rows are deleted and the slugs parked before the first row is written: that write fails.
      faults.failWhen((text) => text.includes("INSERT INTO menu_items"));
      const res = await post(squareSync, "/api/square/sync");
      expect(res.status).toBeGreaterThanOrEqual(500);
      const body = await res.json();
      expect(body).toMatchObject({ error: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain("injected");
      expect(faults.failed()).toBeGreaterThan(0);
    } finally {
      faults.heal();
      catalog.splice(0, catalog.length, ...saved);
    }
    expect(await readMenu()).toEqual(before);
    expect(await testDatabase().count("menu_items", "slug LIKE 'moving-%'")).toBe(0);
  });
});
