// The diner's forms on a phone (390x844), in English and Spanish: on /gift-cards what is typed or picked
// before the page's scripts wake up (every script 3 s late) is what is bought, a problem and the
// finished purchase are brought into view and focus; the checkout's delivery asks for an Apt/Unit with
// its limit said. Every page checked with axe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, offlineContext, slowRequests, MOBILE } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { giftCardWords } from "../../src/domain/i18n/ui/giftCards";
import { checkoutWords } from "../../src/domain/i18n/ui/checkout";
import { localPrice } from "../../src/domain/i18n/prices";
import type { Locale } from "../../src/domain/i18n/locales";
import { expectNoAxeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const JOURNEY = { timeout: 180_000 };
const GIFT_CARDS: Record<Locale, string> = { en: "/gift-cards", es: "/es/tarjetas-de-regalo" };
const CHECKOUT: Record<Locale, string> = { en: "/checkout", es: "/es/checkout" };
const UNIT_LABEL: Record<Locale, RegExp> = { en: /Apt \/ Unit \(optional, up to 30 characters\)/, es: /Apto\. \/ Unidad \(opcional, hasta 30 caracteres\)/ };

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const hydrated = (page: Page) => page.waitForFunction(() => [...document.querySelectorAll("main astro-island")].every((island) => !island.hasAttribute("ssr")), undefined, { timeout: 30_000 });
const inView = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  }, selector);

describe.each(["en", "es"] as const)("/gift-cards on a slow phone (%s)", (locale) => {
  const w = (key: keyof typeof giftCardWords) => giftCardWords[key][locale] as string;

  it("keeps the name typed and the $100 picked before the scripts woke up, and brings the finished purchase into view and focus", JOURNEY, async () => {
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    // Every script 3 s late, as on a slow phone.
    await slowRequests(page, (url) => url.pathname.endsWith(".js"), 3_000);
    await page.goto(`${site.url}${GIFT_CARDS[locale]}`, { waitUntil: "domcontentloaded" });
    expect(await page.locator("main astro-island[ssr]").count()).toBeGreaterThan(0);
    await page.getByRole("radio", { name: localPrice(10_000, locale) }).check();
    await page.getByLabel(w("recipient.name")).fill("Marta Ruiz");
    await page.getByLabel(w("recipient.email")).fill("marta@example.com");
    await page.getByLabel(w("buyer.name")).fill("Luis Gómez");
    await page.getByLabel(w("buyer.email")).fill("luis@example.com");
    await hydrated(page);
    await page.getByRole("button", { name: w("continue") }).click();
    await page.getByText(giftCardWords.summary[locale](localPrice(10_000, locale), "Marta Ruiz")).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: checkoutWords["pay.test"][locale](localPrice(10_000, locale)) }).click();
    const done = page.getByRole("status").filter({ has: page.getByRole("heading", { name: w("done.title") }) });
    await done.waitFor({ timeout: 30_000 });
    await expect.poll(() => done.evaluate((element) => element === document.activeElement)).toBe(true);
    // The page scrolls smoothly: wait for it to arrive.
    await expect.poll(async () => (await done.boundingBox())!.y, { timeout: 5_000 }).toBeGreaterThanOrEqual(0);
    expect((await done.boundingBox())!.y).toBeLessThan(844);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("names every problem at once at its field and takes the diner to the first", JOURNEY, async () => {
    const context = await offlineContext(browser, MOBILE);
    const page = await context.newPage();
    await page.goto(`${site.url}${GIFT_CARDS[locale]}`);
    await hydrated(page);
    await page.getByLabel(w("buyer.name")).fill("Luis Gómez");
    await page.getByRole("button", { name: w("continue") }).click();
    const first = page.getByLabel(w("recipient.name"));
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await first.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel(w("recipient.email")).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel(w("buyer.email")).getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => inView(page, '[aria-invalid="true"]'), { timeout: 5_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe.each(["en", "es"] as const)("the checkout's delivery address (%s)", (locale) => {
  it("asks for an optional Apt/Unit under the street, its limit said before it bites, and names every problem at its field on Continue", JOURNEY, async () => {
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    await putCart(page, site.url);
    await page.goto(`${site.url}${CHECKOUT[locale]}`);
    await hydrated(page);
    await page.getByRole("radio", { name: new RegExp(checkoutWords["type.delivery"][locale]) }).check();
    const unit = page.getByLabel(UNIT_LABEL[locale]);
    expect(await unit.getAttribute("maxlength")).toBe("30");
    expect(await unit.getAttribute("autocomplete")).toBe("address-line2");
    await unit.fill("Apt 4B");
    await expectNoAxeViolations(page);

    // Continue with the contact fields empty and no street: every problem at its field, focus on the first.
    const c = (key: keyof typeof checkoutWords) => checkoutWords[key][locale] as string;
    await page.getByRole("button", { name: c("continue") }).click();
    const name = page.getByLabel(c("field.name"));
    await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
    for (const label of [c("field.name"), c("field.phone"), c("field.address")]) expect(await page.getByLabel(label).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel(c("field.email"), { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await name.getAttribute("maxlength")).toBe("100");
    await expectNoAxeViolations(page);
    await context.close();
  });
});
