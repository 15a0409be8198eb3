// Shared steps of the menu and cart journeys: a browser context at a fixed Miami time, and page
// loads that wait until the full menu's script has applied the live answer.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { offlineContext } from "../support/browser";

/** A context whose clock reads `instant` (ISO 8601) on every Date.now(), timers still running. */
export async function contextAt(browser: Browser, instant: string): Promise<BrowserContext> {
  const context = await offlineContext(browser);
  await context.clock.setFixedTime(new Date(instant));
  return context;
}

/** Opens a menu page and waits for its script to load /api/menu and apply it (or its failure). */
export async function openMenu(page: Page, url: string, timeout = 90_000): Promise<void> {
  await Promise.all([
    page.waitForResponse((res) => res.url().endsWith("/api/menu"), { timeout }),
    (async () => {
      await page.goto(url, { waitUntil: "domcontentloaded", timeout });
      await page.waitForSelector("full-menu[data-live]", { state: "attached", timeout });
    })(),
  ]);
}

/**
 * Loads the full menu once in a throwaway context, and opens the cart sheet there: a fresh dev server
 * compiles the page and pre-bundles the browser's dependencies on first use (React arrives with the
 * sheet), which on a busy machine takes minutes and ends in a reload of the open pages.
 */
export async function warmUp(browser: Browser, siteUrl: string): Promise<void> {
  const context = await offlineContext(browser);
  try {
    const page = await context.newPage();
    await openMenu(page, `${siteUrl}/full-menu`, 280_000);
    const deadline = Date.now() + 280_000;
    // Until the sheet opens on a page the dev server no longer reloads.
    while (Date.now() < deadline) {
      await page.getByRole("button", { name: /^Cart, \d+ items?$/ }).click({ timeout: 60_000 });
      const opened = await page
        .getByRole("dialog")
        .waitFor({ timeout: 60_000 })
        .then(() => true)
        .catch(() => false);
      if (opened) break;
      await openMenu(page, `${siteUrl}/full-menu`, 280_000);
    }
  } finally {
    await context.close();
  }
}

/** The badge of a section: OPEN NOW or CLOSED. */
export async function sectionBadge(page: Page, name: string): Promise<string> {
  const section = page.getByRole("region", { name, exact: true });
  return (await section.getByText(/^(OPEN NOW|CLOSED)$/).textContent()) ?? "";
}

/** The item card with that dish's name. */
export function itemCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}
