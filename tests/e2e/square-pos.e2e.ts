// Square as the kitchen's system of record, in Chromium against the production build and a fake
// Square: a customer pays for a delivery order, the kitchen marks it ready on the fake Point of Sale
// (which notifies the site with a signed webhook), and the customer's confirmation page says 'Ready'
// without a reload; staff refund half of it from the console and the page shows the refund; the
// Sales tab shows the day's figures and its chart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { offlineContext } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { SATURDAY_NOON, useSquareJourney } from "../support/squareJourney";
import { expectNoAxeViolations } from "../support/axe";

const PASSWORD = "journey-admin-password";
const NOTIFICATION_URL = "https://jealousfork.example/api/square/webhooks";
const SIGNATURE_KEY = "journey-webhook-signature-key";

const journey = useSquareJourney({
  env: {
    ADMIN_PASSWORD: PASSWORD,
    SQUARE_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY,
    SQUARE_WEBHOOK_URL: NOTIFICATION_URL,
    // No Web Payments application: the checkout shows the test card form, whose sandbox nonce the fake Square takes.
    PUBLIC_SQUARE_APPLICATION_ID: undefined,
  },
});
let customer: BrowserContext;
let page: Page;
let staff: BrowserContext;
let orderNumber: string;

beforeAll(async () => {
  // Registered at the public URL (part of what Square signs); delivered to this run's server.
  journey.square.subscribeWebhooks({
    notificationUrl: NOTIFICATION_URL,
    signatureKey: SIGNATURE_KEY,
    deliver: (n) =>
      fetch(`${journey.site.url}/api/square/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-square-hmacsha256-signature": n.signature },
        body: n.body,
      }),
  });
  customer = await offlineContext(journey.browser);
  await customer.clock.setFixedTime(new Date(SATURDAY_NOON));
  page = await customer.newPage();
});

afterAll(async () => {
  await customer?.close();
  await staff?.close();
});

/** Whether the customer's page is still the one first loaded: set once, lost by any reload or navigation. */
const stillTheSamePage = () => page.evaluate(() => (window as { journeyMark?: boolean }).journeyMark === true);

const JOURNEY = { timeout: 90_000 };

describe("the kitchen's POS and the customer's page", JOURNEY, () => {
  it("takes a paid delivery order that shows on the POS as a ticket with the address", async () => {
    await putCart(page, journey.site.url);
    await page.goto(`${journey.site.url}/checkout`);
    await page.getByLabel("Delivery").check();
    await page.getByLabel("Full Name").fill("Ana Pérez");
    await page.getByLabel("Email").fill("ana@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");
    await page.getByLabel("Street Address").fill("14417 SW 42nd St");
    await page.getByLabel("ZIP Code").fill("33175");
    await page.getByLabel("Delivery Notes (optional)").fill("Blue door");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: "Pay $58.74 (test)" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole("heading", { name: "Thank you! Your order is confirmed." }).waitFor();
    orderNumber = (await page.getByTestId("order-number").textContent())!.slice(1);
    expect(await page.getByTestId("order-status").textContent()).toBe("Confirmed");

    const [ticket] = journey.square.posOrders();
    expect(ticket?.reference_id).toBe(orderNumber);
    expect(ticket.fulfillments[0].type).toBe("PICKUP");
    expect(ticket.fulfillments[0].pickup_details.note).toContain("DELIVERY (not a pickup)");
    expect(ticket.fulfillments[0].pickup_details.note).toContain("14417 SW 42nd St, Miami, FL 33175");
    expect(ticket.fulfillments[0].pickup_details.note).toContain("Notes: Blue door");
  });

  it("shows 'Ready' without a reload once the kitchen marks the order ready on the POS", async () => {
    await page.evaluate(() => ((window as { journeyMark?: boolean }).journeyMark = true));
    const [ticket] = journey.square.posOrders();
    journey.square.posSetFulfillmentState(ticket.id, "PREPARED");
    const statuses = await journey.square.deliverWebhooks();
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The page asks again every 15 seconds.
    await page.getByTestId("order-status").getByText("Ready", { exact: true }).waitFor({ timeout: 25_000 });
    expect(await page.getByTestId("order-status").getAttribute("data-tone")).toBe("blue");
    expect(await stillTheSamePage()).toBe(true);
  });

  it("shows the refund without a reload after staff refund half of the order from the console", async () => {
    staff = await offlineContext(journey.browser);
    const console = await staff.newPage();
    await console.goto(`${journey.site.url}/admin#orders`);
    const dialog = console.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await console.getByRole("tab", { name: "Orders" }).click();
    await console.getByRole("listitem", { name: `Order #${orderNumber}` }).getByText("Ready", { exact: true }).waitFor();
    // A part refund is made from today's orders, folded below the board.
    await console.getByText("All of today's orders, payments and refunds").click();
    const order = console.getByRole("listitem", { name: `Today's order #${orderNumber}` });
    await order.getByRole("button", { name: `Refund order #${orderNumber}` }).click();
    const form = console.getByRole("form", { name: `Refund order #${orderNumber}` });
    expect(await form.getByLabel(/Amount to refund/).inputValue()).toBe("58.74");
    await form.getByLabel(/Amount to refund/).fill("29.37");
    await form.getByLabel("Reason").fill("Half: the delivery was late");
    await form.getByRole("button", { name: "Send refund" }).click();
    await console.getByText("Refund Sent").first().waitFor();
    await order.getByText("Refund $29.37, on its way to the card: Half: the delivery was late").waitFor();
    await expectNoAxeViolations(console);

    expect(journey.square.requestsTo("POST", "/v2/refunds").map((r) => r.body.amount_money)).toEqual([{ amount: 2937, currency: "USD" }]);
    await page.getByText("Partly refunded: $29.37").waitFor({ timeout: 25_000 });
    await page.getByText("Refund of $29.37 on its way to your card").waitFor();
    expect(await stillTheSamePage()).toBe(true);

    // The Sales tab: the day's figures and the orders-per-hour picture drawn by the server.
    await console.getByRole("tab", { name: "Sales" }).click();
    await console.getByRole("heading", { name: "Sales of 2026-11-21" }).waitFor();
    const chart = console.getByRole("img", { name: /^Orders per hour: the busiest hour starts at 12 PM with 1 orders/ });
    await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await console.getByText("Refunds", { exact: true }).locator("xpath=following-sibling::dd").textContent()).toBe("$29.37");
    await expectNoAxeViolations(console);
  });
});
