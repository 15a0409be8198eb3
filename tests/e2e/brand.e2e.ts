// The brand on a phone (390x844), in English and Spanish: a solid header with the wordmark and the way to
// the account on every page, the brand's own typefaces served by the site, its controls (no browser blue),
// a full menu that says only what a diner must know and draws no clip art, pages that show the owner's
// photos or none (the home page, its gallery, a neighbourhood), a chip that leaves its heading in view,
// and the Spanish order page at its Spanish address. Axe finds nothing. The typefaces cost each public page
// its two preloaded files and nothing of the fonts' whole files (a page that wrote an "@" or a "Á" in the
// text would fetch @fontsource's 20 KB latin file too, before its first paint).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { MOBILE, launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";

// Saturday 11:00 in Miami: brunch is served.
const SATURDAY_11H = "2026-11-21T16:00:00Z";
/** The brand's paprika (theme.css --color-brand-600) as the browser computes it. */
const PAPRIKA = "rgb(154, 52, 18)";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_11H }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function phone(path: string, storage: Record<string, string> = {}): Promise<{ page: Page; requests: string[] }> {
  const context = await offlineContext(browser, MOBILE);
  await context.clock.setFixedTime(new Date(SATURDAY_11H));
  await context.addInitScript((entries) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(key, value)), storage);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  const response = await page.goto(`${site.url}${path}`);
  expect(response?.status(), path).toBe(200);
  return { page, requests };
}

/** A one-dish cart as the cart store keeps it: the checkout sends a visitor without one back to the menu. */
const CART = { "jealous-fork-cart": JSON.stringify({ items: [{ id: 1, name: "Hot Maple Flatbread", price: 1600, category: "starters", description: "", quantity: 1, section: "jealous-fork", inStock: true }], deliveryFee: 0 }) };

const LANGUAGES = [
  { locale: "English", prefix: "", signIn: "Sign in", account: "/account", menu: "/full-menu" },
  { locale: "Spanish", prefix: "/es", signIn: "Iniciar sesión", account: "/es/cuenta", menu: "/es/full-menu" },
] as const;

describe.each(LANGUAGES)("the brand on a phone in $locale", (words) => {
  it("heads every page with a solid bar: the wordmark home, and a person that signs in to the account", async () => {
    for (const path of [words.prefix || "/", words.menu, `${words.prefix}/privacy`, `${words.prefix}/checkout`]) {
      const { page } = await phone(path, CART);
      const header = page.locator("site-header header");
      expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor), path).toBe("rgb(255, 255, 255)");
      expect(await header.getByRole("link", { name: "Jealous Fork" }).count(), path).toBe(1);
      const account = header.getByRole("link", { name: words.signIn });
      expect(await account.getAttribute("href"), path).toBe(words.account);
      expect(await account.isVisible(), path).toBe(true);
      await page.context().close();
    }
  });

  it("sets its words in the brand's two typefaces, served by the site itself, and ticks in paprika", async () => {
    const { page, requests } = await phone(words.menu);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => [document.fonts.check("700 1em Fraunces"), document.fonts.check("400 1em Figtree")])).toEqual([true, true]);
    expect(await page.getByRole("heading", { level: 1 }).evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^Fraunces/);
    expect(requests.filter((path) => path.endsWith(".woff2")).every((path) => path.startsWith("/_astro/"))).toBe(true);
    expect(await page.locator("#order-for").evaluate((select) => [getComputedStyle(select).appearance, getComputedStyle(select).accentColor])).toEqual(["none", PAPRIKA]);
    await page.context().close();
  });

  it("shows a dish's card with only what a diner must know, and no picture where the owner has no photo", async () => {
    const { page, requests } = await phone(words.menu);
    await page.waitForSelector("full-menu[data-live]", { state: "attached" });
    const rows = page.locator("full-menu article[data-id]");
    expect(await rows.count()).toBeGreaterThan(60);
    expect(await page.locator("full-menu").getByText(/^(Available|Disponible)$/).count()).toBe(0);
    expect(await page.locator("full-menu article img").count()).toBe(0);
    expect(requests.filter((path) => path.startsWith("/images/menu/"))).toEqual([]);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

/** Every layout in both languages: the home page and its anchors, the full menu, a dish, the legal pages,
 * catering, gift cards, feedback, the neighbourhoods, the account, the checkout with a dish, the 404 page. */
const FONT_PAGES = {
  English: ["/", "/about", "/gallery", "/full-menu", "/menu/hot-maple-flatbread", "/privacy", "/terms", "/catering", "/catering/booking", "/gift-cards", "/feedback", "/near", "/near/sweetwater", "/account", "/checkout", "/no-such-page"],
  Spanish: ["/es", "/es/about", "/es/gallery", "/es/full-menu", "/es/menu/hot-maple-flatbread", "/es/privacy", "/es/terms", "/es/catering", "/es/catering/booking", "/es/tarjetas-de-regalo", "/es/feedback", "/es/near", "/es/near/sweetwater", "/es/cuenta", "/es/checkout", "/es/no-such-page"],
};
/** The two preloaded files, as the build names them. */
const CORE_FONT_FILES = [/^\/_astro\/figtree-core-wght-normal\.[\w-]+\.woff2$/, /^\/_astro\/fraunces-core-700-normal\.[\w-]+\.woff2$/];

describe.each(Object.entries(FONT_PAGES))("the brand's fonts in %s", (_locale, paths) => {
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
      expect([...fonts].filter((file) => !CORE_FONT_FILES.some((core) => core.test(file))), path).toEqual([]);
      expect(fonts.size, path).toBe(2);
    }
  });
});

/** A wordmark file as the build names it: the only pictures a page shows until the owner gives photos. */
const WORDMARK = /^\/_astro\/jealous-(fork|burger)(-light)?\.[\w-]+\.svg$/;

describe("pictures: the owner's photos, or none", () => {
  it("draws nothing on the home page, its gallery and a neighbourhood page: every picture is a wordmark", async () => {
    for (const path of ["/", "/es/gallery", "/near/south-beach"]) {
      const { page } = await phone(path);
      const pictures = await page.locator("img").evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname));
      expect(pictures.filter((src) => !WORDMARK.test(src)), path).toEqual([]);
      await page.context().close();
    }
    const { page } = await phone("/");
    const hero = page.getByRole("region", { name: "Jealous Fork", exact: true });
    expect(await hero.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await hero.getByRole("link", { name: "Order pickup or delivery" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows the photo the owner chose for the hero and the story, from the console's slots", async () => {
    const context = await offlineContext(browser, MOBILE);
    // The site's own file stands in for the image CDN's answer: any picture the browser can load.
    const photo = "/favicon.svg?owner-hero";
    await context.route(/\/api\/(banners|gallery)$/, (route) =>
      route.fulfill({
        json: route.request().url().endsWith("banners") ? { banners: [{ id: "hero", title: "Home hero", imageUrl: "/api/images/owner-hero", displayUrl: photo }] } : { images: [{ id: "about-2", title: "Our dining room", imageUrl: "/api/images/room", displayUrl: "/favicon.svg?room" }] },
      }),
    );
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    // Decorative behind the hero's words (no name to find it by): the hero's one picture.
    const heroPicture = page.getByRole("region", { name: "Jealous Fork", exact: true }).locator("img");
    await heroPicture.waitFor({ state: "attached" });
    expect(await heroPicture.getAttribute("src")).toBe(photo);
    await page.getByRole("img", { name: "Our dining room" }).waitFor();
    await context.close();
  });
});

describe("the full menu's chips", () => {
  it("bring a category's heading into view below the sticky chips, never behind them", async () => {
    const { page } = await phone("/full-menu");
    await page.getByRole("navigation", { name: "Menu sections" }).getByRole("link", { name: "Pancakes" }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const chips = document.querySelector(".menu-nav")!.getBoundingClientRect();
          const heading = document.querySelector("#jealous-fork-pancakes h3")!.getBoundingClientRect();
          return Math.round(heading.top) >= Math.round(chips.bottom) && heading.top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    await page.context().close();
  });
});

describe("the Spanish order page", () => {
  it("lives at /es/confirmacion-de-pedido/{id}; the old address answers a permanent redirect there", async () => {
    const res = await fetch(`${site.url}/es/order-confirmation/AAAAAAAAAAAAAAAAAAAAAA`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([301, "/es/confirmacion-de-pedido/AAAAAAAAAAAAAAAAAAAAAA"]);
  });
});
