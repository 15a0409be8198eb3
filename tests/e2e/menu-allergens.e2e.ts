// A diner with a dairy allergy reads the full menu on a phone (390x844), in English and in Spanish: the
// "No dairy" filter shows only the dish the kitchen marked free of dairy, never one whose description
// names mozzarella, burrata, cheddar, brie or ice cream, and says to ask about anything else, with the
// restaurant's phone; a dish's name opens its sheet with the whole description and each allergen as
// known (contains, free of it, or not known); the burgers carry the consumer advisory. Axe finds nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { updateMenuItem } from "../../src/server/content/menu";
import siteFacts from "../../content/site.json";
import { expectNoAxeViolations } from "../support/axe";

// Saturday 18:00 in Miami: Jealous Burger and the bar open.
const SATURDAY_18H = "2026-11-21T18:00:00-05:00";
const FRIES = 29; // Classic French Fries, which the kitchen marks free of dairy for this journey
const NAMED_DAIRY = ["Hot Maple Flatbread", "Smoked Burrata", "The Classic", "Jesse James", "Lé French", "Stout Float", "Truffle Fries"];

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_18H }), launchBrowser()]);
  await updateMenuItem(FRIES, (item) => ({ ...item, dietary: ["vegan", "dairy-free"] }));
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function phonePage(path: string): Promise<Page> {
  const context = await offlineContext(browser, MOBILE);
  await context.clock.setFixedTime(new Date(SATURDAY_18H));
  const page = await context.newPage();
  await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === "/api/menu"),
    page.goto(`${site.url}${path}`, { waitUntil: "domcontentloaded" }),
  ]);
  await page.waitForSelector("full-menu[data-live]", { state: "attached" });
  return page;
}

/** How many rows with this dish's name are on screen (a dish may be on two sections' menus). */
const visibleRows = (page: Page, name: string) =>
  page.getByRole("article", { name, exact: true }).evaluateAll((rows) => rows.filter((row) => (row as HTMLElement).checkVisibility()).length);

const LANGUAGES = [
  {
    locale: "English",
    path: "/full-menu",
    filters: "Filters",
    group: "Dietary filters",
    noDairy: "No dairy",
    shown: "1 dish shown",
    askUs: "Ask us about anything else:",
    allergens: "Allergens",
    dairy: "Dairy",
    contains: "Contains",
    unknown: "Not known: ask us",
    free: "Free of it (marked by our kitchen)",
    close: "Close",
    advisory: "Consuming raw or undercooked meats, poultry, seafood, shellfish, or eggs may increase your risk of foodborne illness, especially if you have certain medical conditions.",
    cookedToOrder: "Cooked to order*",
  },
  {
    locale: "Spanish",
    path: "/es/full-menu",
    filters: "Filtros",
    group: "Filtros de dieta",
    noDairy: "Sin lácteos",
    shown: "Se muestra 1 plato",
    askUs: "Pregúntanos por cualquier otra cosa:",
    allergens: "Alérgenos",
    dairy: "Lácteos",
    contains: "Contiene",
    unknown: "Sin confirmar: pregúntanos",
    free: "No contiene (lo marcó nuestra cocina)",
    close: "Cerrar",
    advisory: "Consumir carnes, aves, mariscos, moluscos o huevos crudos o poco cocidos puede aumentar el riesgo de enfermedades transmitidas por los alimentos",
    cookedToOrder: "Cocinado al gusto*",
  },
] as const;

describe.each(LANGUAGES)("allergens on the full menu on a phone in $locale", (words) => {
  it("shows under No dairy only the dish the kitchen marked free of dairy, and says to call about anything else", async () => {
    const page = await phonePage(words.path);
    await page.getByRole("button", { name: words.filters }).click();
    const filters = page.getByRole("group", { name: words.group });
    await filters.getByRole("button", { name: words.noDairy, exact: true }).click();
    await filters.getByText(words.shown, { exact: true }).waitFor();
    expect(await visibleRows(page, "Classic French Fries")).toBe(1);
    for (const name of NAMED_DAIRY) expect(await visibleRows(page, name), name).toBe(0);
    // Vegan, but nobody has said it is free of dairy: left out too.
    expect(await visibleRows(page, "Sweet Potato Fries")).toBe(0);
    await filters.getByText(words.askUs).waitFor();
    const phone = filters.getByRole("link", { name: siteFacts.phone });
    expect(await phone.getAttribute("href")).toBe(`tel:${siteFacts.phoneE164}`);
    expect(await phone.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("opens a dish's sheet from its name with the whole description and each allergen as known, and shows the consumer advisory", async () => {
    const page = await phonePage(words.path);
    const flatbread = page.getByRole("article", { name: "Hot Maple Flatbread" });
    const description = (await flatbread.locator("[data-desc]").textContent())!;
    await flatbread.getByRole("button", { name: "Hot Maple Flatbread" }).click();
    const sheet = page.getByRole("dialog", { name: "Hot Maple Flatbread" });
    await sheet.getByRole("heading", { name: words.allergens }).waitFor();
    expect(await sheet.getByText(description, { exact: true }).isVisible()).toBe(true);
    const states = await sheet.locator("dt").evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(states).toContainEqual([words.dairy, words.contains]);
    expect(states.filter(([, state]) => state === words.unknown)).toHaveLength(3);
    await expectNoAxeViolations(page);
    await sheet.getByRole("button", { name: words.close }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    await page.getByRole("article", { name: "Classic French Fries" }).getByRole("button", { name: "Classic French Fries" }).click();
    const fries = page.getByRole("dialog", { name: "Classic French Fries" });
    await fries.getByRole("heading", { name: words.allergens }).waitFor();
    expect(await fries.locator("dt").evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]))).toContainEqual([words.dairy, words.free]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // The burgers: the asterisk on the dish, the disclosure and the reminder under the dishes.
    const burger = page.getByRole("article", { name: "The Classic", exact: true });
    expect(await burger.getByText(words.cookedToOrder, { exact: true }).isVisible()).toBe(true);
    await page.getByText(words.advisory).waitFor();
    await page.context().close();
  });
});
