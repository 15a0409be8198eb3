// The admin console journey: staff sign in, mark a dish out of stock and give another a new picture
// (both show on the public full menu), move today's order to ready (the customer's confirmation
// shows it), read a contact message (and see one kept without its e-mail copy), fill a text missing in
// Spanish, and sign out, after which the admin API is closed.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { axeViolations } from "../support/axe";

/** Saturday noon in Miami: the brunch menu is open, so the order can be placed. */
const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PASSWORD = "journey-admin-password";
const OUT_OF_STOCK_DISH = "Cowboy Breakfast";
const PICTURED_DISH = "Bacon Spindle";

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orderId: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([
    startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD } }),
    launchBrowser(),
  ]);
  context = await offlineContext(browser);
  page = await context.newPage();

  // A customer's paid pickup order and a contact message, through the public API.
  const order = await fetch(`${site.url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID(), origin: site.url },
    body: JSON.stringify({
      items: [{ id: 1, quantity: 2 }],
      orderType: "pickup",
      customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
      paymentToken: "cnon:card-nonce-ok",
    }),
  });
  expect(order.status, await order.clone().text()).toBe(201);
  orderId = ((await order.json()) as { orderId: string }).orderId;
  const message = await fetch(`${site.url}/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({
      firstName: "Luis",
      lastName: "Gómez",
      email: "luis@example.com",
      message: "Can we book the patio for 12 on Sunday? <b>not bold</b>",
    }),
  });
  expect(message.status, await message.clone().text()).toBeLessThan(300);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
});

/** Does what staff do, then waits until the server has the change. */
async function untilSaved(act: () => Promise<unknown>, saved: () => Promise<boolean>) {
  await act();
  await expect.poll(saved).toBe(true);
}

/** Reads through the browser context, so with the admin's cookie. */
async function adminItem(name: string): Promise<{ inStock: boolean; imageUrl: string | null; dietary: string[] }> {
  const { items } = (await (await context.request.get(`${site.url}/api/admin/menu-items`)).json()) as {
    items: { name: string; inStock: boolean; imageUrl: string | null; dietary: string[] }[];
  };
  return items.find((item) => item.name === name)!;
}

async function orderStatus(): Promise<string> {
  return ((await (await context.request.get(`${site.url}/api/orders/${orderId}`)).json()) as { status: string }).status;
}

async function expectNoAxeViolations() {
  expect(await axeViolations(page)).toEqual([]);
}

const STEP_TIMEOUT = 60_000;

describe("the admin console", () => {
  it("refuses a wrong password with its message, then signs in with the right one", async () => {
    await page.goto(`${site.url}/admin`);
    const dialog = page.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("Password").fill("pancakes");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert").textContent()).resolves.toBe("Wrong e-mail or password. Please try again.");
    await expectNoAxeViolations();
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { name: "Jealous Fork Admin" }).waitFor();
    await page.getByText("Online", { exact: true }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "jf_admin")).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  }, STEP_TIMEOUT);

  it("marks a dish out of stock, and the public full menu shows it unavailable", async () => {
    await page.getByRole("tab", { name: "Featured" }).click();
    const inStock = page.getByRole("checkbox", { name: `In stock: ${OUT_OF_STOCK_DISH}` });
    await untilSaved(() => inStock.uncheck(), async () => !(await adminItem(OUT_OF_STOCK_DISH)).inStock);
    await expect.poll(() => inStock.isChecked()).toBe(false);
    await expectNoAxeViolations();

    const visitor = await context.newPage();
    await visitor.goto(`${site.url}/full-menu`);
    const card = visitor.getByRole("article", { name: OUT_OF_STOCK_DISH });
    await card.getByText("Out of Stock", { exact: true }).waitFor();
    await expect(card.getByRole("button", { name: "Unavailable" }).isDisabled()).resolves.toBe(true);
    await visitor.close();
  }, STEP_TIMEOUT);

  it("counts the dishes whose allergens nobody has stated, and marks one free of dairy for the public menu's No dairy filter", async () => {
    await page.getByRole("tab", { name: "Dish Labels" }).click();
    const count = page.getByRole("status").filter({ hasText: "have no allergen information" });
    const before = Number((await count.textContent())!.match(/(\d+) of (\d+) dishes/)![1]);
    expect(before).toBeGreaterThan(10);
    await page.getByText("Classic French Fries", { exact: true }).click();
    await page.getByRole("combobox", { name: "Dairy: Classic French Fries" }).selectOption({ label: "Free of it (kitchen checked)" });
    await page.getByRole("combobox", { name: "Eggs: Classic French Fries" }).selectOption({ label: "Free of it (kitchen checked)" });
    await page.getByRole("button", { name: "Save labels: Classic French Fries" }).click();
    await page.getByText("Labels Saved").waitFor();
    await expect.poll(async () => (await adminItem("Classic French Fries")).dietary).toEqual(["vegan", "dairy-free", "egg-free"]);
    await expect.poll(() => count.textContent()).toContain(`${before - 1} of`);
    await expectNoAxeViolations();

    const visitor = await context.newPage();
    await visitor.goto(`${site.url}/full-menu`);
    await visitor.waitForSelector("full-menu[data-live]", { state: "attached" });
    await visitor.getByRole("button", { name: "Filters" }).click();
    await visitor.getByRole("group", { name: "Dietary filters" }).getByRole("button", { name: "No dairy" }).click();
    await expect.poll(() => visitor.getByRole("article", { name: "Classic French Fries" }).isVisible()).toBe(true);
    expect(await visitor.getByRole("article", { name: "Truffle Fries" }).isVisible()).toBe(false);
    await visitor.close();
  }, STEP_TIMEOUT);

  it("uploads a picture for a dish with progress, and the public menu shows it through the image CDN", async () => {
    await page.getByRole("tab", { name: "Menu Images" }).click();
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 194, g: 65, b: 12 } } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(`Image file for ${PICTURED_DISH}`).setInputFiles({ name: "spindle.jpg", mimeType: "image/jpeg", buffer: picture });
    await page.getByText("Image Updated").waitFor();
    const preview = page.getByRole("img", { name: PICTURED_DISH, exact: true });
    await expect(preview.getAttribute("src")).resolves.toContain("%2Fapi%2Fimages%2F");

    const visitor = await context.newPage();
    await visitor.goto(`${site.url}/full-menu`);
    const image = visitor.getByRole("article", { name: PICTURED_DISH }).locator("img");
    await expect.poll(() => image.getAttribute("src")).toMatch(/^\/\.netlify\/images\?url=%2Fapi%2Fimages%2F[0-9a-f-]{36}&w=800&fm=avif$/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    await visitor.close();
  }, STEP_TIMEOUT);

  it("moves today's order to ready, and the customer's confirmation page shows it", async () => {
    await page.getByRole("tab", { name: "Orders" }).click();
    // The next 30 days of catering sit in the staff's room for orders, beside the board.
    await page.getByRole("region", { name: "Catering: the next 30 days" }).getByRole("table").waitFor();
    const order = page.getByRole("listitem", { name: /^Order #/ }).filter({ hasText: "Ana Pérez" });
    await untilSaved(() => order.getByRole("button", { name: /^Start/ }).click(), async () => (await orderStatus()) === "preparing");
    await untilSaved(() => order.getByRole("button", { name: /^Ready/ }).click(), async () => (await orderStatus()) === "ready");
    await order.getByText("Ready", { exact: true }).waitFor();
    await expectNoAxeViolations();

    const customer = await context.newPage();
    await customer.goto(`${site.url}/order-confirmation/${orderId}`);
    await expect.poll(() => customer.getByTestId("order-status").textContent()).toContain("Ready");
    await customer.close();
  }, STEP_TIMEOUT);

  it("shows a contact message as text and marks it handled, and says which message was not e-mailed", async () => {
    // One that came past the hour's cap of e-mailed copies: here only.
    await site.database.rows(
      "INSERT INTO contact_messages (id, first_name, last_name, email, message, created_at, copy_held) VALUES (gen_random_uuid(), 'Marta', 'Ruiz', 'marta@example.com', 'Twenty on Friday?', now(), true)",
    );
    await page.getByRole("tab", { name: "Messages" }).click();
    await page
      .getByRole("article", { name: "Message from Marta Ruiz" })
      .getByText(/^Not e-mailed to the restaurant: more than \d+ messages arrived within the hour/)
      .waitFor();
    await expect(page.getByRole("article", { name: "Message from Luis Gómez" }).getByText(/Not e-mailed/).count()).resolves.toBe(0);
    const message = page.getByRole("article", { name: "Message from Luis Gómez" });
    await message.getByText("Can we book the patio for 12 on Sunday? <b>not bold</b>").waitFor();
    await expect(message.locator("b").count()).resolves.toBe(0);
    await message.getByRole("button", { name: "Mark handled" }).click();
    await message.getByText("Handled", { exact: true }).waitFor();
    await expectNoAxeViolations();
  }, STEP_TIMEOUT);

  it("fills a text missing in Spanish from the Spanish tab: the missing list shrinks and the Spanish API answers it", async () => {
    await page.getByRole("tab", { name: "Spanish" }).click();
    const missingHeading = page.getByRole("heading", { name: /^Missing in Spanish \(\d+\)$/ });
    const countOf = async () => Number(/\((\d+)\)/.exec((await missingHeading.textContent()) ?? "")![1]);
    const before = await countOf();
    expect(before).toBeGreaterThan(0);
    const label = 'Banner "Home hero": title';
    await page.getByRole("link", { name: label }).click();
    const field = page.getByRole("textbox", { name: `Español for ${label}` });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await field.fill("Portada");
    await page.getByRole("button", { name: `Save Spanish for ${label}` }).click();
    await page.getByRole("heading", { name: `Missing in Spanish (${before - 1})` }).waitFor();
    expect(await page.getByRole("link", { name: label }).count()).toBe(0);
    const banners = (await (await context.request.get(`${site.url}/api/banners?lang=es`)).json()) as { banners: { id: string; title: string }[] };
    expect(banners.banners.find((banner) => banner.id === "hero")?.title).toBe("Portada");
    await expectNoAxeViolations();
  }, STEP_TIMEOUT);

  it("passes axe on every tab of the console on a phone too", async () => {
    const phone = await offlineContext(browser, { ...MOBILE, storageState: await context.storageState() });
    const small = await phone.newPage();
      await small.goto(`${site.url}/admin`);
    await small.getByRole("heading", { name: "Jealous Fork Admin" }).waitFor();
    const report: string[] = [];
    for (const tab of ["Stock", "Featured", "Menu Images", "Dish Labels", "Banners", "Gallery", "Locations", "System", "Orders", "Messages", "Catering"]) {
      await small.getByRole("tab", { name: tab }).click();
      await small.getByRole("tabpanel").waitFor();
      for (const violation of await axeViolations(small)) report.push(`${tab}: ${violation}`);
    }
    await phone.close();
    expect(report).toEqual([]);
  }, STEP_TIMEOUT);

  it("signs out, after which the admin API answers 401 to the same browser", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("dialog", { name: "Admin Access" }).waitFor();
    const status = await page.evaluate(async () => (await fetch("/api/admin/menu-items", { credentials: "include" })).status);
    expect(status).toBe(401);
    const featured = await page.evaluate(
      async () => (await fetch("/api/featured-items/1", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: "{}" })).status,
    );
    expect(featured).toBe(401);
  }, STEP_TIMEOUT);
});
