// The site frame and the home page: navigation bar, mobile menu, section links, FAQ
// accordion, the 404 fallback, accessibility (axe), no-JavaScript rendering and the scripts it loads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeViolations } from "../support/axe";
import { DESKTOP, MOBILE, launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { SECURITY_HEADERS } from "../../src/domain/contentSecurityPolicy";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: "2026-11-21T15:00:00Z" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function open(path: string, options = DESKTOP): Promise<Page> {
  const context = await offlineContext(browser, options);
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`, { waitUntil: "load" });
  return page;
}

async function close(page: Page): Promise<void> {
  await page.context().close();
}

/** Alpha of the navigation bar's computed background colour: rgba(r, g, b, a) or oklab(l a b / a). */
function headerAlpha(page: Page): Promise<number> {
  return page.locator("header").first().evaluate((header) => {
    const color = getComputedStyle(header).backgroundColor;
    const slash = /\/\s*([\d.]+%?)\s*\)$/.exec(color);
    if (slash) return slash[1]!.endsWith("%") ? parseFloat(slash[1]!) / 100 : Number(slash[1]);
    const parts = /rgba\(([^)]+)\)/.exec(color)?.[1]?.split(",");
    return parts && parts.length === 4 ? Number(parts[3]) : 1;
  });
}

describe("the navigation bar", () => {
  it("is solid at the top of the page and stays solid once scrolled, never a tint over the page", async () => {
    const page = await open("/");
    await page.locator("site-header header").waitFor();
    expect(await headerAlpha(page)).toBe(1);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: "instant" }));
    await expect.poll(() => headerAlpha(page)).toBe(1);
    await close(page);
  });

  it("on a phone, the menu button opens the menu (Featured Items) and a choice closes it; Escape closes it too", async () => {
    const page = await open("/", MOBILE);
    await page.waitForFunction(() => customElements.get("site-header") !== undefined);
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect(nav.getByRole("link", { name: "Featured Items" }).isVisible()).resolves.toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await nav.getByRole("link", { name: "FAQ" }).click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#faq");
    await expect.poll(() => page.getByRole("heading", { name: "Frequently Asked Questions" }).isVisible()).toBe(true);

    await toggle.click();
    await expect(nav.getByRole("link", { name: "Featured Items" }).isVisible()).resolves.toBe(true);
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect(nav.getByRole("link", { name: "Featured Items" }).isVisible()).resolves.toBe(false);
    await close(page);
  });

  it("section links stay on the home page and scroll to the section", async () => {
    const page = await open("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Reviews" }).getAttribute("href")).toBe("#testimonials");
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect.poll(() => page.evaluate(() => location.pathname + location.hash)).toBe("/#contact");
    await expect.poll(() => page.getByRole("heading", { name: "Visit & Contact" }).isVisible()).toBe(true);
    await close(page);
  });

  it("from another page, section links go to the home page at that section (/#faq)", async () => {
    const from = (await fetch(`${site.url}/privacy`)).ok ? "/privacy" : "/full-menu";
    const page = await open(from);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL(`${site.url}/#faq`);
    await expect.poll(() => page.getByRole("heading", { name: "Frequently Asked Questions" }).isVisible()).toBe(true);
    await close(page);
  });
});

describe("the home page", () => {
  it("shows every section by its anchor, and several FAQ answers can be open at once", async () => {
    const page = await open("/");
    for (const id of ["home", "about", "menu", "testimonials", "faq", "contact", "reservations", "gallery"]) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    const faq = page.locator("#faq details");
    expect(await faq.count()).toBe(15);
    await faq.nth(0).locator("summary").click();
    await faq.nth(2).locator("summary").click();
    await faq.nth(4).locator("summary").click();
    expect(await page.locator("#faq details[open]").count()).toBe(3);
    await faq.nth(2).locator("summary").click();
    expect(await page.locator("#faq details[open]").count()).toBe(2);
    await close(page);
  });

  it("renders the hero and its heading without JavaScript, with reservation links to the provider", async () => {
    const context = await offlineContext(browser, { ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Jealous Fork");
    expect(await page.getByRole("link", { name: "View Menu" }).getAttribute("href")).toBe("#menu");
    expect(await page.getByRole("link", { name: "Make Reservation" }).getAttribute("href")).toMatch(/^https:\/\/resy\.com\//);
    await context.close();
  });

  it("loads no script before interaction beyond the frame's, and nothing from another host until asked", async () => {
    const context = await offlineContext(browser, MOBILE);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script" || !request.url().startsWith(site.url)) requested.push(request.url());
    });
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(request.url()));
    await page.goto(site.url, { waitUntil: "networkidle" });
    const foreign = requested.filter((url) => !url.startsWith(site.url) && !url.startsWith("data:"));
    expect(foreign, "third-party requests before interaction").toEqual([]);
    // No React before the cart sheet's first open: the contact form is HTML with a small script (no island,
    // no island runtime), and the featured cards are HTML with a few lines of script (FeaturedMenuBlock's).
    const ours = requested.map((url) => new URL(url).pathname);
    expect(ours.filter((path) => /react|jsx-runtime|client\.|FeaturedMenu(?!Block)|CartSheet/i.test(path)), ours.join("\n")).toEqual([]);
    expect(await page.locator("astro-island").count()).toBe(0);

    // The map and the Resy widget are requested only on the visitor's action.
    await page.getByRole("button", { name: "Show map" }).click();
    await expect.poll(() => page.locator('iframe[src^="https://www.google.com/"]').count()).toBe(1);

    // Resy's script: once, on the first touch of any Reserve button; blocked here, the links stay links.
    const widget = () => requested.filter((url) => url.startsWith("https://widgets.resy.com/")).length;
    expect(widget()).toBe(0);
    await page.getByRole("link", { name: "Make Reservation" }).hover();
    await page.getByRole("link", { name: "Reserve Your Table" }).hover();
    await expect.poll(widget).toBe(1);
    // It fails to load, as for a visitor whose blocker stops it (the journeys' browser reaches nothing outside).
    await expect.poll(() => failed.filter((url) => url.startsWith("https://widgets.resy.com/")).length).toBe(1);
    expect(await page.getByRole("link", { name: "Reserve Your Table" }).getAttribute("href")).toMatch(/^https:\/\/resy\.com\//);
    await context.close();
  });

  it("answers an unknown path with status 404, the home page's content and the site's security headers", async () => {
    const page = await (await offlineContext(browser)).newPage();
    const response = await page.goto(`${site.url}/no-such-page-here`);
    expect(response?.status()).toBe(404);
    const headers = await response!.allHeaders();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()], name).toBe(value);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(await page.getByText("Page not found.").count()).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Jealous Fork");
    expect(await page.locator("#faq details").count()).toBe(15);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await close(page);
  });

  it("/about and /gallery show the home page scrolled to their section", async () => {
    for (const [path, heading] of [["/about", "Our Story"], ["/gallery", "Gallery"]] as const) {
      const page = await open(path);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await expect.poll(() => page.getByRole("heading", { name: heading, exact: true }).isVisible()).toBe(true);
      await close(page);
    }
  });
});

describe("accessibility (axe-core)", () => {
  for (const [name, options] of [["desktop", DESKTOP], ["mobile", MOBILE]] as const) {
    it(`finds no violations on /, /about, /gallery, the menu pages and the 404 page, in English and in Spanish (${name})`, async () => {
      const report: string[] = [];
      const english = ["/", "/about", "/gallery", "/full-menu", "/menu/jealous-burger", "/no-such-page"];
      for (const path of [...english, ...english.map((path) => (path === "/" ? "/es" : `/es${path}`))]) {
        const page = await open(path, options);
        for (const violation of await axeViolations(page)) report.push(`${path}: ${violation}`);
        await close(page);
      }
      expect(report).toEqual([]);
      // Twelve pages, each loaded and swept by axe: a sweep's time, not a wait for anything.
    }, 150_000);
  }
});
