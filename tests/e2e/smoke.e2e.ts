import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: "2026-11-21T23:00:00Z" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the site", () => {
  it("serves the home page", async () => {
    const context = await offlineContext(browser);
    const page = await context.newPage();
    await page.goto(site.url);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Jealous Fork");
    await context.close();
  });
});
