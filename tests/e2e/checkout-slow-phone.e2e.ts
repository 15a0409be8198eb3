// The checkout on a slow phone (390x844), in English and Spanish, against the production build: with every
// script 3 s late, the contact fields (and the tip) are on the page and take typing before the scripts wake up,
// Continue waits for them, and the name, e-mail and phone typed early are the ones the order is placed
// with; Delivery tapped early stays chosen and the order is a delivery. Axe on the page as it wakes and on the payment step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, offlineContext, slowRequests, MOBILE } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { checkoutWords } from "../../src/domain/i18n/ui/checkout";
import type { Locale } from "../../src/domain/i18n/locales";
import { expectNoAxeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const JOURNEY = { timeout: 180_000 };
const CHECKOUT: Record<Locale, string> = { en: "/checkout", es: "/es/checkout" };
const DINER: Record<Locale, { name: string; email: string; phone: string }> = {
  en: { name: "Ana Pérez", email: "ana.early@example.com", phone: "(305) 555-0142" },
  es: { name: "Luis Gómez", email: "luis.temprano@example.com", phone: "(786) 555-0199" },
};

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The checkout's island (Astro's loader names the component's script). */
const ISLAND = 'astro-island[component-url*="Checkout"]';
/** True while the checkout is still the server's HTML (its scripts have not run). */
const asleep = (page: Page) => page.evaluate((css) => document.querySelector(css)?.hasAttribute("ssr") ?? false, ISLAND);

describe.each(["en", "es"] as const)("the checkout on a slow phone (%s)", (locale) => {
  const c = (key: keyof typeof checkoutWords) => checkoutWords[key][locale] as string;

  it("takes the name, e-mail and phone typed before the scripts woke up, and places the order with them", JOURNEY, async () => {
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    // A server's HTML that the browser's first render does not match is thrown away and redrawn (what was typed with it).
    const mismatches: string[] = [];
    const hydration = /hydrat|Minified React error #(418|419|423|425)/i;
    page.on("pageerror", (error) => hydration.test(error.message) && mismatches.push(error.message));
    page.on("console", (message) => message.type() === "error" && hydration.test(message.text()) && mismatches.push(message.text()));
    await putCart(page, site.url);
    // Every script 3 s late, as on a slow phone on a bad connection.
    await slowRequests(page, (url) => url.pathname.endsWith(".js"), 3_000);
    // Not "domcontentloaded": that waits for the page's module scripts, and the diner does not.
    await page.goto(`${site.url}${CHECKOUT[locale]}`, { waitUntil: "commit" });
    const diner = DINER[locale];
    await page.getByLabel(c("field.name")).fill(diner.name);
    await page.getByLabel(c("field.email"), { exact: true }).fill(diner.email);
    await page.getByLabel(c("field.phone")).fill(diner.phone);
    // The tip's amounts wait for the cart; its percentages take a tap already.
    await page.getByRole("radio", { name: "18%", exact: true }).check();
    // Typed into the server's HTML: the scripts have not run, and Continue waits for them.
    expect(await asleep(page)).toBe(true);
    const proceed = page.getByRole("button", { name: c("continue") });
    expect(await proceed.isDisabled()).toBe(true);

    await page.waitForFunction((css) => document.querySelector(css)?.hasAttribute("ssr") === false, ISLAND, { timeout: 60_000 });
    await page.getByRole("heading", { name: c("summary.heading") }).waitFor();
    expect(await page.getByLabel(c("field.name")).inputValue()).toBe(diner.name);
    expect(await page.getByLabel(c("field.email"), { exact: true }).inputValue()).toBe(diner.email);
    expect(await page.getByLabel(c("field.phone")).inputValue()).toBe(diner.phone);
    expect(await page.getByRole("radio", { name: /^18% \(/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    expect(mismatches).toEqual([]);

    await proceed.click();
    await page.getByText(checkoutWords["payment.pickupFor"][locale](diner.name)).waitFor();
    await expectNoAxeViolations(page);
    const placed = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/orders");
    await page.getByRole("button", { name: /^(Pay|Pagar) .* \((test|prueba)\)$/ }).click();
    const sent = (await placed).postDataJSON() as { customerInfo: { name: string; email: string; phone: string }; tip?: number };
    expect(sent.customerInfo).toEqual(diner);
    // 18% of the cart's $50.00 (tests/support/checkoutCart.ts: two Brunch Bites and a Flatbread).
    expect(sent.tip).toBe(9);
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    await context.close();
  });

  it("keeps Delivery tapped before the scripts woke up, asks for the address and places a delivery", JOURNEY, async () => {
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    await putCart(page, site.url);
    await slowRequests(page, (url) => url.pathname.endsWith(".js"), 3_000);
    await page.goto(`${site.url}${CHECKOUT[locale]}`, { waitUntil: "commit" });
    const delivery = page.getByRole("radio", { name: new RegExp(`^${c("type.delivery")}`) });
    await delivery.check();
    expect(await asleep(page)).toBe(true);

    await page.waitForFunction((css) => document.querySelector(css)?.hasAttribute("ssr") === false, ISLAND, { timeout: 60_000 });
    expect(await delivery.isChecked()).toBe(true);
    const diner = DINER[locale];
    await page.getByLabel(c("field.address")).fill("14417 SW 42nd St");
    await page.getByLabel(c("field.zip")).fill("33175");
    await page.getByLabel(c("field.name")).fill(diner.name);
    await page.getByLabel(c("field.email"), { exact: true }).fill(diner.email);
    await page.getByLabel(c("field.phone")).fill(diner.phone);
    await page.getByRole("button", { name: c("continue") }).click();
    await page.getByText(checkoutWords["payment.deliveryFor"][locale]("14417 SW 42nd St", "33175", diner.name)).waitFor();
    const placed = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/orders");
    await page.getByRole("button", { name: /^(Pay|Pagar) .* \((test|prueba)\)$/ }).click();
    expect((await placed).postDataJSON()).toMatchObject({ orderType: "delivery" });
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    await context.close();
  });
});
