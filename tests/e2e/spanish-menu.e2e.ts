// A diner reads the menu in Spanish on a Saturday at noon in Miami: Spanish section titles, open and
// closed badges, categories and labels; orders the pancakes with vegan batter through the options
// dialog in Spanish, hears it added, reads the cart in Spanish with es-US prices, and finds the same
// cart after switching the page to English. The cart's limits are told in Spanish too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { contextAt, itemCard, openMenu } from "./menuPage";

// Saturday 12:00 in Miami: brunch and drinks open, Jealous Burger (Friday and Saturday nights) not yet.
const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PANCAKES = "To Die For Traditional Pancakes";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Opens a Spanish menu page and waits for its script to apply the Spanish live answer (/api/menu?lang=es). */
async function openSpanishMenu(page: Page, path: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === "/api/menu" && new URL(res.url()).searchParams.get("lang") === "es"),
    (async () => {
      await page.goto(`${site.url}${path}`, { waitUntil: "domcontentloaded" });
      await page.waitForSelector("full-menu[data-live]", { state: "attached" });
    })(),
  ]);
}

const badgeOf = (page: Page, section: string) =>
  page.getByRole("region", { name: section, exact: true }).getByText(/^(ABIERTO AHORA|CERRADO|Cerrado · abre .+)$/).textContent();

describe("the full menu in Spanish", () => {
  it("shows Spanish titles, badges, categories, labels and buttons, orders a dish with options in Spanish, and keeps the cart in English", async () => {
    const context = await contextAt(browser, SATURDAY_NOON);
    const page = await context.newPage();
    await openSpanishMenu(page, "/es/full-menu");

    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Nuestro menú");
    expect(await page.getByRole("heading", { level: 2, name: "Bebidas", exact: true }).count()).toBe(1);
    await expect.poll(() => badgeOf(page, "Jealous Fork")).toBe("ABIERTO AHORA");
    await expect.poll(() => badgeOf(page, "Bebidas")).toBe("ABIERTO AHORA");
    await expect.poll(() => badgeOf(page, "Jealous Burger")).toBe("Cerrado · abre a las 5:00 p. m.");
    const burgers = page.getByRole("region", { name: "Jealous Burger", exact: true });
    expect(await burgers.getByRole("button", { name: "Pedir para las 5:00 p. m.", exact: true }).count()).toBeGreaterThan(0);
    const brunch = page.getByRole("region", { name: "Jealous Fork", exact: true });
    expect(await brunch.getByRole("heading", { level: 3, name: "entradas", exact: true }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Jealous Burger", exact: true }).getByRole("heading", { level: 3, name: "hamburguesas", exact: true }).count()).toBe(1);
    const hours = page.getByRole("region", { name: "Horario", exact: true });
    expect(await hours.getByText("CERRADO LOS LUNES", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("combobox", { name: "Pedido para" }).inputValue()).toBe("");
    expect(await page.getByRole("option", { name: "Ahora", exact: true }).count()).toBe(1);

    const pancakes = itemCard(page, PANCAKES);
    // The dish's name as the restaurant writes it, its description, price and labels in Spanish.
    expect(await pancakes.getByText("La torre clásica de buttermilk").count()).toBe(1);
    expect(await pancakes.getByText("$14.00", { exact: true }).count()).toBe(1);
    expect(await pancakes.getByText("Vegetariano", { exact: true }).count()).toBe(1);
    // A dish on sale says nothing more: a card speaks only of what a diner must know (sold out, closed).
    expect(await pancakes.getByText("Disponible", { exact: true }).count()).toBe(0);

    // The options dialog in Spanish: the group's rule, the option's price, the special instructions.
    await pancakes.getByRole("button", { name: "Agregar al carrito" }).click();
    const dialog = page.getByRole("dialog", { name: PANCAKES });
    await dialog.getByRole("group", { name: /^Masa\s+Obligatorio: elige 1$/ }).waitFor();
    expect(await dialog.getByRole("group", { name: /^Toppings\s+Opcional: hasta \d+$/ }).count()).toBe(1);
    expect(await dialog.getByLabel("Instrucciones especiales").count()).toBe(1);
    await dialog.getByRole("radio", { name: "Masa vegana +$2.00" }).check();
    await dialog.getByRole("button", { name: "Agregar al carrito · $16.00" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // The page says it in Spanish to the screen reader, and the cart button counts it.
    await expect.poll(() => page.getByText(`Se agregó ${PANCAKES} a tu pedido.`).count()).toBe(1);
    const cartButton = page.getByRole("button", { name: "Carrito, 1 artículo" });
    await cartButton.waitFor();

    // The cart sheet in Spanish, prices as es-US writes them.
    await cartButton.click();
    const sheet = page.getByRole("dialog", { name: "Tu pedido (1 artículo)" });
    await sheet.waitFor();
    const line = sheet.getByRole("listitem", { name: PANCAKES });
    expect(await line.getByText("Masa vegana", { exact: true }).count()).toBe(1);
    expect(await line.getByText("$16.00 c/u").count()).toBe(1);
    expect(await line.getByRole("button", { name: `Quitar ${PANCAKES}` }).count()).toBe(1);
    expect(await line.getByRole("button", { name: `Aumentar la cantidad de ${PANCAKES}` }).count()).toBe(1);
    expect(await sheet.getByRole("button", { name: "Cerrar carrito" }).count()).toBe(1);
    expect(await sheet.getByRole("button", { name: "Ir a pagar" }).isEnabled()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // The language switch keeps the page and the cart: the same line, in English words.
    await page.getByRole("link", { name: /^English:/ }).first().click();
    await page.waitForURL(/\/full-menu$/);
    await page.waitForSelector("full-menu[data-live]", { state: "attached" });
    const englishCart = page.getByRole("button", { name: "Cart, 1 item" });
    await englishCart.waitFor();
    await englishCart.click();
    const englishSheet = page.getByRole("dialog", { name: "Your Order (1 item)" });
    await englishSheet.waitFor();
    const englishLine = englishSheet.getByRole("listitem", { name: PANCAKES });
    await expect.poll(() => englishLine.getByText("Vegan batter", { exact: true }).count()).toBe(1);
    expect(await englishLine.getByText("$16.00 each").count()).toBe(1);
    expect(await englishSheet.getByRole("button", { name: "Proceed to Checkout" }).count()).toBe(1);
    await context.close();
  });

  it("goes to the Spanish checkout from the Spanish cart", async () => {
    const context = await contextAt(browser, SATURDAY_NOON);
    const page = await context.newPage();
    await openSpanishMenu(page, "/es/full-menu");
    await itemCard(page, "Dirty Chai").getByRole("button", { name: "Agregar al carrito" }).click();
    await page.getByRole("button", { name: "Carrito, 1 artículo" }).click();
    await page.getByRole("dialog", { name: "Tu pedido (1 artículo)" }).getByRole("button", { name: "Ir a pagar" }).click();
    await page.waitForURL(/\/es\/checkout$/);
    await context.close();
  });

  it("tells in Spanish that an online order holds at most 50 of one dish, and closes the notice by its Spanish name", async () => {
    const context = await contextAt(browser, SATURDAY_NOON);
    const page = await context.newPage();
    await openSpanishMenu(page, "/es/full-menu");
    // 50 of the dish already in the cart, as the dish's own button would have put them.
    const card = itemCard(page, "Dirty Chai");
    const id = Number(await card.getAttribute("data-id"));
    const price = Number(await card.getAttribute("data-price"));
    await page.evaluate(
      ([id, price]) =>
        localStorage.setItem(
          "jealous-fork-cart",
          JSON.stringify({ items: [{ id, name: "Dirty Chai", price, category: "coffee", description: "", quantity: 50, section: "beverages", inStock: true }], deliveryFee: 0 }),
        ),
      [id, price],
    );
    await openSpanishMenu(page, "/es/full-menu");
    await page.getByRole("button", { name: "Carrito, 50 artículos" }).waitFor();
    await itemCard(page, "Dirty Chai").getByRole("button", { name: "Agregar al carrito" }).click();
    const notice = page.getByRole("listitem").filter({ hasText: "Es lo máximo que admite un pedido en línea" });
    await notice.waitFor();
    expect(await notice.getByText(/^Como máximo 50 unidades de un mismo plato por pedido en línea; para pedidos más grandes, llámanos\.$/).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Notificaciones (F8)" }).count()).toBe(1);
    await notice.getByRole("button", { name: "Cerrar notificación" }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await expect(page.getByRole("button", { name: "Carrito, 50 artículos" }).count()).resolves.toBe(1);
    await context.close();
  });
});

describe("the featured dishes in Spanish", () => {
  it("offer Agregar al carrito with Spanish labels, and say in Spanish beside the button that the dish was added", async () => {
    const context = await contextAt(browser, SATURDAY_NOON);
    const page = await context.newPage();
    await page.goto(`${site.url}/es`, { waitUntil: "domcontentloaded" });
    const featured = page.locator("featured-menu");
    expect(await featured.getByRole("button", { name: "Add to Cart" }).count()).toBe(0);
    expect(await featured.getByRole("link", { name: "Ver el menú completo" }).getAttribute("href")).toBe("/es/full-menu");
    const card = featured.getByRole("article", { name: "Hot Maple Flatbread" });
    await card.getByRole("button", { name: "Agregar al carrito" }).click();
    await card.getByRole("status").getByText("Se agregó Hot Maple Flatbread a tu pedido.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/es");
    await page.getByRole("button", { name: "Carrito, 1 artículo" }).waitFor();
    await context.close();
  });
});

// The English menu, for comparison, keeps its words (menu.e2e.ts and cart.e2e.ts hold the rest).
describe("the English full menu beside it", () => {
  it("still says OPEN NOW and Add to Cart", async () => {
    const context = await contextAt(browser, SATURDAY_NOON);
    const page = await context.newPage();
    await openMenu(page, `${site.url}/full-menu`);
    expect(await itemCard(page, PANCAKES).getByRole("button", { name: "Add to Cart" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Jealous Fork", exact: true }).getByText("OPEN NOW", { exact: true }).count()).toBe(1);
    await context.close();
  });
});
