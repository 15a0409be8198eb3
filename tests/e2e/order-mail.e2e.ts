// Customers hear from the restaurant: a customer pays with a test wallet token and the confirmation e-mail
// reaches the mail catcher; staff mark the order ready in the console; the customer's open order page
// says so without a reload, and the "ready" e-mail arrives; the console's Mail tab shows both sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, offlineContext } from "../support/browser";
import { addFromMenu } from "./menuPage";
import { startSite, type RunningSite } from "../support/site";

/** Saturday noon in Miami: the brunch menu is open. */
const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PASSWORD = "journey-mail-password";

let site: RunningSite;
let browser: Browser;
let catcher: MailCatcher;
let customerContext: BrowserContext;
let staffContext: BrowserContext;
let customer: Page;
let orderNumber = "";

beforeAll(async () => {
  catcher = await startMailCatcher();
  [site, browser] = await Promise.all([
    startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD, SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" } }),
    launchBrowser(),
  ]);
  customerContext = await offlineContext(browser);
  await customerContext.clock.setFixedTime(new Date(SATURDAY_NOON));
  staffContext = await offlineContext(browser);
  customer = await customerContext.newPage();
});

afterAll(async () => {
  await customerContext?.close();
  await staffContext?.close();
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

// Journeys wait on first-use compilation of pages and functions, minutes on a loaded shared machine.
const JOURNEY = { timeout: 120_000 };

describe("an order's e-mails and live page", JOURNEY, () => {
  it("pays with a test wallet token, and the confirmation e-mail arrives with the order", async () => {
    await customer.goto(`${site.url}/full-menu`);
    await addFromMenu(customer, "Hot Maple Flatbread");
    await customer.goto(`${site.url}/checkout`);
    await customer.getByRole("heading", { name: "Order Summary" }).waitFor();
    await customer.getByLabel("Full Name").fill("Ana Pérez");
    await customer.getByLabel("Email").fill("ana@example.com");
    await customer.getByLabel("Phone").fill("3055550142");
    await customer.getByRole("button", { name: "Continue to Payment" }).click();
    await customer.getByRole("main").getByText("TEST MODE").waitFor();
    await customer.getByRole("group", { name: "Test wallets" }).getByRole("button", { name: "Apple Pay (test)" }).click();
    await customer.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    orderNumber = ((await customer.getByTestId("order-number").textContent()) ?? "").replace("#", "");
    expect(orderNumber).toMatch(/^[A-Z2-9]{5}$/);
    await customer.getByRole("main").getByText("Ready for pickup around 12:15 PM").waitFor();
    await customer.getByRole("main").getByText("(305) 555-0142").waitFor();

    const mail = await catcher.waitFor((sent) => sent.subject === `Your Jealous Fork order #${orderNumber} is confirmed`, 30_000);
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.text).toContain("Hot Maple Flatbread");
    expect(mail.text).toContain("Ready for pickup around 12:15 PM");
    expect(mail.html).toContain(customer.url().replace(site.url, ""));
  });

  it("staff mark it ready, the open page says so without a reload, and the 'ready' e-mail arrives", async () => {
    // A mark on the page's window: a reload would drop it.
    await customer.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const staff = await staffContext.newPage();
    await staff.goto(`${site.url}/admin#orders`);
    const dialog = staff.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await staff.getByRole("tab", { name: "Orders" }).click();
    const order = staff.getByRole("listitem", { name: `Order #${orderNumber}` });
    await order.getByRole("button", { name: /^Start/ }).click();
    await order.getByText("In the kitchen", { exact: true }).waitFor();
    await customer.getByTestId("order-status-sentence").getByText("The kitchen is preparing your order.").waitFor({ timeout: 15_000 });
    await order.getByRole("button", { name: /^Ready/ }).click();
    await order.getByText("Ready", { exact: true }).waitFor();

    await customer.getByTestId("order-status").getByText("Ready", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await customer.getByTestId("order-status-sentence").textContent()).toBe("Your order is ready for pickup.");
    expect(await customer.getByRole("status").filter({ hasText: "Your order is ready for pickup." }).getAttribute("aria-live")).toBe("polite");
    expect(await customer.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    const ready = await catcher.waitFor((sent) => sent.subject === `Your order #${orderNumber} is ready for pickup`, 30_000);
    expect(ready.to).toEqual(["ana@example.com"]);

    // The console's outbox shows both, sent.
    await staff.getByRole("tab", { name: "Mail" }).click();
    await staff.getByRole("listitem", { name: "Order confirmation to ana@example.com" }).getByText("Sent", { exact: true }).waitFor();
    await staff.getByRole("listitem", { name: "Ready / on its way to ana@example.com" }).getByText("Sent", { exact: true }).waitFor();
    await staff.close();
  });
});
