// Catering on a phone against the production build with the local test gateway: a diner books trays for 25
// people (the flatbread tray filled for everyone), keeps the first day that works, accepts the terms shown,
// pays with the TEST MODE card and reads the booking; axe finds nothing on the page before and after. Once
// in English at /catering, once in Spanish at /es/catering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { expectNoAxeViolations } from "../support/axe";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { cateringWords } from "../../src/domain/i18n/ui/catering";
import { checkoutWords } from "../../src/domain/i18n/ui/checkout";
import { localPrice } from "../../src/domain/i18n/prices";
import type { Locale } from "../../src/domain/i18n/locales";
import content from "../../content/catering.json";

/** Monday 9:00 AM in Miami: 25 people need 24 hours, so the first day that works is Tuesday. */
const MONDAY_MORNING = "2026-12-07T09:00:00-05:00";
const FLATBREAD = content.trays.find((tray) => tray.slug === "flatbread-tray")!;
/** Three flatbread trays (they serve 36) and 7.5% tax. */
const TOTAL = 35475;

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: MONDAY_MORNING }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const PAGES: Record<Locale, string> = { en: "/catering", es: "/es/catering" };

describe.each(["en", "es"] as const)("catering in %s on a phone", (locale) => {
  it("books trays for 25 people with the terms shown before paying", { timeout: 180_000 }, async () => {
    const w = <K extends keyof typeof cateringWords>(key: K) => cateringWords[key][locale];
    const context = await offlineContext(browser, MOBILE);
    await context.clock.setFixedTime(new Date(MONDAY_MORNING));
    const page = await context.newPage();
    await page.goto(`${site.url}${PAGES[locale]}`);
    await page.getByRole("heading", { level: 1, name: w("page.title") as string }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll("main astro-island")].every((island) => !island.hasAttribute("ssr")));

    await page.getByLabel(w("headcount.label") as string).fill("25");
    const tray = page.getByRole("listitem").filter({ hasText: FLATBREAD.name[locale] });
    await tray.getByText(cateringWords["tray.serves"][locale](FLATBREAD.serves)).waitFor();
    await tray.getByRole("button", { name: cateringWords["tray.fill"][locale](3) }).click();
    await page.getByText(cateringWords["summary.serves"][locale](36, 25)).waitFor();
    await page.getByLabel(w("contact.name") as string).fill("Ana Pérez");
    await page.getByLabel(w("contact.email") as string).fill("ana@example.com");
    await page.getByLabel(w("contact.phone") as string).fill("(305) 555-0142");
    const terms = page.getByRole("region", { name: w("terms.heading") as string });
    await terms.getByText(cateringWords["terms.tier"][locale](72, 100)).waitFor();
    await terms.getByLabel(w("terms.accept") as string).check();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: w("continue") as string }).click();
    await page.getByRole("button", { name: checkoutWords["pay.test"][locale](localPrice(TOTAL, locale)) }).click();
    await page.getByRole("heading", { name: w("done.title") as string }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole("status").textContent()).toContain(localPrice(TOTAL, locale));
    await expectNoAxeViolations(page);
    await context.close();
  });
});
