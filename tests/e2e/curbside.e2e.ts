// A curbside diner on their phone, restaurant and browser clocks at Saturday noon in Miami: at checkout
// they choose curbside and describe the car (the limit is in the label; an empty description is asked
// for before the card form), pay, and on the order page (which says where to come, with directions) tap
// "I'm here", which the page then confirms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, offlineContext, MOBILE } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T17:00:00Z";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("curbside pickup", { timeout: 90_000 }, () => {
  it("takes the car at checkout and lets the diner say \"I'm here\" from the order page", async () => {
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    await putCart(page, site.url);
    await page.goto(`${site.url}/checkout`);
    await page.getByRole("heading", { name: "Checkout" }).waitFor();
    await page.getByLabel("Full Name").fill("Ana Pérez");
    await page.getByLabel("Email").fill("ana@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");

    await page.getByLabel("Curbside: bring it out to my car").check();
    const car = page.getByLabel("Your car: color, make, where you parked (up to 250 characters)");
    expect(await car.getAttribute("maxlength")).toBe("250");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("region", { name: /^Notifications/ }).getByText("Describe Your Car").waitFor();
    await car.fill("red Civic");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$[\d.]+ \(test\)$/ }).click();

    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    const curbside = page.getByRole("region", { name: "Curbside pickup" });
    await curbside.getByText("We bring it out to your car: red Civic.").waitFor();
    // Where to come, with directions, and what to tap there.
    await curbside.getByText("Come to 14417 SW 42nd St, Miami, FL 33175.").waitFor();
    expect(await curbside.getByRole("link", { name: "Directions" }).getAttribute("href")).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("14417 SW 42nd St, Miami, FL 33175")}`,
    );
    await curbside.getByText("When you park, tap \"I'm here\" on this page and we bring your order out to your car.").waitFor();
    await curbside.getByRole("button", { name: "I'm here" }).click();
    await curbside.getByText(/^We know you're here \(since 12:00 PM\)/).waitFor();
    await context.close();
  });
});
