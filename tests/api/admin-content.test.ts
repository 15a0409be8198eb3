// What the admin console changes: stock and featured flags (concurrently, without losing one),
// menu pictures, locations with unique slugs (edited at once, one writer's whole edit wins), and the banner and gallery pictures of the home page.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import featuredItem from "../../netlify/functions/featured-item.mts";
import adminMenuItems from "../../netlify/functions/admin-menu-items.mts";
import adminLocations from "../../netlify/functions/admin-locations.mts";
// Banners and gallery are one function, told apart by the path.
import adminImageSlots from "../../netlify/functions/admin-image-slots.mts";
import siteImages from "../../netlify/functions/site-images.mts";
import { readMenu } from "../../src/server/content/menu";
import { adminHeaders } from "../support/admin";

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await adminHeaders();
});

const UPLOADED = "/api/images/3f0c1d2e-4b5a-4c6d-8e7f-901234567890";

describe("stock and featured flags", () => {
  it("loses no update when stock is toggled on many different items at the same time", async () => {
    const items = (await readMenu()).slice(0, 12);
    const answers = await Promise.all(
      items.map((item) =>
        call(featuredItem, `/api/featured-items/${item.id}/stock`, {
          method: "PATCH",
          body: { inStock: false },
          headers,
          params: { id: String(item.id) },
        }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(items.map(() => 200));
    const after = await readMenu();
    for (const item of items) expect(after.find((candidate) => candidate.id === item.id)?.inStock).toBe(false);
    expect(after.filter((item) => !items.some((changed) => changed.id === item.id)).every((item) => item.inStock)).toBe(true);
    expect(await testDatabase().count("menu_items", "NOT in_stock")).toBe(items.length);
  });

  it("takes 20 stock toggles of one item at once: each answer is 200 or 409, and the item and the menu stay whole", async () => {
    const before = await readMenu();
    const item = before[0];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(featuredItem, `/api/featured-items/${item!.id}/stock`, { method: "PATCH", body: { inStock: i % 2 === 0 }, headers, params: { id: String(item!.id) } }),
      ),
    );
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    const after = await readMenu();
    expect(after.map((entry) => entry.id)).toEqual(before.map((entry) => entry.id));
    expect(after.find((entry) => entry.id === item!.id)).toMatchObject({ name: item!.name, priceCents: item!.priceCents });
  });

  it("features and unfeatures an item, and answers 404 for an item that does not exist", async () => {
    const on = await call(featuredItem, "/api/featured-items/5", { method: "POST", body: {}, headers, params: { id: "5" } });
    expect(await jsonOf(on)).toMatchObject({ id: 5, featured: true });
    const off = await call(featuredItem, "/api/featured-items/5", { method: "DELETE", headers, params: { id: "5" } });
    expect(await jsonOf(off)).toMatchObject({ id: 5, featured: false });
    expect((await call(featuredItem, "/api/featured-items/99999", { method: "POST", body: {}, headers, params: { id: "99999" } })).status).toBe(404);
    expect((await call(featuredItem, "/api/featured-items/abc", { method: "POST", body: {}, headers, params: { id: "abc" } })).status).toBe(404);
  });

  it("refuses a stock change that is not a boolean", async () => {
    const res = await call(featuredItem, "/api/featured-items/5/stock", { method: "PATCH", body: { inStock: "no" }, headers, params: { id: "5" } });
    expect(res.status).toBe(400);
  });
});

describe("menu pictures", () => {
  it("sets an uploaded picture on an item and removes it again", async () => {
    const set = await call(adminMenuItems, "/api/admin/menu-items/4/image", { method: "PATCH", body: { imageUrl: UPLOADED }, headers, params: { id: "4" } });
    expect(await jsonOf(set)).toEqual({ imageUrl: UPLOADED });
    expect((await readMenu()).find((item) => item.id === 4)?.image).toBe(UPLOADED);
    const removed = await call(adminMenuItems, "/api/admin/menu-items/4/image", { method: "DELETE", headers, params: { id: "4" } });
    expect(await jsonOf(removed)).toEqual({ imageUrl: null });
    expect(await testDatabase().rows("SELECT image FROM menu_items WHERE id = 4")).toEqual([{ image: null }]);
  });

  it("refuses a picture URL that is not ours, a site image or https", async () => {
    for (const imageUrl of ["javascript:alert(1)", "http://example.com/x.png", "//evil.example/x.png", "/images/../admin"]) {
      const res = await call(adminMenuItems, "/api/admin/menu-items/4/image", { method: "PATCH", body: { imageUrl }, headers, params: { id: "4" } });
      expect(res.status, imageUrl).toBe(400);
    }
  });
});

describe("locations", () => {
  it("starts with the main location", async () => {
    const { locations } = await jsonOf(await call(adminLocations, "/api/admin/locations", { headers }));
    expect(locations).toEqual([expect.objectContaining({ id: "main", slug: "miami", isMainLocation: true, city: "Miami" })]);
  });

  it("creates a location, and requires a name and a slug", async () => {
    const created = await call(adminLocations, "/api/admin/locations", { body: { name: "Jealous Fork Brickell", slug: "brickell", city: "Miami" }, headers });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "Jealous Fork Brickell", slug: "brickell", isActive: true, imageUrl: null });
    expect(await testDatabase().rows("SELECT name, city, is_main_location FROM locations WHERE slug = 'brickell'")).toEqual([
      { name: "Jealous Fork Brickell", city: "Miami", is_main_location: false },
    ]);
    const noName = await call(adminLocations, "/api/admin/locations", { body: { name: " ", slug: "somewhere" }, headers });
    expect(noName.status).toBe(400);
    const noSlug = await call(adminLocations, "/api/admin/locations", { body: { name: "Somewhere" }, headers });
    expect(noSlug.status).toBe(400);
  });

  it("refuses a slug another location already uses (409), also when two ask at once", async () => {
    const duplicate = await call(adminLocations, "/api/admin/locations", { body: { name: "Again", slug: "brickell" }, headers });
    expect(duplicate.status).toBe(409);
    const racing = await Promise.all(
      [1, 2, 3].map((n) => call(adminLocations, "/api/admin/locations", { body: { name: `Grove ${n}`, slug: "coconut-grove" }, headers })),
    );
    expect(racing.map((res) => res.status).sort()).toEqual([201, 409, 409]);
    expect(await testDatabase().count("locations", "slug = 'coconut-grove'")).toBe(1);
  });

  it("keeps one writer's whole edit when 25 edit one location at once: each answer is 200 or 409", async () => {
    const created = await jsonOf(await call(adminLocations, "/api/admin/locations", { body: { name: "Jealous Fork Doral", slug: "doral" }, headers }));
    const params = { id: created.id };
    const edits = Array.from({ length: 25 }, (_, i) => ({ description: `edited by writer ${i}`, phone: `(305) 555-${1000 + i}` }));
    const answers = await Promise.all(
      edits.map((body) => call(adminLocations, `/api/admin/locations/${created.id}`, { method: "PATCH", body, headers, params })),
    );
    expect(answers.every((res) => res.status === 200 || res.status === 409)).toBe(true);
    const { locations } = await jsonOf(await call(adminLocations, "/api/admin/locations", { headers }));
    const final = locations.find((location: { id: string }) => location.id === created.id);
    // The description and the phone of the same writer, one whose edit was accepted.
    const writer = edits.findIndex((edit) => edit.description === final.description);
    expect(writer).toBeGreaterThanOrEqual(0);
    expect(final.phone).toBe(edits[writer]!.phone);
    expect(answers[writer]!.status).toBe(200);
  });

  it("edits a location, its picture and hero picture; a changed slug frees the old one", async () => {
    const { locations } = await jsonOf(await call(adminLocations, "/api/admin/locations", { headers }));
    const brickell = locations.find((location: { slug: string }) => location.slug === "brickell");
    const params = { id: brickell.id };
    const edited = await call(adminLocations, `/api/admin/locations/${brickell.id}`, {
      method: "PATCH",
      body: { slug: "brickell-city", heroImageUrl: UPLOADED, phone: "(305) 555-0100" },
      headers,
      params,
    });
    expect(await jsonOf(edited)).toMatchObject({ slug: "brickell-city", heroImageUrl: UPLOADED, phone: "(305) 555-0100", name: "Jealous Fork Brickell" });
    const image = await call(adminLocations, `/api/admin/locations/${brickell.id}/image`, { method: "PATCH", body: { imageUrl: UPLOADED }, headers, params });
    expect(await jsonOf(image)).toEqual({ imageUrl: UPLOADED });
    const reuse = await call(adminLocations, "/api/admin/locations", { body: { name: "Old slug again", slug: "brickell" }, headers });
    expect(reuse.status).toBe(201);
    const clash = await call(adminLocations, `/api/admin/locations/${brickell.id}`, { method: "PATCH", body: { slug: "miami" }, headers, params });
    expect(clash.status).toBe(409);
    const missing = await call(adminLocations, "/api/admin/locations/nope", { method: "PATCH", body: { name: "X" }, headers, params: { id: "nope" } });
    expect(missing.status).toBe(404);
  });
});

describe("banners and gallery", () => {
  it("lists the slots, changes a picture, and the public list the home page reads shows it through the image CDN", async () => {
    const { banners } = await jsonOf(await call(adminImageSlots, "/api/admin/banners", { headers }));
    expect(banners.map((banner: { id: string }) => banner.id)).toEqual(["hero", "menu", "reservations"]);
    const set = await call(adminImageSlots, "/api/admin/banners/hero", { method: "PATCH", body: { imageUrl: UPLOADED }, headers, params: { id: "hero" } });
    expect(await jsonOf(set)).toMatchObject({ id: "hero", imageUrl: UPLOADED });
    const publicBanners = await call(siteImages, "/api/banners");
    expect(publicBanners.headers.get("netlify-cdn-cache-control")).toContain("s-maxage");
    const hero = (await jsonOf(publicBanners)).banners.find((banner: { id: string }) => banner.id === "hero");
    expect(hero).toEqual({
      id: "hero",
      title: "Home hero",
      imageUrl: UPLOADED,
      displayUrl: `/.netlify/images?url=${encodeURIComponent(UPLOADED)}&w=1600&fm=avif`,
    });

    const gallerySet = await call(adminImageSlots, "/api/admin/gallery/about-2", { method: "PATCH", body: { imageUrl: "/images/gallery/room.webp" }, headers, params: { id: "about-2" } });
    expect(gallerySet.status).toBe(200);
    const { images } = await jsonOf(await call(siteImages, "/api/gallery"));
    expect(images.find((entry: { id: string }) => entry.id === "about-2")).toMatchObject({ imageUrl: "/images/gallery/room.webp", displayUrl: "/images/gallery/room.webp" });
    expect(await testDatabase().rows("SELECT kind, slot_id, image_url FROM image_slots ORDER BY kind, slot_id")).toEqual([
      { kind: "banners", slot_id: "hero", image_url: UPLOADED },
      { kind: "gallery", slot_id: "about-2", image_url: "/images/gallery/room.webp" },
    ]);
    expect((await call(adminImageSlots, "/api/admin/gallery/nope", { method: "PATCH", body: { imageUrl: null }, headers, params: { id: "nope" } })).status).toBe(404);
  });
});
