// Checkout journeys in Chromium against the production build, restaurant and browser clocks fixed at
// Saturday noon in Miami, paying through the local sandbox gateway with the test card form: with the
// mouse and with the keyboard alone, axe on each step (details, payment, confirmation) at both sizes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, offlineContext, MOBILE, slowRequests } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T17:00:00Z";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function newPage(options = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await offlineContext(browser, options);
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  return { context, page: await context.newPage() };
}

/** Puts a cart in the browser's storage the way the cart store saves it, then opens the checkout. */
async function checkoutWithCart(page: Page): Promise<void> {
  await putCart(page, site.url);
  await page.goto(`${site.url}/checkout`);
  await page.getByRole("heading", { name: "Checkout" }).waitFor();
}

async function fillCustomer(page: Page, customer = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" }) {
  await page.getByLabel("Full Name").fill(customer.name);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Phone").fill(customer.phone);
}

/** The one visible toast's text. */
async function toastText(page: Page): Promise<string> {
  const toast = page.getByRole("region", { name: /^(Notifications|Notificaciones)/ }).getByRole("listitem").first();
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByRole("region", { name: /^(Notifications|Notificaciones)/ }).getByText(text).first().waitFor();
}

/** What a person sees of the focused element: its name, and whether a focus ring or outline shows. */
async function focused(page: Page): Promise<{ name: string; tag: string; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { name: "", tag: "body", visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const label = (element as HTMLInputElement).labels?.[0]?.textContent ?? "";
    const name = (element.getAttribute("aria-label") ?? (label || element.textContent) ?? "").replace(/\s+/g, " ").trim();
    return { name, tag: element.tagName.toLowerCase(), visible: outline || ring };
  });
}

/**
 * Presses Tab until the focused element's name matches, checking on the way that every element
 * the keyboard reaches shows where the focus is.
 */
async function tabTo(page: Page, name: string | RegExp, key: "Tab" | "Shift+Tab" = "Tab", maxPresses = 80): Promise<void> {
  const seen: string[] = [];
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    seen.push(now.name);
    expect(now.visible, `focus is not visible on <${now.tag}> "${now.name}", after ${seen.join(" | ")}`).toBe(true);
    if (typeof name === "string" ? now.name === name : name.test(now.name)) return;
  }
  throw new Error(`Tab never reached "${name}"; it went through: ${seen.join(" | ")}`);
}

// Journeys wait on first-use compilation of pages and functions, minutes on a loaded shared machine.
const JOURNEY = { timeout: 90_000 };

describe("checkout", JOURNEY, () => {
  it("pays for a pickup order with the test card and lands on the confirmation", async () => {
    const { context, page } = await newPage();
    await page.goto(`${site.url}/full-menu`);
    const addBites = page.getByRole("article", { name: "Billionaire Brunch Bites" }).getByRole("button", { name: "Add to Cart" });
    await addBites.click();
    await addBites.click();
    await page.getByRole("article", { name: "Hot Maple Flatbread" }).getByRole("button", { name: "Add to Cart" }).click();

    await page.goto(`${site.url}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$53.75");
    await fillCustomer(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await page.getByRole("main").getByText("TEST MODE").waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Pay $53.75 (test)" }).click();

    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole("heading", { name: "Thank you! Your order is confirmed." }).waitFor();
    await waitForToast(page, "Order Placed Successfully!");
    await expectNoAxeViolations(page);
    const orderNumber = (await page.getByTestId("order-number").textContent())!;
    expect(orderNumber).toMatch(/^#[A-Z2-9]{5}$/);
    expect(await toastText(page)).toContain(`Your order ${orderNumber} has been confirmed.`);
    expect(await page.getByTestId("order-status").textContent()).toBe("Confirmed");
    expect(await page.getByTestId("order-status").getAttribute("data-tone")).toBe("green");
    expect(await page.getByTestId("order-total").textContent()).toBe("$53.75");
    // Saturday noon and 15 minutes of lead time: the kitchen quotes the next quarter hour.
    await page.getByRole("main").getByText("Ready for pickup around 12:15 PM").waitFor();
    await page.getByRole("main").getByText("(305) 699-1430").waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Order again" }).getAttribute("href")).toBe("/menu");
    expect(await page.getByRole("main").getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("jealous-fork-cart") ?? "{}"));
    expect(cart.items).toEqual([]);

    // A reloaded confirmation page shows the same order.
    await page.reload();
    await page.getByRole("heading", { name: "Thank you! Your order is confirmed." }).waitFor();
    expect(await page.getByTestId("order-number").textContent()).toBe(orderNumber);
    expect(await page.getByRole("main").getByText("Billionaire Brunch Bites").count()).toBe(1);
    await context.close();
  });

  it("orders from the menu to the confirmation with the keyboard alone, the focus always visible", async () => {
    const { context, page } = await newPage();
    // Keys go to the focused tab only.
    await page.bringToFront();
    await page.goto(`${site.url}/full-menu`);
    const add = page.getByRole("article", { name: "Hot Maple Flatbread" }).getByRole("button", { name: "Add to Cart" });
    await expect.poll(() => add.isEnabled()).toBe(true);

    // The first dish's Add to Cart, then back up to the navigation's cart button.
    await tabTo(page, "Add to Cart");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("jealous-fork-cart") ?? "{}").items?.map((item: { name: string }) => item.name)))
      .toEqual(["Hot Maple Flatbread"]);
    await tabTo(page, /^Cart, 1 item/, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByText("Hot Maple Flatbread").waitFor();
    await tabTo(page, "Proceed to Checkout");
    await page.keyboard.press("Enter");

    await page.waitForURL(`${site.url}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    await tabTo(page, "Full Name");
    await page.keyboard.type("Ana Pérez");
    await tabTo(page, "Email");
    await page.keyboard.type("ana@example.com");
    await tabTo(page, "Phone");
    await page.keyboard.type("(305) 555-0142");
    await tabTo(page, "Continue to Payment");
    await page.keyboard.press("Enter");

    await page.getByRole("button", { name: /^Pay / }).waitFor();
    await tabTo(page, /^Pay \$\d+\.\d\d \(test\)$/);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole("heading", { name: "Thank you! Your order is confirmed." }).waitFor();
    expect(await page.getByRole("main").getByText("Hot Maple Flatbread").count()).toBe(1);
    await context.close();
  });

  it("takes a delivery order to an address we serve, with the delivery fee", async () => {
    const { context, page } = await newPage(MOBILE);
    await checkoutWithCart(page);
    await page.getByLabel("Delivery").check();
    await page.getByRole("main").getByText("Delivery Fee").waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$58.74");
    await fillCustomer(page);
    expect(await page.getByLabel("City").inputValue()).toBe("Miami");
    expect(await page.getByLabel("State").inputValue()).toBe("FL");
    await page.getByLabel("Street Address").fill("14417 SW 42nd St");
    await page.getByLabel("ZIP Code").fill("33175");
    await page.getByLabel("Delivery Notes (optional)").fill("Blue door");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: "Pay $58.74 (test)" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Pay $58.74 (test)" }).click();

    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    await page.getByRole("main").getByRole("heading", { name: "Delivery" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("main").getByText("14417 SW 42nd St").waitFor();
    await page.getByRole("main").getByText("Miami, FL 33175").waitFor();
    await page.getByRole("main").getByText("Notes: Blue door").waitFor();
    // Saturday noon and 45 minutes of delivery lead time.
    await page.getByRole("main").getByText("Arriving around 12:45 PM").waitFor();
    expect(await page.getByTestId("order-total").textContent()).toBe("$58.74");
    await context.close();
  });

  it("keeps a declined card on the payment step, its answer staying beside the summary with 'You have not been charged'", async () => {
    const { context, page } = await newPage();
    await checkoutWithCart(page);
    await fillCustomer(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByLabel("Declined").check();
    await page.getByRole("button", { name: "Pay $53.75 (test)" }).click();
    const answer = page.getByRole("alert").filter({ hasText: "We could not place your order" });
    await answer.waitFor();
    expect(await answer.textContent()).toContain("Your card was declined. Check the details or use another card.");
    expect(await answer.textContent()).toContain("You have not been charged.");
    expect(page.url()).toBe(`${site.url}/checkout`);
    await page.getByRole("heading", { name: "Payment" }).waitFor();

    // A new attempt with a good card then goes through.
    await page.getByLabel("Approved").check();
    await page.getByRole("button", { name: "Pay $53.75 (test)" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    await context.close();
  });

  it("keeps a declined card on the Spanish payment step, saying so in Spanish, then pays and lands on the Spanish order page", async () => {
    const { context, page } = await newPage();
    await putCart(page, site.url);
    await page.goto(`${site.url}/es/checkout`);
    await page.getByLabel("Nombre completo").fill("Ana Pérez");
    await page.getByLabel("Correo electrónico").fill("ana@example.com");
    await page.getByLabel("Teléfono").fill("(305) 555-0142");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await page.getByRole("main").getByText("MODO DE PRUEBA").waitFor();
    await page.getByLabel("Rechazada").check();
    await page.getByRole("button", { name: "Pagar $53.75 (prueba)" }).click();
    // The server's own sentence, in the language it answers X-Site-Locale with, stays beside the summary.
    const answer = page.getByRole("alert").filter({ hasText: "No pudimos hacer tu pedido" });
    await answer.waitFor();
    expect(await answer.textContent()).toContain("No se te ha cobrado nada.");
    expect(page.url()).toBe(`${site.url}/es/checkout`);
    await page.getByRole("heading", { name: "Pago" }).waitFor();

    await page.getByLabel("Aprobada").check();
    await page.getByRole("button", { name: "Pagar $53.75 (prueba)" }).click();
    await page.waitForURL(/\/es\/confirmacion-de-pedido\//);
    await page.getByRole("heading", { name: "¡Gracias! Tu pedido está confirmado." }).waitFor();
    await context.close();
  });

  it("shows every validation message before the card form", async () => {
    const { context, page } = await newPage();
    await checkoutWithCart(page);
    const cont = page.getByRole("button", { name: "Continue to Payment" });

    await cont.click();
    await waitForToast(page, "Missing Information");
    expect(await toastText(page)).toContain("Please fill in all customer information fields.");

    await fillCustomer(page);
    await page.getByLabel("Delivery").check();
    await cont.click();
    await waitForToast(page, "Missing Delivery Information");
    expect(await toastText(page)).toContain("Please provide delivery address and zip code.");

    await page.getByLabel("Street Address").fill("350 5th Ave");
    await page.getByLabel("ZIP Code").fill("10118");
    await page.getByRole("main").getByText("we don't deliver to ZIP code 10118").first().waitFor();
    await cont.click();
    await waitForToast(page, "Delivery Not Available");

    await page.getByLabel("ZIP Code").fill("33175");
    await page.getByLabel("Email").fill("ana@");
    await cont.click();
    await waitForToast(page, "Please enter a valid email address.");
    expect(await page.getByRole("main").getByText("TEST MODE").count()).toBe(0);

    await page.getByLabel("Email").fill("ana@example.com");
    await cont.click();
    await page.getByRole("main").getByText("TEST MODE").waitFor();
    await context.close();
  });

  it("keeps the customer's fields where they are while the pickup times load", async () => {
    const { context, page } = await newPage(MOBILE);
    // A slow network: the times arrive well after the form is on screen.
    await slowRequests(page, "**/api/schedule*", 600);
    await checkoutWithCart(page);
    const phone = page.getByLabel("Phone");
    await phone.waitFor();
    await page.getByText("Loading times...").waitFor();
    const before = await phone.boundingBox();
    await page.getByRole("group", { name: "When?" }).getByText(/Ready around/).waitFor();
    expect(await phone.boundingBox()).toEqual(before);
    expect(await page.getByRole("radio", { name: /As soon as possible/ }).isChecked()).toBe(true);
    await context.close();
  });

  it("sends an empty cart back to the full menu", async () => {
    const { context, page } = await newPage();
    await page.goto(`${site.url}/checkout`);
    await page.waitForURL(`${site.url}/full-menu`);
    await context.close();
  });

  it("says 'Order Not Found' for an unknown order and goes home", async () => {
    const { context, page } = await newPage();
    await page.goto(`${site.url}/order-confirmation/AAAAAAAAAAAAAAAAAAAAAA`);
    await waitForToast(page, "Order Not Found");
    expect(await toastText(page)).toContain("Unable to load order details. Please contact us if you need assistance.");
    await page.waitForURL(`${site.url}/`);
    await context.close();
  });
});

/** The card form as Square would show it: the config answer and Square's script, both played by the test. */
const SQUARE_CONFIG = {
  mode: "square",
  applicationId: "sandbox-sq0idb-test",
  locationId: "LFAKEMIAMI01",
  environment: "sandbox",
  scriptUrl: "https://sandbox.web.squarecdn.com/v1/square.js",
};

/** A stand-in for Square's square.js: `card` and `tokenize` behave as each test needs. */
function fakeSquareScript(card: string, tokenize: string): string {
  return `window.Square = { payments(appId, locationId) {
    window.__squareInit = { appId, locationId };
    return { card: ${card} };
  } };
  window.__tokenize = ${tokenize};`;
}
const WORKING_CARD = `async () => ({
  async attach(target) { target.textContent = "Card number / MM/YY / CVV"; },
  async tokenize(details) { window.__tokenizeDetails = details; return window.__tokenize(details); },
  async destroy() { return true; },
})`;

async function squareCheckout(page: Page, script: string | null): Promise<void> {
  await page.route("**/api/payment-config", (route) => route.fulfill({ json: SQUARE_CONFIG }));
  if (script !== null) {
    await page.route(SQUARE_CONFIG.scriptUrl, (route) => route.fulfill({ contentType: "text/javascript", body: script }));
  }
  await checkoutWithCart(page);
  await fillCustomer(page);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
}

describe("checkout with Square's card form", JOURNEY, () => {
  it("tokenizes the amount in USD with intent CHARGE and the customer's own contact, then places the order", async () => {
    const { context, page } = await newPage();
    await squareCheckout(page, fakeSquareScript(WORKING_CARD, `async () => ({ status: "OK", token: "cnon:card-nonce-ok" })`));
    await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
    await page.getByRole("button", { name: "Pay $53.75" }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    expect(await page.getByTestId("order-total").textContent()).toBe("$53.75");
    await context.close();
  });

  it("shows the provider's messages when the card is not valid, having sent the customer's own billing contact", async () => {
    const { context, page } = await newPage();
    await squareCheckout(page, fakeSquareScript(WORKING_CARD, `async () => ({ status: "Invalid", errors: [{ message: "Card number is not valid" }, { message: "CVV is not valid" }] })`));
    await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
    await page.getByRole("button", { name: "Pay $53.75" }).click();
    await waitForToast(page, "Payment Error");
    expect(await toastText(page)).toContain("Payment failed: Card number is not valid, CVV is not valid");
    const sent = await page.evaluate(() => ({ init: (window as any).__squareInit, details: (window as any).__tokenizeDetails }));
    expect(sent.init).toEqual({ appId: "sandbox-sq0idb-test", locationId: "LFAKEMIAMI01" });
    expect(sent.details).toMatchObject({
      amount: "53.75",
      currencyCode: "USD",
      intent: "CHARGE",
      billingContact: { givenName: "Ana", familyName: "Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
    });
    await context.close();
  });

  it.each([
    ["Failed to load payment system", null],
    ["Payment system initialization failed", "/* loads, but defines nothing */"],
    ["Payment form initialization failed: attach failed", fakeSquareScript(`async () => { throw new Error("attach failed"); }`, "null")],
  ])("says '%s' when the card form cannot start", async (message, script) => {
    const { context, page } = await newPage();
    await squareCheckout(page, script);
    await waitForToast(page, "Payment Error");
    expect(await toastText(page)).toContain(message);
    await context.close();
  });

  it("says 'Payment system not ready' when Pay comes before the card field, and 'Payment processing failed' when tokenizing throws", async () => {
    const { context, page } = await newPage();
    await page.route("**/api/payment-config", (route) => route.fulfill({ json: SQUARE_CONFIG }));
    let releaseScript: () => void = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(SQUARE_CONFIG.scriptUrl, async (route) => {
      await scriptHeld;
      await route.fulfill({ contentType: "text/javascript", body: fakeSquareScript(WORKING_CARD, `async () => { throw new Error("network"); }`) });
    });
    await checkoutWithCart(page);
    await fillCustomer(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: "Pay $53.75" }).click();
    await waitForToast(page, "Payment system not ready");

    releaseScript();
    await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
    await page.getByRole("button", { name: "Pay $53.75" }).click();
    await waitForToast(page, "Payment processing failed");
    expect(page.url()).toBe(`${site.url}/checkout`);
    await context.close();
  });
});
