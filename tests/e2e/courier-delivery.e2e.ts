// A delivery by courier in Chromium against the production build: the diner chooses delivery, types
// an address, sees DoorDash's quoted fee in the total, pays with the test card, and watches the order
// page say "Driver on the way" with a tracking link after the fake DoorDash's notifications; a Continue
// pressed while a slow quote is still out waits for the newest one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, offlineContext, slowRequests } from "../support/browser";
import { courierSettings, WEBHOOK_AUTHORIZATION } from "../support/courierServices";
import { startFakeDoorDash, type FakeDoorDash } from "../support/fakeDoorDash";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";

const SATURDAY_NOON = "2026-11-21T17:00:00Z";

let site: RunningSite;
let browser: Browser;
let doordash: FakeDoorDash;
beforeAll(async () => {
  doordash = await startFakeDoorDash();
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON, env: courierSettings(doordash) }), launchBrowser()]);
  doordash.subscribe({
    authorization: WEBHOOK_AUTHORIZATION,
    deliver: (body, headers) => fetch(`${site.url}/api/couriers/doordash/webhooks`, { method: "POST", headers, body: JSON.stringify(body) }),
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await doordash?.stop();
});

async function checkoutWithCart(page: Page): Promise<void> {
  await putCart(page, site.url);
  await page.goto(`${site.url}/checkout`);
  await page.getByRole("heading", { name: "Checkout" }).waitFor();
}

/** Delivery chosen, the diner's details typed, and the address (the ZIP code last, as a diner types it). */
async function chooseDeliveryTo(page: Page, street: string, zipCode: string): Promise<void> {
  await page.getByLabel("Delivery").check();
  await page.getByLabel("Full Name").fill("Ana Pérez");
  await page.getByLabel("Email").fill("ana@example.com");
  await page.getByLabel("Phone").fill("(305) 555-0142");
  await page.getByLabel("Street Address").fill(street);
  await page.getByLabel("ZIP Code").fill(zipCode);
}

describe("delivery by DoorDash", () => {
  it("shows the quoted fee, charges it, and follows the driver on the order page", async () => {
    const context = await offlineContext(browser);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    await checkoutWithCart(page);
    await chooseDeliveryTo(page, "1200 SW 8th St", "33135");
    // DoorDash's $9.75 within 5 miles: $50.00 + $3.75 tax + $9.75.
    await page.getByRole("status").filter({ hasText: "Delivery by DoorDash: $9.75" }).waitFor();
    await page.getByTestId("checkout-total").filter({ hasText: "$63.50" }).waitFor();
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: "Pay $63.50 (test)" }).click();

    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    await page.getByRole("heading", { name: "Your DoorDash delivery" }).waitFor();
    expect(await page.getByTestId("order-total").textContent()).toBe("$63.50");
    const [externalId] = doordash.accepted();
    expect(externalId).toBeDefined();

    expect(await doordash.advance(externalId!, "DASHER_CONFIRMED")).toBe(200);
    expect(await doordash.advance(externalId!, "DASHER_PICKED_UP")).toBe(200);
    // The page reads the order again at least every 8 s while a courier is on its way.
    await page.getByTestId("courier-step").filter({ hasText: "Driver on the way" }).waitFor({ timeout: 10_000 });
    const track = page.getByRole("link", { name: "Track your driver" });
    expect(await track.getAttribute("href")).toBe(`https://track.doordash.com/share/${encodeURIComponent(externalId!)}/track`);
    await page.getByText("Driver: Marisol").waitFor();
    await context.close();
  });

  it("goes on to payment when Continue is pressed as the ZIP code is typed, while DoorDash is slow to quote", async () => {
    const context = await offlineContext(browser);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    // Each quote takes 1.5 s: the one Continue asks for is still out when the typing pause asks again.
    await slowRequests(page, (url) => url.pathname === "/api/delivery/quotes", 1_500);
    await checkoutWithCart(page);
    await chooseDeliveryTo(page, "1200 SW 8th St", "33135");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: "Pay $63.50 (test)" }).waitFor();
    expect(await page.getByText("Delivery Not Available").count()).toBe(0);
    await context.close();
  });
});
