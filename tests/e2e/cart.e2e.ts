import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import contentMenu from "../../content/menu.json";
import { contextAt, itemCard, openMenu, sectionBadge } from "./menuPage";

// The server and the browser both read Tuesday 10:00 in Miami: brunch and drinks open, burgers closed.
const TUESDAY_10H = "2026-11-17T10:00:00-05:00";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: TUESDAY_10H }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The navigation's cart button; its name carries the count ("Cart, 3 items"). */
function cartButton(page: Page) {
  return page.getByRole("button", { name: /^Cart, \d+ items?$/ });
}

async function cartCount(page: Page): Promise<number> {
  const name = (await cartButton(page).textContent()) ?? "";
  return Number(/Cart, (\d+)/.exec(name)?.[1] ?? NaN);
}

async function openSheet(page: Page) {
  await cartButton(page).click();
  const dialog = page.getByRole("dialog", { name: /^Your Order \(\d+ items?\)$/ });
  await dialog.waitFor();
  return dialog;
}

describe("the menu on Tuesday at 10:00 in Miami", () => {
  it("opens Jealous Fork and Beverages, and shows Jealous Burger closed until Friday 5 PM with buttons to pre-order for then", async () => {
    const context = await contextAt(browser, TUESDAY_10H);
    const page = await context.newPage();
    await openMenu(page, `${site.url}/full-menu`);
    expect(await sectionBadge(page, "Jealous Fork")).toBe("OPEN NOW");
    expect(await sectionBadge(page, "Jealous Burger")).toBe("Closed · opens Friday 5:00 PM");
    expect(await sectionBadge(page, "Beverages")).toBe("OPEN NOW");
    const burgers = page.getByRole("region", { name: "Jealous Burger", exact: true });
    const burgerCount = contentMenu.filter((item) => item.section === "jealous-burger").length;
    await expect(burgers.getByRole("button", { name: "Pre-order for Friday 5:00 PM", exact: true }).count()).resolves.toBe(burgerCount);
    await expect(itemCard(page, "Banana Walnut Pancakes").getByRole("button", { name: "Add to Cart" }).isEnabled()).resolves.toBe(true);
    await context.close();
  });
});

describe("the cart", () => {
  it("counts added dishes on the cart button and lists them in the sheet with prices and totals", async () => {
    const context = await contextAt(browser, TUESDAY_10H);
    const page = await context.newPage();
    await openMenu(page, `${site.url}/full-menu`);
    await expect.poll(() => cartCount(page)).toBe(0);
    const pancakes = itemCard(page, "Banana Walnut Pancakes").getByRole("button", { name: "Add to Cart" });
    await pancakes.click();
    await pancakes.click();
    await itemCard(page, "Bloody Mary").getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => cartCount(page)).toBe(3);

    const sheet = await openSheet(page);
    await expect(sheet.getByRole("heading", { name: "Your Order (3 items)" }).count()).resolves.toBe(1);
    // Focus moves into the sheet when it opens.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    const line = sheet.getByRole("listitem", { name: "Banana Walnut Pancakes" });
    await expect(line.getByText("$16.00 each").count()).resolves.toBe(1);
    await expect(line.getByText("$32.00", { exact: true }).count()).resolves.toBe(1);
    // 2 x 16.00 + 12.00 = 44.00; tax 7.5% = 3.30; total 47.30; no delivery fee line at 0.
    await expect(sheet.getByText("$44.00", { exact: true }).count()).resolves.toBe(1);
    await expect(sheet.getByText("Tax (7.5%)").count()).resolves.toBe(1);
    await expect(sheet.getByText("$3.30", { exact: true }).count()).resolves.toBe(1);
    await expect(sheet.getByText("$47.30", { exact: true }).count()).resolves.toBe(1);
    await expect(sheet.getByText("Delivery Fee").count()).resolves.toBe(0);

    // Escape closes the sheet and focus returns to the cart button.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => cartButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it("survives a reload and follows into a second tab", async () => {
    const context = await contextAt(browser, TUESDAY_10H);
    const first = await context.newPage();
    await openMenu(first, `${site.url}/full-menu`);
    await itemCard(first, "Chai Tea Latte").getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => cartCount(first)).toBe(1);

    await openMenu(first, `${site.url}/full-menu`);
    await expect.poll(() => cartCount(first)).toBe(1);

    const second = await context.newPage();
    await openMenu(second, `${site.url}/full-menu`);
    await expect.poll(() => cartCount(second)).toBe(1);
    // A change in the first tab shows in the second without a reload.
    await itemCard(first, "Dirty Chai").getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => cartCount(second)).toBe(2);
    const sheet = await openSheet(second);
    await expect(sheet.getByRole("listitem", { name: "Dirty Chai" }).count()).resolves.toBe(1);
    await context.close();
  });

  it("fetches the checkout while the sheet with dishes is open, so Proceed to Checkout opens that copy at once", async () => {
    const context = await contextAt(browser, TUESDAY_10H);
    const page = await context.newPage();
    // What Chromium's own preloading reports (its DevTools protocol) of the checkout fetched ahead.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Preload.enable");
    const checkoutAhead: string[] = [];
    const ready = new Promise<void>((resolve) =>
      devtools.on("Preload.prefetchStatusUpdated", (update) => {
        if (new URL(update.prefetchUrl).pathname !== "/checkout") return;
        checkoutAhead.push(update.prefetchStatus);
        if (update.status === "Ready") resolve();
      }),
    );
    await openMenu(page, `${site.url}/full-menu`);
    await itemCard(page, "Bloody Mary").getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => cartCount(page)).toBe(1);
    expect(checkoutAhead).toEqual([]);
    const sheet = await openSheet(page);
    await ready;
    await sheet.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole("heading", { name: "Checkout", exact: true }).waitFor();
    await expect.poll(() => checkoutAhead.at(-1)).toBe("PrefetchResponseUsed");
    await context.close();
  });

  it("removes a line whose quantity goes to 0, then shows the empty cart with checkout disabled", async () => {
    const context = await contextAt(browser, TUESDAY_10H);
    const page = await context.newPage();
    await openMenu(page, `${site.url}/full-menu`);
    await itemCard(page, "Salted Caramel Affogato").getByRole("button", { name: "Add to Cart" }).click();
    const sheet = await openSheet(page);
    await sheet.getByRole("button", { name: "Increase quantity of Salted Caramel Affogato" }).click();
    await expect.poll(() => sheet.getByRole("heading", { name: "Your Order (2 items)" }).count()).toBe(1);
    await sheet.getByRole("button", { name: "Decrease quantity of Salted Caramel Affogato" }).click();
    await sheet.getByRole("button", { name: "Decrease quantity of Salted Caramel Affogato" }).click();
    await expect.poll(() => sheet.getByRole("listitem", { name: "Salted Caramel Affogato" }).count()).toBe(0);
    await expect(sheet.getByText("Your cart is empty").count()).resolves.toBe(1);
    await expect(sheet.getByText("Add some delicious items to get started!").count()).resolves.toBe(1);
    await expect(sheet.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it("marks a line whose kitchen is closed now and holds Proceed to Checkout until the cart is pre-ordered for its opening, then goes to /checkout", async () => {
    const context = await contextAt(browser, TUESDAY_10H);
    // A burger left in the cart from Saturday night: Jealous Burger is closed on Tuesday morning.
    await context.addInitScript(() => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      const burger = { id: 33, name: "Jesse James", price: 1300, category: "burgers", description: "A burger", quantity: 1, section: "jealous-burger", inStock: true };
      localStorage.setItem("jealous-fork-cart", JSON.stringify({ items: [burger], deliveryFee: 0 }));
    });
    const page = await context.newPage();
    await openMenu(page, `${site.url}/full-menu`);
    const sheet = await openSheet(page);
    const line = sheet.getByRole("listitem", { name: "Jesse James" });
    await expect.poll(() => line.getByText(/Jealous Burger is closed now/).count()).toBe(1);
    await expect(sheet.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).resolves.toBe(true);
    await sheet.getByRole("button", { name: "Pre-order for Friday 5:00 PM" }).click();
    await sheet.getByText("Ordering for Friday 5:00 PM").waitFor();
    await sheet.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await context.close();
  });
});
