// Content pages in Chromium: the legal pages with their effective date and reservation rules, known
// and unknown neighbourhood pages, the sitemap, the JSON-LD they carry, and axe in both viewports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import areas from "../../content/areas.json";
import { expectNoAxeViolations } from "../support/axe";
import { DESKTOP, MOBILE, launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { localizedPath, pathWithoutLocale } from "../../src/domain/i18n/pagePaths";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: "2026-11-21T15:00:00Z" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function open(path: string, options: BrowserContextOptions = DESKTOP): Promise<Page> {
  const context = await offlineContext(browser, options);
  const page = await context.newPage();
  const response = await page.goto(`${site.url}${path}`);
  expect(response?.status(), path).toBe(200);
  return page;
}

async function jsonLd(page: Page): Promise<any[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

describe("the legal pages", () => {
  it("show the privacy policy, effective January 1, 2025, with its breadcrumb", async () => {
    const page = await open("/privacy");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Privacy Policy");
    await expect(page.getByText("Effective January 1, 2025").count()).resolves.toBe(1);
    await expect(page.getByText("never passes through or is stored on our servers").count()).resolves.toBe(1);
    const breadcrumb = (await jsonLd(page)).find((data) => data["@type"] === "BreadcrumbList");
    expect(breadcrumb.itemListElement.map((item: any) => item.name)).toEqual(["Home", "Privacy Policy"]);
    await page.context().close();
  });

  it("show the terms with the reservation rules", async () => {
    const page = await open("/terms");
    await expect(page.getByText("Effective January 1, 2025").count()).resolves.toBe(1);
    const text = (await page.locator("main").textContent()) ?? "";
    for (const rule of [
      "Parties of 8 or more:",
      "a deposit may be required to hold a table for parties of 6 or more",
      "we hold a reserved table for 15 minutes",
      "at least 2 hours ahead",
      "split checks for tables of 6 or fewer",
      "an automatic gratuity may be added for parties of 8 or more",
      "Delivery costs a flat $4.99",
    ]) {
      expect(text).toContain(rule);
    }
    expect(await page.title()).toBe("Terms of Service | Jealous Fork Miami");
    await page.context().close();
  });
});

describe("the neighbourhood pages", () => {
  it("show a known area's name, its own text, its ZIP codes and its structured data", async () => {
    const kendall = areas.find((area) => area.slug === "kendall")!;
    const page = await open("/near/kendall");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Kendall");
    await expect(page.getByText(kendall.description).count()).resolves.toBe(1);
    await expect(page.getByText(kendall.intro).count()).resolves.toBe(1);
    await expect(page.getByText(kendall.zipCodes.join(", ")).count()).resolves.toBe(1);
    await expect(page.locator('link[rel="canonical"]').getAttribute("href")).resolves.toMatch(/\/near\/kendall$/);
    const data = await jsonLd(page);
    const breadcrumb = data.find((entry) => entry["@type"] === "BreadcrumbList");
    expect(breadcrumb.itemListElement.map((item: any) => item.name)).toEqual(["Home", "Areas We Serve", "Kendall"]);
    const restaurant = data.find((entry) => entry["@type"] === "Restaurant");
    expect(restaurant.areaServed).toEqual([{ "@type": "Place", name: "Kendall" }]);
    expect(restaurant.aggregateRating.ratingValue).toBe(4.5);
    await page.context().close();
  });

  it("give each area its own title and description", async () => {
    const brickell = await open("/near/brickell");
    const kendall = await open("/near/kendall");
    expect(await brickell.title()).not.toBe(await kendall.title());
    const description = (page: Page) => page.locator('meta[name="description"]').getAttribute("content");
    expect(await description(brickell)).not.toBe(await description(kendall));
    await brickell.context().close();
    await kendall.context().close();
  });

  it("answer 404 for a neighbourhood we do not serve, or a path under /near that is none", async () => {
    expect((await fetch(`${site.url}/near/little-river`)).status).toBe(404);
    expect((await fetch(`${site.url}/near/little-river/extra`)).status).toBe(404);
  });
});

describe("the Spanish pages", () => {
  it("say they are Spanish, pair with their English page for search engines, and switch back to the same page", async () => {
    const page = await open("/es/near/kendall");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
    const alternate = (lang: string) => page.locator(`link[rel="alternate"][hreflang="${lang}"]`).getAttribute("href");
    expect(new URL((await alternate("en"))!).pathname).toBe("/near/kendall");
    expect(new URL((await alternate("es"))!).pathname).toBe("/es/near/kendall");
    expect(new URL((await alternate("x-default"))!).pathname).toBe("/near/kendall");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Brunch en Kendall");
    // Its own Spanish text, not the English page's.
    const spanishText = await page.locator("#about-area-heading + p").textContent();
    const english = await open("/near/kendall");
    expect(spanishText).not.toBe(await english.locator("#about-area-heading + p").textContent());
    await english.context().close();
    await page.getByRole("link", { name: "English: Leer esta página en inglés" }).click();
    await page.waitForURL(/\/near\/kendall$/);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    await page.context().close();
  });

  it("give the hours in Miami's Spanish", async () => {
    const page = await open("/es");
    await expect(page.getByText("martes a domingo, 9:00 a. m. - 3:00 p. m.").first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Menú completo" }).first().getAttribute("href")).resolves.toBe("/es/full-menu");
    await page.context().close();
  });

  it("describe the restaurant to search engines in Spanish, as the same restaurant as the English pages", async () => {
    const jsonLd = async (path: string) => {
      const page = await open(path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      await page.context().close();
      return blocks.flatMap((text) => JSON.parse(text) as Record<string, any>);
    };
    const [spanish, english] = await Promise.all([jsonLd("/es/about"), jsonLd("/about")]);
    const restaurant = (data: Record<string, any>[]) => data.find((entry) => entry["@type"] === "Restaurant")!;
    const crumbs = (data: Record<string, any>[]) => data.find((entry) => entry["@type"] === "BreadcrumbList")!.itemListElement.map((item: any) => item.name);
    expect(restaurant(spanish).description).toMatch(/ de martes a domingo/);
    expect(restaurant(spanish).description).not.toBe(restaurant(english).description);
    expect(new URL(restaurant(spanish).hasMenu.url).pathname).toBe("/es/full-menu");
    expect(restaurant(spanish)["@id"]).toBe(restaurant(english)["@id"]);
    expect(crumbs(spanish)[0]).toBe("Inicio");
    expect(crumbs(english)[0]).toBe("Home");
  });
});

describe("sitemap.xml", () => {
  it("lists every public page and every area with absolute URLs", async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("xml");
    const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const path of ["/", "/full-menu", "/menu/jealous-fork", "/privacy", "/terms", "/about", "/gallery"]) {
      expect(locs).toContain(path);
    }
    for (const area of areas) expect(locs).toContain(`/near/${area.slug}`);
    expect(locs).not.toContain("/checkout");
    expect(locs).not.toContain("/admin");
  });

  it("lists each page in Spanish too, every entry naming both languages and x-default as alternates", async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const pathOf = (href: string) => new URL(href).pathname;
    const byLoc = new Map(entries.map((entry) => [pathOf(/<loc>([^<]+)<\/loc>/.exec(entry)![1]!), entry]));
    for (const path of ["/es", "/es/full-menu", "/es/near/brickell", "/es/privacy"]) expect([...byLoc.keys()]).toContain(path);
    for (const [loc, entry] of byLoc) {
      const alternates = Object.fromEntries([...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, pathOf(m[2]!)]));
      // A Spanish page with an address of its own (/es/tarjetas-de-regalo) names its English twin by it.
      const english = pathWithoutLocale(loc);
      expect(alternates, loc).toEqual({ en: english, es: localizedPath("es", english), "x-default": english });
    }
  });
});

describe("accessibility", () => {
  for (const [viewport, options] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ] as const) {
    for (const path of ["/privacy", "/terms", "/near/coral-gables", "/es/near/coral-gables", "/near", "/es/terms"]) {
      it(`axe finds no violations on ${path} (${viewport})`, async () => {
        const page = await open(path, options);
        await expectNoAxeViolations(page);
        await page.context().close();
      });
    }
  }
});
