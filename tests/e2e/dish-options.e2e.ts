// A diner orders burgers the way they like them: The Classic Brunch Burger medium-rare with bacon and
// avocado and 'no onions', a second one well done with truffle aioli, an 18 % tip, paid with the test
// card; the confirmation page and the staff console show every option, the note and the tip. The
// option dialog is driven as a keyboard and screen reader user meets it (focus inside, Escape closes),
// and the full menu is filtered by its dietary labels.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { BUDGETS } from "../../tools/bench/budgets";
import { measurePage } from "../../tools/bench/page-weight";
import { startSite, type RunningSite } from "../support/site";
import { contextAt, itemCard, openMenu } from "./menuPage";
import { axeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T17:00:00Z";
const PASSWORD = "journey-admin-password";

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD } }), launchBrowser()]);
  context = await contextAt(browser, SATURDAY_NOON);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
});

async function expectNoAxeViolations(): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

const burgerDialog = () => page.getByRole("dialog", { name: "The Classic Brunch Burger" });
const addBurger = () => itemCard(page, "The Classic Brunch Burger").getByRole("button", { name: "Add to Cart" });

/** What the focused element is: its accessible text, enough to say where focus is. */
const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
const focusedInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

let orderNumber = "";

describe("the option dialog's cost", () => {
  it("keeps the home page within its budget of JavaScript before interaction (its code loads when first opened) and the pages within their HTML budget", async () => {
    const home = await measurePage(browser, `${site.url}/`);
    const scripts = home.initial.transfers.filter((t) => t.kind === "js").map((t) => new URL(t.url).pathname);
    expect(home.initial.js.gzip, scripts.join(", ")).toBeLessThanOrEqual(BUDGETS.homeJsBeforeInteractionGzip);
    // Neither the dialog nor React (its react and client chunks) before a tap; the option rules the cart shares are 1 KB.
    expect(scripts.filter((path) => /mountDishOptions|\/react\.|\/client\./.test(path))).toEqual([]);

    // The badges, option markers and filter bar stay within the pages' HTML budget.
    for (const path of ["/", "/full-menu"]) {
      const bytes = (await (await fetch(`${site.url}${path}`)).arrayBuffer()).byteLength;
      expect(bytes, `${path}: ${bytes} bytes`).toBeLessThanOrEqual(BUDGETS.htmlRaw);
    }

    const menu = await context.newPage();
    const loaded: string[] = [];
    menu.on("request", (request) => {
      if (request.resourceType() === "script") loaded.push(new URL(request.url()).pathname);
    });
    await openMenu(menu, `${site.url}/full-menu`);
    expect(loaded.filter((path) => /mountDishOptions/.test(path))).toEqual([]);
    await expect.poll(() => itemCard(menu, "The Classic Brunch Burger").getByRole("button", { name: "Add to Cart" }).isEnabled()).toBe(true);
    await itemCard(menu, "The Classic Brunch Burger").getByRole("button", { name: "Add to Cart" }).click();
    await menu.getByRole("dialog", { name: "The Classic Brunch Burger" }).waitFor();
    expect(loaded.filter((path) => /mountDishOptions/.test(path))).toHaveLength(1);
    await menu.close();
  });
});

describe("a burger as the diner likes it", () => {
  it("chooses a temperature, two paid add-ons and 'no onions' in the option dialog", async () => {
    await openMenu(page, `${site.url}/full-menu`);
    await expect.poll(() => addBurger().isEnabled()).toBe(true);
    // A dish carries its labels in words.
    await itemCard(page, "Classic French Fries").getByText("Vegan", { exact: true }).waitFor();

    await addBurger().click();
    const dialog = burgerDialog();
    await dialog.getByRole("radio", { name: "Medium", exact: true }).waitFor();
    expect(await focusedInDialog()).toBe(true);
    // The rule of each group is said in words, the default already chosen.
    await dialog.getByText("Required: choose 1").waitFor();
    await dialog.getByText("Optional: up to 4").waitFor();
    expect(await dialog.getByRole("radio", { name: "Medium", exact: true }).isChecked()).toBe(true);
    await expect(dialog.getByRole("button", { name: "More Seared foie gras" }).isDisabled()).resolves.toBe(true);
    await expectNoAxeViolations();
    // Tab and Shift+Tab go round inside the dialog, never to the page behind it.
    for (const key of [...Array(30).fill("Tab"), ...Array(10).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      expect(await focusedInDialog(), `focus left the dialog after ${key}`).toBe(true);
    }

    // Escape closes it and puts focus back on the dish's button; nothing was added.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedText).toBe("Add to Cart");
    expect(await page.evaluate(() => localStorage.getItem("jealous-fork-cart"))).toBeNull();

    await addBurger().click();
    await dialog.getByRole("radio", { name: "Medium-rare" }).check();
    await dialog.getByRole("button", { name: "More Applewood bacon" }).click();
    await dialog.getByRole("button", { name: "More Avocado" }).click();
    await dialog.getByLabel(/Special instructions/).fill("no onions");
    // $20.00 + $2.50 + $2.00
    await dialog.getByRole("button", { name: "Add to Cart · $24.50" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedText).toBe("Add to Cart");
  });

  it("adds a second, identical burger with other options as its own line", async () => {
    await addBurger().click();
    const dialog = burgerDialog();
    await dialog.getByRole("radio", { name: "Well done" }).check();
    await dialog.getByRole("button", { name: "More Truffle aioli" }).click();
    await dialog.getByRole("button", { name: "Add to Cart · $21.00" }).click();
    await dialog.waitFor({ state: "detached" });

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("jealous-fork-cart")))!);
    expect(
      stored.items.map((line: { name: string; quantity: number; price: number; note?: string; options: { name: string }[] }) => [
        line.name,
        line.quantity,
        line.price,
        line.options.map((option) => option.name).join(", "),
        line.note ?? "",
      ]),
    ).toEqual([
      ["The Classic Brunch Burger", 1, 2450, "Medium-rare, Applewood bacon, Avocado", "no onions"],
      ["The Classic Brunch Burger", 1, 2100, "Well done, Truffle aioli", ""],
    ]);

    await page.getByRole("button", { name: /^Cart, 2 items/ }).click();
    const sheet = page.getByRole("dialog", { name: /Your Order/ });
    await sheet.getByText("Medium-rare, Applewood bacon, Avocado").waitFor();
    await sheet.getByText("Note: no onions").waitFor();
    await sheet.getByText("Well done, Truffle aioli").waitFor();
    await page.keyboard.press("Escape");
  });

  it("tips 18 % of the subtotal before tax, shown in the summary and on the Pay button, and pays", async () => {
    await page.goto(`${site.url}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    // 24.50 + 21.00 = 45.50; tax 3.41; total 48.91
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$48.91");
    await page.getByLabel("Full Name").fill("Ana Pérez");
    await page.getByLabel("Email").fill("ana@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");
    // 18 % of 45.50 = 8.19, on top of the total and never taxed: 57.10
    await page.getByRole("radio", { name: "18% ($8.19)" }).check();
    await page.getByLabel(/Note for the Kitchen/).fill("Please cut both in half");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await summary.getByText("$8.19").waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$57.10");
    await expectNoAxeViolations();
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await page.getByRole("button", { name: "Pay $57.10 (test)" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole("heading", { name: "Thank you! Your order is confirmed." }).waitFor();
    orderNumber = ((await page.getByTestId("order-number").textContent()) ?? "").replace("#", "");

    const items = page.getByRole("region", { name: "Your Items" });
    await items.getByText("Medium-rare, Applewood bacon, Avocado").waitFor();
    await items.getByText("Note: no onions").waitFor();
    await items.getByText("Well done, Truffle aioli").waitFor();
    await items.getByText("Please cut both in half").waitFor();
    await items.getByText("$8.19").waitFor();
    expect(await page.getByTestId("order-total").textContent()).toBe("$57.10");
    await expectNoAxeViolations();

    const [stored] = await site.database.rows<{ tip_cents: number; total_cents: number; note: string }>(
      "SELECT tip_cents, total_cents, note FROM orders WHERE order_number = $1",
      [orderNumber],
    );
    expect(stored).toEqual({ tip_cents: 819, total_cents: 4891, note: "Please cut both in half" });
  });

  it("shows staff every option, the note and the tip in the console", async () => {
    await page.goto(`${site.url}/admin`);
    const signIn = page.getByRole("dialog", { name: "Admin Access" });
    await signIn.getByLabel("Password").fill(PASSWORD);
    await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { name: "Jealous Fork Admin" }).waitFor();
    await page.getByRole("tab", { name: "Orders" }).click();
    const order = page.getByRole("listitem", { name: `Order #${orderNumber}` });
    await order.getByText("Medium-rare, Applewood bacon, Avocado").waitFor();
    await order.getByText("Note: no onions").waitFor();
    await order.getByText("Well done, Truffle aioli").waitFor();
    await order.getByText("Please cut both in half").waitFor();
    await order.getByText("Tip $8.19").waitFor();
    await order.getByText("Total $57.10").waitFor();
  });
});

describe("dietary labels on the full menu", () => {
  it("filters the dishes behind one Filters control that counts them: vegan ones only, then only those marked free of nuts", async () => {
    await openMenu(page, `${site.url}/full-menu`);
    const toggle = page.getByRole("button", { name: "Filters" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    const filters = page.getByRole("group", { name: "Dietary filters" });
    const vegan = filters.getByRole("button", { name: "Vegan", exact: true });
    await vegan.click();
    expect(await vegan.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => itemCard(page, "The Classic Brunch Burger").isVisible()).toBe(false);
    expect(await itemCard(page, "Classic French Fries").isVisible()).toBe(true);
    await filters.getByText(/^\d+ dishes shown$/).waitFor();
    expect(await page.getByRole("button", { name: "Filters 1" }).getAttribute("aria-expanded")).toBe("true");

    await vegan.click();
    // No seeded dish is marked free of nuts: a dish nobody has checked is never shown as safe.
    await filters.getByRole("button", { name: "No nuts" }).click();
    // The empty list says why and gives the phone instead.
    await filters.getByText(/^No dish is marked for what you chose yet, so none is shown\. Call us at \(\d{3}\) \d{3}-\d{4}: we will tell you what the kitchen can make\.$/).waitFor();
    expect(await itemCard(page, "Banana Walnut Pancakes").isVisible()).toBe(false);
    expect(await itemCard(page, "The Classic Brunch Burger").isVisible()).toBe(false);
    await expectNoAxeViolations();
  });
});
