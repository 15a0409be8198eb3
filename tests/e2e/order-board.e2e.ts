// A shift lead's service on the kitchen tablet (1024x768): the console opens on the Orders board; a
// paid order placed meanwhile appears in New within 5 s without a reload, with its chime's banner and
// the count in the tab's title; Start and Ready move it across, and the diner's page says Ready; a
// curbside diner's "I'm here" shows on their card within 5 s. The
// dangerous steps wait behind More, naming the amount; a lost connection is said and caught up; the
// pause shows as a red bar on every tab; and the board is usable on a phone (390x844), every button
// at least 44 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";

/** Saturday noon in Miami: the brunch menu is open. */
const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PASSWORD = "journey-board-password";
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let order = { orderId: "", orderNumber: "" };

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD } }), launchBrowser()]);
  context = await offlineContext(browser, TABLET);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
});

const JOURNEY = { timeout: 120_000 };

/** Places a paid pickup order as the checkout does, and answers its id and number. */
async function placeOrder(extra: Record<string, unknown> = {}): Promise<{ orderId: string; orderNumber: string }> {
  const placed = await fetch(`${site.url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID(), origin: site.url },
    body: JSON.stringify({
      items: [{ id: 1, quantity: 1 }],
      orderType: "pickup",
      customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
      paymentToken: "cnon:card-nonce-ok",
      ...extra,
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  return (await placed.json()) as { orderId: string; orderNumber: string };
}

/** Every visible button or summary of the board smaller than 44 px either way: their names. */
function smallTargets(): Promise<string[]> {
  return page.getByRole("region", { name: "Order board" }).evaluate((board) =>
    [...board.querySelectorAll("button")]
      .filter((button) => button.offsetParent !== null)
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.width < 44 || box.height < 44;
      })
      .map((button) => `${button.textContent} ${Math.round(button.getBoundingClientRect().width)}x${Math.round(button.getBoundingClientRect().height)}`),
  );
}

describe("the kitchen's order board", JOURNEY, () => {
  it("opens on the Orders board, offers sound, and shows a new paid order within 5 s with its chime and count", async () => {
    await page.goto(`${site.url}/admin`);
    const dialog = page.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { name: "Order board" }).waitFor();
    expect(await page.getByRole("tab", { name: "Orders" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { name: "New (0)" }).waitFor();
    await page.getByRole("button", { name: "Tap to enable sound" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Tap to enable sound" }).count()).toBe(0);

    order = await placeOrder();
    const placedAt = Date.now();
    const card = page.getByRole("region", { name: "New (1)" }).getByRole("listitem", { name: `Order #${order.orderNumber}` });
    await card.waitFor({ timeout: 5_000 });
    expect(Date.now() - placedAt).toBeLessThan(5_000);
    await page.getByRole("status").getByText(`New order #${order.orderNumber}`).waitFor();
    await card.getByText("New order", { exact: true }).waitFor();
    await card.getByText("1 × Hot Maple Flatbread").waitFor();
    await expect.poll(() => page.title()).toBe("(1) Orders · Jealous Fork");
    expect(await smallTargets()).toEqual([]);
    await expectNoAxeViolations(page);
  });

  it("keeps Refund and Cancel behind More, each asking first with the amount", async () => {
    const card = page.getByRole("listitem", { name: `Order #${order.orderNumber}` });
    await card.getByRole("button", { name: `More for order #${order.orderNumber}` }).click();
    await card.getByRole("button", { name: /^Cancel order/ }).click();
    const cancel = card.getByRole("alertdialog", { name: `Cancel order #${order.orderNumber} ($17.20)?` });
    await cancel.getByRole("checkbox", { name: "Also refund $17.20 to the card" }).waitFor();
    await cancel.getByRole("button", { name: "Keep the order" }).click();
    await card.getByRole("button", { name: `More for order #${order.orderNumber}` }).click();
    await card.getByRole("button", { name: "Refund $17.20..." }).click();
    const refund = card.getByRole("alertdialog", { name: "Refund $17.20 to the card?" });
    expect(await refund.getByRole("button", { name: "Refund $17.20" }).isDisabled()).toBe(true);
    // The safe answer has the focus, and Escape leaves the question too.
    await expect.poll(() => refund.getByRole("button", { name: "Keep the payment" }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    expect(await card.getByRole("alertdialog").count()).toBe(0);
  });

  it("moves the order with one tap per step, Start then Ready, and the diner's page says Ready", async () => {
    const inColumn = (column: string) => page.getByRole("region", { name: column }).getByRole("listitem", { name: `Order #${order.orderNumber}` });
    await inColumn("New (1)").getByRole("button", { name: /^Start/ }).click();
    await inColumn("In the kitchen (1)").getByRole("button", { name: /^Ready/ }).click();
    await inColumn("Ready (1)").getByRole("button", { name: /^Picked up/ }).waitFor();
    await expect.poll(() => page.title()).toBe("Orders · Jealous Fork");

    const diner = await context.newPage();
    await diner.goto(`${site.url}/order-confirmation/${order.orderId}`);
    await expect.poll(() => diner.getByTestId("order-status").textContent()).toContain("Ready");
    await diner.close();
  });

  it("says when it is offline, and catches up with what changed meanwhile when the connection is back", async () => {
    await context.setOffline(true);
    await page.getByRole("alert").getByText(/^Offline since/).waitFor({ timeout: 10_000 });
    const second = await placeOrder();
    await context.setOffline(false);
    await page.getByRole("listitem", { name: `Order #${second.orderNumber}` }).waitFor({ timeout: 10_000 });
    expect(await page.getByText(/^Offline since/).count()).toBe(0);
  });

  it("shows a curbside diner's \"I'm here\" on the card as \"Arrived: red Civic\" within 5 s", async () => {
    const curbside = await placeOrder({ curbside: { car: "red Civic" } });
    const card = page.getByRole("listitem", { name: `Order #${curbside.orderNumber}` });
    await card.getByText("Curbside: red Civic").waitFor({ timeout: 10_000 });

    // The diner's phone, at the restaurant's time (the button opens an hour before the promised time).
    const phone = await offlineContext(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await phone.clock.setFixedTime(new Date(SATURDAY_NOON));
    const diner = await phone.newPage();
    await diner.goto(`${site.url}/order-confirmation/${curbside.orderId}`);
    await diner.getByRole("button", { name: "I'm here" }).click();
    const tappedAt = Date.now();
    await diner.getByText(/We know you're here/).waitFor();
    await card.getByText("Arrived: red Civic").waitFor({ timeout: 5_000 });
    expect(Date.now() - tappedAt).toBeLessThan(5_000);
    await page.getByText(`#${curbside.orderNumber} is at the curb: red Civic`).waitFor();
    await phone.close();
  });

  it("shows the pause as a red bar on every tab, with Resume", async () => {
    await page.getByRole("button", { name: "Pause ordering" }).click();
    await page.getByRole("button", { name: "Pause now" }).click();
    const bar = page.getByRole("alert").filter({ hasText: "PAUSED until 1:00 PM" });
    await bar.waitFor();
    await page.getByRole("tab", { name: "Messages" }).click();
    await bar.waitFor();
    await bar.getByRole("button", { name: "Resume" }).click();
    await expect.poll(() => page.getByText("PAUSED until 1:00 PM").count()).toBe(0);
    await page.getByRole("button", { name: "Pause ordering" }).waitFor();
    await page.getByRole("tab", { name: "Orders" }).click();
  });

  it("finds a dish on the Stock tab, 86es it with one large switch, the menu shows it out of stock, and 86 until tomorrow shows when it is back", async () => {
    await page.getByRole("tab", { name: "Stock" }).click();
    await page.getByRole("searchbox", { name: "Search dishes" }).fill("maple flat");
    await page.getByText("1 of", { exact: false }).waitFor();
    const toggle = page.getByRole("switch", { name: "In stock: Hot Maple Flatbread" });
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await page.getByRole("checkbox", { name: /^Out of stock only/ }).check();
    await toggle.waitFor();
    const diner = await context.newPage();
    await diner.goto(`${site.url}/full-menu`);
    await diner.getByRole("article", { name: "Hot Maple Flatbread" }).getByText("Out of Stock", { exact: true }).waitFor();
    await diner.close();
    await page.getByRole("checkbox", { name: /^Out of stock only/ }).uncheck();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    // "86 until tomorrow" in one tap: out now, and the row says when it is back (tomorrow's opening).
    await page.getByRole("button", { name: "86 until tomorrow: Hot Maple Flatbread" }).click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await page.getByText(/^Back at \d{1,2}:\d{2} (AM|PM)/).waitFor();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => page.getByText(/^Back at \d/).count()).toBe(0);
    await page.getByRole("tab", { name: "Orders" }).click();
  });

  it("keeps the last of two quick taps on a dish when the kitchen's first answer comes back after the second", async () => {
    await page.getByRole("tab", { name: "Stock" }).click();
    await page.getByRole("searchbox", { name: "Search dishes" }).fill("maple flat");
    const toggle = page.getByRole("switch", { name: "In stock: Hot Maple Flatbread" });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    // The first tap's answer is held back 1.5 s on its way to the tablet, as on a slow kitchen Wi-Fi.
    let [asked, answered] = [0, 0];
    await page.route("**/api/featured-items/*/stock", async (route) => {
      const first = asked++ === 0;
      const response = await route.fetch();
      if (first) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ response });
      answered++;
    });
    await toggle.click();
    await page.getByRole("button", { name: "86 until tomorrow: Hot Maple Flatbread" }).click();
    await expect.poll(() => answered).toBe(2);
    await page.unroute("**/api/featured-items/*/stock");
    // The second tap stands, on the tablet and on the server.
    await page.getByText(/^Back at \d{1,2}:\d{2} (AM|PM)/).waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await page.reload();
    await page.getByRole("tab", { name: "Stock" }).click();
    await page.getByRole("searchbox", { name: "Search dishes" }).fill("maple flat");
    await page.getByText(/^Back at \d{1,2}:\d{2} (AM|PM)/).waitFor();
    await toggle.click();
    await expect.poll(() => page.getByText(/^Back at \d/).count()).toBe(0);
    await page.getByRole("tab", { name: "Orders" }).click();
  });

  it("fits a phone (390x844): no sideways scrolling, and every board button is at least 44 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { name: "Order board" }).waitFor();
    const card = page.getByRole("listitem", { name: `Order #${order.orderNumber}` });
    await card.getByRole("button", { name: /^Picked up/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await smallTargets()).toEqual([]);
    await card.getByRole("button", { name: /^Picked up/ }).click();
    await expect.poll(() => card.count()).toBe(0);
  });
});
