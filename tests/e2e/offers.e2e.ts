// Promo codes in Chromium at phone size (390x844) against the production build and the fake Square,
// clocks fixed at Saturday noon in Miami, paying with the test card form: the owner creates "$5 off $25,
// first order" in the console's Offers tab; a diner opens the menu from a link carrying the code, adds
// dishes, sees the discount and Square's total before Pay, pays (Square charges that total, its order
// names the code), and the order page and e-mail show the same discount and total, in English and in
// Spanish; a code that gives nothing is told at its field; the owner's tab counts the uses, the discount
// given and the first-time diners won, and a full refund given back frees its use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { MOBILE, offlineContext } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { cardToken } from "../support/fakeSquareCards";
import { SATURDAY_NOON, useSquareJourney } from "../support/squareJourney";
import { expectNoAxeViolations } from "../support/axe";

const PASSWORD = "journey-offers-password";
const CODE = "BRUNCH5";
const DISH = "Banana Walnut Pancakes";

// No Web Payments application: the checkout shows the test card form, whose sandbox nonce the fake Square takes.
const env: Record<string, string | undefined> = { ADMIN_PASSWORD: PASSWORD, PUBLIC_SQUARE_APPLICATION_ID: undefined, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" };
let catcher: MailCatcher;
// Before the journey's own hook starts the site: the site sends its mail to this catcher.
beforeAll(async () => {
  catcher = await startMailCatcher();
  env.SMTP_URL = catcher.smtpUrl;
});
const journey = useSquareJourney({ env });
const site = { get url() { return journey.site.url; } };
let owner: BrowserContext;
let console_: Page;
/** The English diner's order, refunded by the owner at the end. */
let englishOrder = "";
beforeAll(async () => {
  owner = await phone();
  console_ = await owner.newPage();
});
afterAll(async () => {
  await owner?.close();
  await catcher?.stop();
});

async function phone(): Promise<BrowserContext> {
  const context = await offlineContext(journey.browser, MOBILE);
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  return context;
}

/** The words each language's pages use on the way. */
const WORDS = {
  en: { prefix: "", add: "Add to Cart", summary: "Order Summary", name: "Full Name", email: "Email", phone: "Phone", next: "Continue to Payment", pay: (total: string) => `Pay ${total} (test)`, discount: `Discount (${CODE})`, applied: `Code ${CODE} applied`, later: `${CODE} will be applied at checkout`, toggle: "Have a code?", field: "Promo code", apply: "Apply", thanks: "Thank you! Your order is confirmed.", bad: "That code is not valid." },
  es: { prefix: "/es", add: "Agregar al carrito", summary: "Resumen del pedido", name: "Nombre completo", email: "Correo electrónico", phone: "Teléfono", next: "Continuar al pago", pay: (total: string) => `Pagar ${total} (prueba)`, discount: `Descuento (${CODE})`, applied: `Código ${CODE} aplicado`, later: `El código ${CODE} se aplicará al finalizar tu pedido`, toggle: "¿Tienes un código?", field: "Código promocional", apply: "Aplicar", thanks: "¡Gracias! Tu pedido está confirmado.", bad: "Ese código no es válido." },
} as const;

// Journeys wait on first-use compilation of pages and functions, minutes on a loaded shared machine.
const JOURNEY = { timeout: 120_000 };

describe("promo codes at phone size", JOURNEY, () => {
  it("the owner creates a '$5 off $25, first order' code in the console's Offers tab", async () => {
    await console_.goto(`${site.url}/admin`);
    const dialog = console_.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await console_.getByRole("heading", { name: "Jealous Fork Admin" }).waitFor();
    await console_.getByRole("tab", { name: "Offers" }).click();
    await console_.getByText("No offers yet.").waitFor();
    await console_.getByRole("button", { name: "New offer" }).click();
    const form = console_.getByRole("form", { name: "New offer" });
    await form.getByRole("button", { name: "Fill in: $5 off $25, first order" }).click();
    await form.getByLabel("Code", { exact: true }).fill(CODE.toLowerCase());
    expect(await form.getByLabel("Amount off, in dollars").inputValue()).toBe("5");
    expect(await form.getByLabel("Minimum subtotal, in dollars (blank: none)").inputValue()).toBe("25");
    expect(await form.getByRole("checkbox", { name: "First order only" }).isChecked()).toBe(true);
    await expectNoAxeViolations(console_);
    await form.getByRole("button", { name: "Create offer" }).click();

    const card = console_.getByRole("article", { name: CODE });
    await card.waitFor();
    await card.getByText("On", { exact: true }).waitFor();
    await card.getByText("$5.00 off the order; subtotal $25.00 or more · first order only · 1 per diner").waitFor();
    await expectNoAxeViolations(console_);
  });

  for (const locale of ["en", "es"] as const) {
    const w = WORDS[locale];
    it(`a diner opens ${w.prefix}/full-menu?code=…, sees the discount and Square's total before Pay, pays, and the order page shows the same (${locale})`, async () => {
      const context = await phone();
      const page = await context.newPage();
      await page.goto(`${site.url}${w.prefix}/full-menu?code=${locale === "es" ? CODE.toLowerCase() : CODE}`);
      await page.waitForSelector("full-menu[data-live]", { state: "attached" });
      // The link's code is named on the menu from the start, and in the cart.
      await page.getByRole("status").filter({ hasText: w.later }).waitFor();
      const add = page.getByRole("article", { name: DISH, exact: true }).getByRole("button", { name: w.add });
      await add.click();
      await add.click();
      await page.getByRole("button", { name: /^(View order|Ver pedido) · 2 · / }).click();
      await page.getByRole("dialog").getByText(w.later, { exact: true }).waitFor();

      // Any later page: the code was kept with the cart.
      await page.goto(`${site.url}${w.prefix}/checkout`);
      await page.getByRole("heading", { name: w.summary }).waitFor();
      await page.getByText(w.applied, { exact: true }).waitFor();
      const summary = page.getByRole("region", { name: w.summary });
      await summary.getByText(w.discount, { exact: true }).waitFor();
      expect(await page.getByTestId("checkout-total-discount").textContent()).toBe("\u2212$5.00");
      // $32.00 less $5.00, taxed after the discount as Square taxes: below the $34.40 of the cart alone.
      const total = (await page.getByTestId("checkout-total").textContent())!;
      expect(total).toMatch(/^\$29\.0[23]$/);
      await expectNoAxeViolations(page);

      await page.getByLabel(w.name).fill(locale === "en" ? "Ana Pérez" : "Luis Gómez");
      await page.getByLabel(w.email).fill(locale === "en" ? "ana@example.com" : "luis@example.com");
      await page.getByLabel(w.phone).fill(locale === "en" ? "(305) 555-0142" : "(305) 555-0199");
      await page.getByRole("button", { name: w.next }).click();
      // Asked again with the diner's e-mail and phone ("first order only"): still applied, same total.
      const pay = page.getByRole("button", { name: w.pay(total) });
      await pay.waitFor();
      await page.getByText(w.applied, { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      if (locale === "es") {
        // The test card form knows Square's one sandbox card: the second diner pays with a card of their own,
        // or "first order only" would see the first diner's card (its Square fingerprint) and refuse the code.
        await page.route("**/api/orders", (route) =>
          route.request().method() === "POST"
            ? route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), paymentToken: cardToken("4000 0566 5566 5556") }) })
            : route.continue(),
        );
      }
      await pay.click();

      await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
      await page.getByRole("heading", { name: w.thanks }).waitFor();
      await page.getByRole("main").getByText(w.discount, { exact: true }).waitFor();
      await page.getByRole("main").getByText("\u2212$5.00", { exact: true }).waitFor();
      expect(await page.getByTestId("order-total").textContent()).toBe(total);
      await expectNoAxeViolations(page);
      // The confirmation e-mail, in the diner's language, says the same.
      const orderNumber = (await page.getByTestId("order-number").textContent())!.replace("#", "");
      if (locale === "en") englishOrder = orderNumber;
      // Square charged what was shown, and its order names the code (the POS ticket and its reports show it).
      expect(journey.square.charges().at(-1).amount_money.amount).toBe(Math.round(Number(total.slice(1)) * 100));
      expect(journey.square.posOrders().at(-1).discounts).toMatchObject([{ name: CODE, amount_money: { amount: 500 } }]);
      const email = await catcher.waitFor((sent) => sent.to.includes(locale === "en" ? "ana@example.com" : "luis@example.com") && sent.subject.includes(orderNumber), 30_000);
      expect(email.text).toContain(`${w.discount} \u2212$5.00`);
      expect(email.text).toContain(`Total ${total}`);
      // Spent: the next checkout starts without it.
      expect(await page.evaluate(() => localStorage.getItem("jealous-fork-promo-code"))).toBe("");
      await context.close();
    });

    it(`a code that gives nothing is told in one sentence at its field (${locale})`, async () => {
      const context = await phone();
      const page = await context.newPage();
      await putCart(page, site.url);
      await page.goto(`${site.url}${w.prefix}/checkout`);
      await page.getByRole("heading", { name: w.summary }).waitFor();
      const before = await page.getByTestId("checkout-total").textContent();
      await page.getByRole("button", { name: w.toggle }).click();
      const field = page.getByLabel(w.field);
      await field.fill("NOPE123");
      await page.getByRole("button", { name: w.apply, exact: true }).click();
      const sentence = page.getByText(w.bad);
      await sentence.waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await field.getAttribute("aria-describedby")).toBe(await sentence.getAttribute("id"));
      expect(await page.getByTestId("checkout-total").textContent()).toBe(before);
      await expectNoAxeViolations(page);
      if (locale === "en") {
        // A good code then, and removed: the totals are the cart's again.
        await field.fill(CODE.toLowerCase());
        await page.getByRole("button", { name: w.apply, exact: true }).click();
        await page.getByTestId("checkout-total-discount").waitFor();
        expect(await page.getByTestId("checkout-total").textContent()).not.toBe(before);
        await page.getByRole("button", { name: `Remove code ${CODE}` }).click();
        await page.getByTestId("checkout-total-discount").waitFor({ state: "detached" });
        expect(await page.getByTestId("checkout-total").textContent()).toBe(before);
        expect(await page.getByLabel(w.field).inputValue()).toBe("");
      }
      await context.close();
    });
  }

  it("a first-order code keeps a past diner's secret until Pay, then is refused there beside the summary, saying why and that nothing was charged", async () => {
    const w = WORDS.en;
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${site.url}/full-menu?code=${CODE}`);
    await page.waitForSelector("full-menu[data-live]", { state: "attached" });
    const add = page.getByRole("article", { name: DISH, exact: true }).getByRole("button", { name: w.add });
    await add.click();
    await add.click();
    await page.goto(`${site.url}/checkout`);
    await page.getByText(w.applied, { exact: true }).waitFor();
    // Ana paid her first order with this code above: this one is not her first. The code check answers a
    // guest's e-mail as it answers a new diner's (it tells no one who has ordered here), so it stays applied.
    await page.getByLabel(w.name).fill("Ana Pérez");
    await page.getByLabel(w.email).fill("ana@example.com");
    await page.getByLabel(w.phone).fill("(305) 555-0142");
    await page.getByRole("button", { name: w.next }).click();
    const total = (await page.getByTestId("checkout-total").textContent())!;
    await page.getByRole("button", { name: w.pay(total) }).click();
    // At Pay the tender and the details are checked: refused, in the server's words, with nothing charged.
    const said = page.getByRole("alert").filter({ hasText: "You have not been charged." });
    await said.waitFor();
    expect(await said.textContent()).toMatch(/first order/);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("the owner's tab counts the two paid uses, the discount given and the first-time diners won", async () => {
    await console_.reload();
    await console_.getByRole("tab", { name: "Offers", selected: true }).waitFor();
    const card = console_.getByRole("article", { name: CODE });
    await card.waitFor();
    expect(await card.getByRole("definition").allTextContents()).toEqual(["2", "$10.00", "2"]);
    await expectNoAxeViolations(console_);
  });

  it("a full refund with the use given back frees it: the tab counts one use again", async () => {
    await console_.getByRole("tab", { name: "Orders" }).click();
    await console_.getByText("All of today's orders, payments and refunds").click();
    const order = console_.getByRole("listitem", { name: `Today's order #${englishOrder}` });
    await order.getByRole("button", { name: `Refund order #${englishOrder}` }).click();
    const form = console_.getByRole("form", { name: `Refund order #${englishOrder}` });
    const giveBack = form.getByRole("checkbox", { name: `Give the use of code ${CODE} back (the diner can use it again)` });
    // Only a full refund may give it back.
    const full = await form.getByLabel(/Amount to refund/).inputValue();
    await form.getByLabel(/Amount to refund/).fill("1.00");
    expect(await giveBack.count()).toBe(0);
    await form.getByLabel(/Amount to refund/).fill(full);
    await giveBack.check();
    await form.getByLabel("Reason").fill("The kitchen was out of syrup");
    await expectNoAxeViolations(console_);
    await form.getByRole("button", { name: "Send refund" }).click();
    await console_.getByText("Refund Sent").first().waitFor();
    expect(journey.square.requestsTo("POST", "/v2/refunds").map((r) => r.body.amount_money.amount)).toEqual([Math.round(Number(full) * 100)]);

    await console_.getByRole("tab", { name: "Offers" }).click();
    const card = console_.getByRole("article", { name: CODE });
    await expect.poll(async () => (await card.getByRole("definition").allTextContents())[0]).toBe("1");
  });
});
