import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { updateMenuItem } from "../../src/server/content/menu";
import contentMenu from "../../content/menu.json";
import { contextAt, itemCard, openMenu, sectionBadge } from "./menuPage";

// Each block runs the server and the browser at the same Miami instant (Tuesday 10:00 is in cart.e2e.ts).
const SATURDAY_18H = "2026-11-21T18:00:00-05:00";
const MONDAY_12H = "2026-11-16T12:00:00-05:00";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

function siteAt(clock: string): { site: () => RunningSite } {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ clock });
  });
  afterAll(() => site?.stop());
  return { site: () => site };
}

describe("the full menu on Saturday at 18:00 in Miami", () => {
  const { site } = siteAt(SATURDAY_18H);

  it("lists all three sections: Jealous Burger and Beverages OPEN NOW, Jealous Fork (9-15) closed until tomorrow 9 AM, and adding works", async () => {
    const context = await contextAt(browser, SATURDAY_18H);
    const page = await context.newPage();
    await openMenu(page, `${site().url}/full-menu`);

    expect(await sectionBadge(page, "Jealous Fork")).toBe("Closed · opens tomorrow 9:00 AM");
    expect(await sectionBadge(page, "Jealous Burger")).toBe("OPEN NOW");
    expect(await sectionBadge(page, "Beverages")).toBe("OPEN NOW");

    const burger = itemCard(page, "Jesse James");
    // A dish on sale says nothing more than its button: no "Available" pill.
    await expect(burger.getByRole("button", { name: "Add to Cart" }).isEnabled()).resolves.toBe(true);
    expect(await burger.getByText("Available", { exact: true }).count()).toBe(0);
    await burger.getByRole("button", { name: "Add to Cart" }).click();
    await burger.getByRole("button", { name: "Add to Cart" }).click();
    await itemCard(page, "Bloody Mary").getByRole("button", { name: "Add to Cart" }).click();
    await expect(itemCard(page, "Lobster Roll").getByRole("button", { name: "Pre-order for tomorrow 9:00 AM" }).isEnabled()).resolves.toBe(true);

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("jealous-fork-cart")))!);
    expect(stored.items.map((item: { name: string; quantity: number }) => [item.name, item.quantity])).toEqual([
      ["Jesse James", 2],
      ["Bloody Mary", 1],
    ]);
    expect(stored.items[0].price).toBe(1600);
    const hoursSummary = page.getByRole("region", { name: "Operating Hours" });
    await expect(hoursSummary.getByText("CLOSED MONDAYS").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("shows an out-of-stock item as Out of Stock with the button Unavailable", async () => {
    await updateMenuItem(35, (item) => ({ ...item, inStock: false })); // The Devil's Advocate
    try {
      const context = await contextAt(browser, SATURDAY_18H);
      const page = await context.newPage();
      await openMenu(page, `${site().url}/full-menu`);
      const card = itemCard(page, "The Devil's Advocate");
      await expect.poll(() => card.getByText("Out of Stock", { exact: true }).count()).toBe(1);
      const button = card.getByRole("button", { name: "Unavailable" });
      await expect(button.isDisabled()).resolves.toBe(true);
      await expect(itemCard(page, "La La Land").getByRole("button", { name: "Add to Cart" }).isEnabled()).resolves.toBe(true);
      await context.close();
    } finally {
      await updateMenuItem(35, (item) => ({ ...item, inStock: true }));
    }
  });

  it("brings the dish of /menu/{slug} into view", async () => {
    const context = await contextAt(browser, SATURDAY_18H);
    const page = await context.newPage();
    await openMenu(page, `${site().url}/menu/key-lime-pie`);
    const box = await itemCard(page, "Key Lime Pie").boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(viewport.height);
    await expect(page.title()).resolves.toContain("Key Lime Pie");
    await context.close();
  });

  it("lists the whole menu in the HTML, readable without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site().url}/menu`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("article").count()).resolves.toBe(contentMenu.length);
    await expect(page.getByRole("heading", { name: "Jealous Burger", exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole("region", { name: "Operating Hours" }).getByText("CLOSED MONDAYS").count()).resolves.toBe(1);
    await context.close();
  });
});

describe("the full menu on Monday in Miami", () => {
  const { site } = siteAt(MONDAY_12H);

  it("shows every section closed with when it opens, and every dish's button pre-orders for that time", async () => {
    const context = await contextAt(browser, MONDAY_12H);
    const page = await context.newPage();
    await openMenu(page, `${site().url}/full-menu`);
    expect(await sectionBadge(page, "Jealous Fork")).toBe("Closed · opens tomorrow 9:00 AM");
    expect(await sectionBadge(page, "Jealous Burger")).toBe("Closed · opens Friday 5:00 PM");
    expect(await sectionBadge(page, "Beverages")).toBe("Closed · opens tomorrow 9:00 AM");
    const preorders = page.getByRole("button", { name: /^Pre-order for / });
    await expect(preorders.count()).resolves.toBe(contentMenu.length);
    await expect(page.getByRole("button", { name: "Add to Cart" }).count()).resolves.toBe(0);
    await expect(preorders.first().isEnabled()).resolves.toBe(true);
    await context.close();
  });
});
