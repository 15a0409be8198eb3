// The brand's two typefaces cost each page two small files: every public page, in English and in Spanish,
// sets its words in the characters the two preloaded files hold, so a phone fetches those two and nothing
// of the fonts' whole files (a page that wrote an "@" or a "Á" in the text would fetch @fontsource's 20 KB
// latin file too, before its first paint). The set of pages covers each layout: the home page and its
// anchors, the full menu, a dish, the legal pages, catering, gift cards, feedback, the neighbourhoods,
// the account, the checkout with a dish, and the 404 page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { MOBILE, launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";

// Saturday 11:00 in Miami: brunch is served.
const SATURDAY_11H = "2026-11-21T16:00:00Z";
const CART = { "jealous-fork-cart": JSON.stringify({ items: [{ id: 1, name: "Hot Maple Flatbread", price: 1600, category: "starters", description: "", quantity: 1, section: "jealous-fork", inStock: true }], deliveryFee: 0 }) };

const ENGLISH = ["/", "/about", "/gallery", "/full-menu", "/menu/hot-maple-flatbread", "/privacy", "/terms", "/catering", "/catering/booking", "/gift-cards", "/feedback", "/near", "/near/sweetwater", "/account", "/checkout", "/no-such-page"];
const SPANISH = ["/es", "/es/about", "/es/gallery", "/es/full-menu", "/es/menu/hot-maple-flatbread", "/es/privacy", "/es/terms", "/es/catering", "/es/catering/booking", "/es/tarjetas-de-regalo", "/es/feedback", "/es/near", "/es/near/sweetwater", "/es/cuenta", "/es/checkout", "/es/no-such-page"];
/** The two preloaded files, as the build names them. */
const CORE_FILES = [/^\/_astro\/figtree-core-wght-normal\.[\w-]+\.woff2$/, /^\/_astro\/fraunces-core-700-normal\.[\w-]+\.woff2$/];

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_11H }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe.each([
  { locale: "English", paths: ENGLISH },
  { locale: "Spanish", paths: SPANISH },
])("the brand's fonts in $locale", ({ paths }) => {
  it("are the two preloaded files on every public page, and nothing of the whole font files", async () => {
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_11H));
    await context.addInitScript((entries) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(key, value)), CART);
    const fetched = new Map<string, Set<string>>();
    for (const path of paths) {
      const page = await context.newPage();
      const fonts = new Set<string>();
      page.on("request", (request) => {
        const file = new URL(request.url()).pathname;
        if (file.endsWith(".woff2")) fonts.add(file);
      });
      await page.goto(`${site.url}${path}`, { waitUntil: "load" });
      // Text the page's scripts write after the load (the clock, the menu's labels) asks for its glyphs too.
      await page.waitForTimeout(300);
      await page.evaluate(() => document.fonts.ready);
      fetched.set(path, fonts);
      await page.close();
    }
    await context.close();
    for (const [path, fonts] of fetched) {
      expect([...fonts].filter((file) => !CORE_FILES.some((core) => core.test(file))), path).toEqual([]);
      expect(fonts.size, path).toBe(2);
    }
  });
});
