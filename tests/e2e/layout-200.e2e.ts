// A phone with its text at 200%, upright (390 x 844) and on its side (844 x 390), in English and Spanish,
// against the production build with a three-dish cart: no public page is wider than the phone, the header
// keeps its language switch and cart on the screen, the quick actions' words are not cut off, on its side
// the fixed bars take at most a third of the height, and the cart's quantity buttons are reachable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectNoAxeViolations } from "../support/axe";
import { launchBrowser, offlineContext, MOBILE } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const UPRIGHT = { width: 390, height: 844 };
const ON_ITS_SIDE = { width: 844, height: 390 };
const PAGES = {
  en: ["/", "/full-menu", "/menu/key-lime-pie", "/gift-cards", "/checkout", "/account", "/about", "/privacy", "/near/south-beach"],
  es: ["/es", "/es/full-menu", "/es/menu/key-lime-pie", "/es/tarjetas-de-regalo", "/es/checkout", "/es/cuenta", "/es/about", "/es/privacy", "/es/near/south-beach"],
} as const;
const WORDS = {
  en: { switchName: /^Español:/, cart: /^Cart, 3 items$/, quick: "Quick actions", more: "Increase quantity of Hot Maple Flatbread", sheet: "Your Order (4 items)" },
  es: { switchName: /^English:/, cart: /^Carrito, 3 artículos$/, quick: "Acciones rápidas", more: "Aumentar la cantidad de Hot Maple Flatbread", sheet: "Tu pedido (4 artículos)" },
} as const;

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A phone of that size whose cart holds three dishes. */
async function phone(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await offlineContext(browser, { ...MOBILE, viewport });
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  const page = await context.newPage();
  await putCart(page, site.url);
  return { context, page };
}

/** Opens the page with the phone's text at 200% (Chromium's text scaling: a larger root font-size, as an inline style, which the site's policy allows). */
async function openAt200(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`, { waitUntil: "load" });
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%"));
  // The scripts started after the first paint have filled the page (prices, open states, the cart's count).
  await page.waitForLoadState("networkidle");
}

/** Nothing scrolls sideways: a wider page would make a phone zoom out, header and all. */
async function expectNoSidewaysScroll(page: Page, width: number, path: string): Promise<void> {
  const sizes = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: innerWidth }));
  expect(sizes, path).toEqual({ scroll: width, inner: width });
}

/** The control is on the screen, whole. */
function expectOnScreen(name: string, box: { x: number; y: number; width: number; height: number } | null, viewport: { width: number; height: number }) {
  expect(box, name).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(viewport.width);
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, name).toBeLessThanOrEqual(viewport.height);
}

/** The heights of the fixed bars with something to read or tap in them (header, quick actions, a lasting notice). */
function fixedBarHeights(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return getComputedStyle(element).position === "fixed" && !element.closest("[hidden]") && element.innerText.trim() !== "" && box.height > 0 && box.bottom > 0 && box.top < innerHeight && !element.parentElement?.closest("header, aside, live-notices");
      })
      .map((element) => ({ tag: element.tagName, height: Math.round(element.getBoundingClientRect().height) })),
  );
}

for (const lang of ["en", "es"] as const) {
  const words = WORDS[lang];
  describe(`with the phone's text at 200% (${lang})`, { timeout: 240_000 }, () => {
    for (const [orientation, viewport] of [["upright", UPRIGHT], ["on its side", ON_ITS_SIDE]] as const) {
      it(`no public page is wider than the phone, and the header keeps the language switch and the cart on the screen (${orientation})`, async () => {
        const { context, page } = await phone(viewport);
        for (const path of PAGES[lang]) {
          await openAt200(page, path);
          await expectNoSidewaysScroll(page, viewport.width, path);
          expectOnScreen(`${path}: language switch`, await page.getByRole("link", { name: words.switchName }).boundingBox(), viewport);
          expectOnScreen(`${path}: cart`, await page.getByRole("button", { name: words.cart }).boundingBox(), viewport);
          // The quick actions' words are whole on the screen, not cut off at its edge.
          const quick = page.getByRole("complementary", { name: words.quick });
          if (await quick.count()) {
            for (const link of await quick.getByRole("link").all()) {
              const clipped = await link.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().right > innerWidth + 0.5);
              expect(clipped, `${path}: ${await link.getAttribute("aria-label")}`).toBe(false);
            }
          }
          if (orientation === "on its side") {
            const bars = await fixedBarHeights(page);
            const total = bars.reduce((sum, bar) => sum + bar.height, 0);
            expect(total, `${path}: ${JSON.stringify(bars)}`).toBeLessThanOrEqual(viewport.height / 3);
          }
        }
        await context.close();
      });
    }

    it("on its side, the cart's quantity buttons are reachable and the page stays axe-clean", async () => {
      const { context, page } = await phone(ON_ITS_SIDE);
      await openAt200(page, PAGES[lang][1]);
      await page.getByRole("button", { name: words.cart }).click();
      const more = page.getByRole("button", { name: words.more });
      await more.scrollIntoViewIfNeeded();
      expectOnScreen(words.more, await more.boundingBox(), ON_ITS_SIDE);
      await more.click();
      await page.getByRole("dialog", { name: words.sheet }).waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    });
  });
}
