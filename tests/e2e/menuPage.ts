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
export async function openMenu(page: Page, url: string, timeout = 30_000): Promise<void> {
  await Promise.all([
    page.waitForResponse((res) => res.url().endsWith("/api/menu"), { timeout }),
    (async () => {
      await page.goto(url, { waitUntil: "domcontentloaded", timeout });
      await page.waitForSelector("full-menu[data-live]", { state: "attached", timeout });
    })(),
  ]);
}

/** The badge of a section: OPEN NOW, CLOSED, "Closed · opens 5:00 PM", "Open now · not at 5:00 PM" or "Ordering paused". */
export async function sectionBadge(page: Page, name: string): Promise<string> {
  const section = page.getByRole("region", { name, exact: true });
  // In the section's heading block: while ordering is paused the add buttons say "Ordering paused" too.
  return (await section.locator("header").getByText(/^(OPEN NOW|OPEN|CLOSED|Closed · opens .+|Open now · not at .+|Ordering paused)$/).textContent()) ?? "";
}

/** The item card with that dish's name. */
export function itemCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

/**
 * Adds a dish from the full menu as a diner does: taps its "Add to Cart" and waits for the menu to say it was
 * added. A tap made before the menu's scripts wake is kept and replayed once they do; a page left before
 * then would leave without it, as a diner who never saw "added" would.
 */
export async function addFromMenu(page: Page, name: string): Promise<void> {
  await itemCard(page, name).getByRole("button", { name: "Add to Cart" }).click();
  await page.getByText(`${name} added to your order`, { exact: true }).first().waitFor();
}
