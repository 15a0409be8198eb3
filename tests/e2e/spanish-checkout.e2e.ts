// The checkout and the order page in Spanish, in Chromium against the production build configured as
// production Square (its functions talk to the fake Square server) with the fake of Square's Web Payments
// SDK: a person with a cart reads the checkout in Spanish, is told in Spanish what is wrong with an e-mail,
// pays by card on Square's form set to es-US, and reads the order's status and promise in Spanish.
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { offlineContext } from "../support/browser";
import { fakeWebPaymentsScript, type FakeWebPaymentsOptions } from "../support/fakeWebPayments";
import { BRUNCH_BITES, FLATBREAD, SATURDAY_NOON, useSquareJourney, WEB_PAYMENTS } from "../support/squareJourney";
import { PAYMENT_WORDS, SQUARE_SCRIPT_URLS } from "../../src/domain/payment";
import { checkoutWords } from "../../src/domain/i18n/ui/checkout";
import { orderWords } from "../../src/domain/i18n/ui/order";
import { totalsWords } from "../../src/domain/i18n/ui/totals";
import type { Dictionary } from "../../src/domain/i18n/translate";
import { expectNoAxeViolations } from "../support/axe";

const journey = useSquareJourney({ env: WEB_PAYMENTS, resetBeforeEach: true });

/** A browser (offline but for 127.0.0.1) whose square.js is the fake, or blocked when `sdk` is null. */
async function newJourney(sdk: FakeWebPaymentsOptions | null): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await offlineContext(journey.browser, { viewport: { width: 1280, height: 800 } });
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  if (sdk) await context.route(SQUARE_SCRIPT_URLS.production, (route) => route.fulfill({ contentType: "text/javascript", body: fakeWebPaymentsScript(sdk) }));
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on("pageerror", (error) => errors.push(error));
  return { context, page, errors };
}

/** Fills the cart as the cart store saves it and opens the Spanish checkout. */
async function spanishCheckoutWithCart(page: Page): Promise<void> {
  await page.goto(`${journey.site.url}/robots.txt`);
  await page.evaluate((cart) => localStorage.setItem("jealous-fork-cart", JSON.stringify(cart)), {
    items: [{ ...BRUNCH_BITES, quantity: 2 }, { ...FLATBREAD, quantity: 1 }],
    deliveryFee: 0,
  });
  await page.goto(`${journey.site.url}/es/checkout`);
  await page.getByRole("heading", { name: "Resumen del pedido" }).waitFor();
}

async function fillCustomer(page: Page, email = "ana@example.com"): Promise<void> {
  await page.getByLabel("Nombre completo").fill("Ana Pérez");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Teléfono").fill("(305) 555-0142");
}

async function toastText(page: Page): Promise<string> {
  const toast = page.getByRole("region", { name: /Notifications|Notificaciones/ }).getByRole("listitem").first();
  await toast.waitFor();
  return (await toast.textContent()) ?? "";
}

const fakeState = (page: Page) => page.evaluate(() => (window as unknown as { __squareFake: any }).__squareFake);

/** The English phrases of these dictionaries (their Spanish differs) that the page's main part still shows. */
async function englishLeft(page: Page, ...dictionaries: Dictionary[]): Promise<string[]> {
  const text = await page.getByRole("main").innerText();
  const phrases = dictionaries.flatMap((dictionary) =>
    Object.values(dictionary).flatMap((entry) => (typeof entry.en === "string" && entry.en.includes(" ") && entry.en !== entry.es ? [entry.en] : [])),
  );
  return phrases.filter((phrase) => text.includes(phrase));
}

const JOURNEY = { timeout: 120_000 };

describe("the checkout in Spanish", JOURNEY, () => {
  it("pays by card on Square's form in es-US and lands on the Spanish order page, with its status and promise", async () => {
    const { context, page, errors } = await newJourney({});
    await spanishCheckoutWithCart(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const alternates = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), new URL(link.getAttribute("href")!).pathname]));
    expect(alternates).toEqual([["en", "/checkout"], ["es", "/es/checkout"], ["x-default", "/checkout"]]);

    // What a person reads before paying.
    await page.getByRole("heading", { level: 1, name: "Finalizar pedido" }).waitFor();
    expect(await page.getByRole("radio", { name: /Recoger en el local/ }).isChecked()).toBe(true);
    await page.getByRole("group", { name: "¿Para cuándo?" }).getByText("Listo hacia las 12:15 p. m.").waitFor();
    expect(await page.getByRole("radio", { name: /Lo antes posible/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: /Sin propina/ }).waitFor();
    await page.getByLabel("Nota para la cocina").waitFor();
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$53.75");
    await page.getByText("Impuesto (7.5%)").waitFor();
    expect(await englishLeft(page, checkoutWords, totalsWords, PAYMENT_WORDS)).toEqual([]);

    // A bad e-mail is caught in Spanish, before the card form.
    await fillCustomer(page, "ana@");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    const toast = await toastText(page);
    expect(toast).toContain("Revisa tus datos");
    expect(toast).toContain("Escribe un correo electrónico válido.");
    expect(await page.getByRole("heading", { name: "Pago" }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByLabel("Correo electrónico").fill("ana@example.com");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await page.getByRole("heading", { name: "Pago" }).waitFor();
    await page.getByText("Para recoger en el local, a nombre de Ana Pérez").waitFor();
    // Square was told Spanish before its card field was attached, and drew the field in it.
    await page.getByRole("main").getByText("Número de tarjeta / MM/AA / CVV").waitFor();
    expect((await fakeState(page)).locales).toEqual([{ locale: "es-US", startedBefore: [] }]);
    await page.getByRole("group", { name: "Paga con una billetera digital" }).getByRole("button", { name: "Buy with Google Pay" }).waitFor();
    await page.getByText("O paga con tarjeta").waitFor();
    expect((await fakeState(page)).paymentRequests.at(-1).total).toEqual({ amount: "53.75", label: "Pedido de Jealous Fork" });
    expect(await englishLeft(page, checkoutWords, totalsWords, PAYMENT_WORDS)).toEqual([]);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Pagar $53.75" }).click();
    await page.waitForURL(/\/es\/confirmacion-de-pedido\/[A-Za-z0-9_-]{22}$/);
    expect(journey.square.charges()).toHaveLength(1);
    await page.getByRole("heading", { name: "¡Gracias! Tu pedido está confirmado." }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const orderNumber = (await page.getByTestId("order-number").textContent())!;
    expect(await toastText(page)).toContain(`Tu pedido ${orderNumber} está confirmado.`);
    expect(await page.getByTestId("order-status").textContent()).toBe("Confirmado");
    expect(await page.getByTestId("order-status-sentence").textContent()).toBe("Recibimos tu pedido: la cocina empezará a prepararlo pronto.");
    // Saturday noon and 15 minutes of lead time: the kitchen quotes the next quarter hour.
    expect(await page.getByTestId("order-promise").textContent()).toBe("Listo para recoger hacia las 12:15 p. m.");
    expect(await page.getByTestId("order-total").textContent()).toBe("$53.75");
    await page.getByRole("main").getByText("(305) 699-1430").waitFor();
    expect(await englishLeft(page, orderWords, totalsWords)).toEqual([]);
    expect(await page.getByRole("main").getByRole("link", { name: "Pedir de nuevo" }).getAttribute("href")).toBe("/es/menu");
    const path = new URL(page.url()).pathname;
    const pageAlternates = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), new URL(link.getAttribute("href")!).pathname]));
    expect(pageAlternates).toEqual([["en", path.slice(3)], ["es", path], ["x-default", path.slice(3)]]);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes a Spanish-speaking customer from /es/ through the menu, the cart and the card to the Spanish order page", async () => {
    const { context, page, errors } = await newJourney({});
    await page.goto(`${journey.site.url}/es`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await Promise.all([
      page.waitForURL(`${journey.site.url}/es/full-menu`),
      page.getByRole("link", { name: "Menú completo" }).first().click(),
    ]);
    await page.waitForSelector("full-menu[data-live]", { state: "attached" });
    await page.getByRole("heading", { level: 1, name: "Nuestro menú" }).waitFor();

    // Two of a drink with no options: added straight to the cart, counted in Spanish.
    const chai = page.getByRole("article", { name: "Dirty Chai", exact: true });
    await chai.getByRole("button", { name: "Agregar al carrito" }).click();
    await chai.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.getByRole("button", { name: "Carrito, 2 artículos" }).click();
    const sheet = page.getByRole("dialog", { name: "Tu pedido (2 artículos)" });
    await sheet.getByText("Subtotal").first().waitFor();
    await Promise.all([page.waitForURL(`${journey.site.url}/es/checkout`), sheet.getByRole("button", { name: "Ir a pagar" }).click()]);

    await page.getByRole("heading", { level: 1, name: "Finalizar pedido" }).waitFor();
    expect(await page.getByRole("radio", { name: /Recoger en el local/ }).isChecked()).toBe(true);
    await fillCustomer(page);
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await page.getByRole("heading", { name: "Pago" }).waitFor();
    const total = (await page.getByTestId("checkout-total").textContent())!;
    expect(total).toMatch(/^\$\d+\.\d{2}$/);
    await page.getByRole("button", { name: `Pagar ${total}` }).click();

    await page.waitForURL(/\/es\/confirmacion-de-pedido\/[A-Za-z0-9_-]{22}$/);
    expect(journey.square.charges()).toHaveLength(1);
    await page.getByRole("heading", { name: "¡Gracias! Tu pedido está confirmado." }).waitFor();
    expect(await page.getByTestId("order-status").textContent()).toBe("Confirmado");
    expect(await page.getByTestId("order-promise").textContent()).toBe("Listo para recoger hacia las 12:15 p. m.");
    expect(await page.getByTestId("order-total").textContent()).toBe(total);
    await page.getByRole("main").getByText("Dirty Chai").first().waitFor();
    expect(await englishLeft(page, orderWords, totalsWords)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the cart when the language switch takes the checkout to English", async () => {
    const { context, page } = await newJourney({});
    await spanishCheckoutWithCart(page);
    await page.getByRole("link", { name: /^English/ }).click();
    await page.waitForURL(`${journey.site.url}/checkout`);
    await page.getByRole("heading", { name: "Order Summary" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.getByTestId("checkout-total").textContent()).toBe("$53.75");
    await page.getByLabel("Full Name").waitFor();
    await context.close();
  });

  it("says in Spanish, with the phone, to call when Square's script cannot load", async () => {
    const { context, page, errors } = await newJourney(null);
    await spanishCheckoutWithCart(page);
    await fillCustomer(page);
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "No se pudo cargar el sistema de pago. Recarga la página o llámanos al (305) 699-1430 para hacer tu pedido." })
      .waitFor();
    expect(await page.getByRole("button", { name: "Pagar $53.75" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says in Spanish that an unknown order was not found, and goes to the Spanish home", async () => {
    const { context, page } = await newJourney(null);
    await page.goto(`${journey.site.url}/es/confirmacion-de-pedido/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(await toastText(page)).toContain("No encontramos el pedido");
    await page.waitForURL(/\/es\/?$/);
    await context.close();
  });
});
