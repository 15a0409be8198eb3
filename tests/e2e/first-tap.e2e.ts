// A hungry visitor on a slow phone taps Add to Cart the moment the button shows, long before the
// page's scripts arrive: the tap must not be lost. And on a 390 px phone the Reserve and Call bar
// never sits over a field or an add button, and is absent where the page is about one order; on
// Lighthouse's 412 px phone a dish's page does not move when the clock relabels it.
// On the production build served as Netlify serves it: what hydrates
// when is what a visitor gets, not the dev server's one module per file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, MOBILE, offlineContext, slowRequests } from "../support/browser";
import { addFromMenu } from "./menuPage";
import { startSite, type RunningSite } from "../support/site";
import { CPU_SLOWDOWN, SLOW_4G } from "../../tools/bench/checkoutReady";

// Saturday 11:00 in Miami: Jealous Fork (brunch) is open.
const SATURDAY_11H = "2026-11-21T11:00:00-05:00";
// Monday 05:00 in Miami: both kitchens closed, so the page's script relabels what the build wrote.
const MONDAY_5H = "2026-11-23T05:00:00-05:00";
/** How long every script of the page is held back: far longer than a tap takes. */
const SCRIPT_DELAY_MS = 4000;

let browser: Browser;
let site: RunningSite | undefined;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_11H }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function phone(options: { slowScripts?: boolean; at?: string; width?: number } = {}) {
  const context = await offlineContext(browser, options.width ? { ...MOBILE, viewport: { width: options.width, height: 823 } } : MOBILE);
  await context.clock.setFixedTime(new Date(options.at ?? SATURDAY_11H));
  if (options.slowScripts) {
    await slowRequests(
      context,
      (url) => url.origin === site!.url && !url.pathname.startsWith("/api/"),
      SCRIPT_DELAY_MS,
      (request) => request.resourceType() === "script",
    );
  }
  return { context, page: await context.newPage() };
}

const cartLines = (page: Page) =>
  page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem("jealous-fork-cart") ?? '{"items":[]}') as { items: { name: string; quantity: number }[] };
    return cart.items.map((item) => `${item.name} x${item.quantity}`);
  });

/** Whether a tap at the middle of the element reaches it (nothing fixed lies on top). */
const reachable = (page: Page, name: string, role: "button" | "textbox") =>
  page.getByRole(role, { name, exact: true }).first().evaluate((element) => {
    element.scrollIntoView({ block: "nearest", behavior: "instant" });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });

describe("a tap made before the page's scripts arrive", () => {
  it("puts the featured dish in the cart, stays on the page, and a full-menu tap counts too", async () => {
    const { context, page } = await phone({ slowScripts: true });
    await page.goto(site!.url, { waitUntil: "commit" });
    const featured = page.getByRole("article", { name: "Hot Maple Flatbread" }).getByRole("button", { name: "Add to Cart" });
    await featured.waitFor({ state: "visible", timeout: 60_000 });
    // Proof that the tap comes first: no module of the page has run yet.
    expect(await page.evaluate(() => typeof (window as { __jfAdd?: unknown }).__jfAdd)).toBe("undefined");
    await featured.click();
    await expect.poll(() => cartLines(page), { timeout: 60_000 }).toEqual(["Hot Maple Flatbread x1"]);
    // The diner stays where they tapped: the card says it was added.
    expect(new URL(page.url()).pathname).toBe("/");
    // "commit": the page's own scripts are still on their way when the next tap comes.
    await page.goto(`${site!.url}/full-menu`, { timeout: 60_000, waitUntil: "commit" });

    const add = page.getByRole("article", { name: "Double Yolk Egg Jar", exact: true }).getByRole("button", { name: "Add to Cart" });
    await add.waitFor({ state: "visible", timeout: 60_000 });
    expect(await page.evaluate(() => typeof (window as { __jfAdd?: unknown }).__jfAdd)).toBe("undefined");
    await add.click();
    await expect.poll(() => cartLines(page), { timeout: 30_000 }).toEqual(["Hot Maple Flatbread x1", "Double Yolk Egg Jar x1"]);
    // The navigation's badge agrees once its script is there.
    await expect.poll(() => page.getByRole("button", { name: "Cart, 2 items" }).count(), { timeout: 30_000 }).toBe(1);
    await context.close();
  });
});

describe("on a 390 px phone, nothing covers an action", () => {
  it("leaves every Add to Cart of the full menu reachable beside the Reserve and Call bar", async () => {
    const { context, page } = await phone();
    await page.goto(`${site!.url}/full-menu`);
    await page.waitForSelector("full-menu[data-live]", { timeout: 90_000 });
    expect(await page.getByRole("complementary", { name: "Quick actions" }).isVisible()).toBe(true);
    const buttons = page.locator("full-menu article button");
    const count = await buttons.count();
    expect(count).toBeGreaterThan(50);
    const covered: string[] = [];
    for (let index = 0; index < count; index += 7) {
      const ok = await buttons.nth(index).evaluate((element) => {
        // As far down the screen as the page lets it go: right above the bar.
        element.scrollIntoView({ block: "end", behavior: "instant" });
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.bottom - 2);
        return hit === element || element.contains(hit);
      });
      if (!ok) covered.push(await buttons.nth(index).evaluate((element) => element.closest("article")?.id ?? "?"));
    }
    expect(covered).toEqual([]);
    // The end of the page is reachable too: the footer's last link is not under the bar.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
    const last = await page.getByRole("contentinfo").getByRole("link").last().evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit === element || element.contains(hit);
    });
    expect(last).toBe(true);
    await context.close();
  });

  it("shows no Reserve and Call bar on checkout, where the Phone field and Continue to Payment stay free", async () => {
    const { context, page } = await phone();
    await page.goto(`${site!.url}/full-menu`);
    await page.waitForSelector("full-menu[data-live]", { timeout: 90_000 });
    await addFromMenu(page, "Hot Maple Flatbread");
    await page.goto(`${site!.url}/checkout`);
    await page.getByRole("button", { name: "Continue to Payment" }).waitFor({ timeout: 90_000 });
    expect(await page.getByRole("complementary", { name: "Quick actions" }).count()).toBe(0);
    expect(await reachable(page, "Phone", "textbox")).toBe(true);
    expect(await reachable(page, "Continue to Payment", "button")).toBe(true);
    await context.close();
  });
});

// 412 px, Lighthouse's phone: there an empty badge fitted beside a kitchen's name and "Add to Cart" beside a
// dish's labels, and their longer live words did not.
describe("a dish's page on a 412 px phone while both kitchens are closed", () => {
  for (const [path, preorder] of [["/menu/key-lime-pie", /^Pre-order for/], ["/es/menu/key-lime-pie", /^Pedir para/]] as const) {
    it(`does not move as the clock relabels its buttons and kitchens (${path})`, async () => {
      const { context, page } = await phone({ at: MONDAY_5H, width: 412 });
      // Lighthouse's slow phone: the live words land well after the first paint, as a diner on a bus sees them.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.addInitScript(() => {
        const shifts = ((window as { __shifts?: number[] }).__shifts = [] as number[]);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`${site!.url}${path}`);
      await page.waitForSelector("full-menu[data-live]", { timeout: 90_000 });
      await expect.poll(() => page.getByRole("button", { name: preorder }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // Two frames, so the relabelled layout has been painted and measured.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = await page.evaluate(() => (window as { __shifts?: number[] }).__shifts ?? []);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.001);
      await context.close();
    });
  }
});
