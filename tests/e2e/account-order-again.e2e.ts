// A regular's round trip on a phone (390×844), in both languages, with Chromium's virtual authenticator:
// a guest order paid at checkout, its confirmation's "Save your details" link, a passkey added, a phone
// and a delivery address saved, signed out, back in with the passkey alone, then "Order again" from the
// home page: one tap to a filled checkout (today's menu: a dish sold out since is left out and named),
// and paid. The account pages have no accessibility violations (axe) with saved details on them. Restaurant
// and browser clocks are Saturday noon in Miami (the kitchen open), as in the other checkout journeys. On
// the way: a first visit to the account page asks for no session (no 401), the guest checkout offers an
// account in one line (to the page in its language), the account page draws its orders without moving.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";
import { addPlatformAuthenticator } from "../support/virtualAuthenticator";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const JOURNEY_TIMEOUT = 180_000;

let site: RunningSite;
let browser: Browser;
let catcher: MailCatcher;
/** WebAuthn needs a domain: localhost reaches the same server as 127.0.0.1. */
let origin: string;

beforeAll(async () => {
  catcher = await startMailCatcher();
  [site, browser] = await Promise.all([
    startSite({ clock: SATURDAY_NOON, env: { SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" } }),
    launchBrowser(),
  ]);
  origin = site.url.replace("127.0.0.1", "localhost");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

async function phoneWithPasskeys(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await offlineContext(browser, MOBILE);
  // The browser's clock is the restaurant's, as in the other checkout journeys: the cart check before Pay
  // asks the kitchens about "now", and at the machine's own hour they may be closed.
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  const page = await context.newPage();
  await addPlatformAuthenticator(context, page);
  return { context, page };
}

const WORDS = {
  en: {
    home: "/", checkout: "/checkout", account: "/account", name: "Full Name", email: "Email", phone: "Phone", continue: "Continue to Payment", pay: /^Pay \$[\d.]+ \(test\)$/,
    thanks: "Thank you! Your order is confirmed.", sent: "Check your inbox", offerButton: "E-mail me a link to save my details", hello: "Hello, Ana", add: "Add a passkey on this device", added: "Passkey added",
    myPhone: "Mobile phone (for order updates)", saveMine: "Save my details", saved: "Your details are saved.", addAddress: "Add an address", who: "Who receives it", theirPhone: "Their phone",
    addrEmail: "E-mail", street: "Street address", unit: "Apt / Unit, optional", zip: "ZIP code", saveAddress: "Save address", addressSaved: "Address saved.",
    passkeyButton: "Sign in with a passkey", savedHeading: "Your details are saved", savedLink: "Go to your account", guestLine: "Have an account? Sign in to fill in your details.", signInOffer: "Sign in or create an account", privacy: "/privacy", privacyKept: "If you create an account (optional):", privacyDelete: "Delete my account",
    signOut: "Sign out", again: /^Order again: order #\w+$/, soldOut: "Hot Maple Flatbread is sold out: it was left out.", delivery: /^Delivery/, pickup: /^Pickup/, streetField: "Street Address",
  },
  es: {
    home: "/es/", checkout: "/es/checkout", account: "/es/cuenta", name: "Nombre completo", email: "Correo electrónico", phone: "Teléfono", continue: "Continuar al pago", pay: /^Pagar \$[\d.]+ \(prueba\)$/,
    thanks: "¡Gracias! Tu pedido está confirmado.", sent: "Revisa tu correo", offerButton: "Envíame un enlace para guardar mis datos", hello: "Hola, Ana", add: "Agregar una llave de acceso en este dispositivo", added: "Llave de acceso agregada",
    myPhone: "Teléfono móvil (para avisos del pedido)", saveMine: "Guardar mis datos", saved: "Tus datos están guardados.", addAddress: "Agregar una dirección", who: "Quién lo recibe", theirPhone: "Su teléfono",
    addrEmail: "Correo electrónico", street: "Dirección", unit: "Apto. / Unidad, opcional", zip: "Código postal", saveAddress: "Guardar dirección", addressSaved: "Dirección guardada.",
    passkeyButton: "Entrar con una llave de acceso", savedHeading: "Tus datos están guardados", savedLink: "Ir a tu cuenta", guestLine: "¿Tienes cuenta? Entra para completar tus datos.", signInOffer: "Entra o crea una cuenta", privacy: "/es/privacy", privacyKept: "Si creas una cuenta (opcional):", privacyDelete: "Eliminar mi cuenta",
    signOut: "Cerrar sesión", again: /^Pedir de nuevo: pedido #\w+$/, soldOut: "Hot Maple Flatbread está agotado: lo dejamos fuera.", delivery: /^Entrega a domicilio/, pickup: /^Recoger en el local/, streetField: "Dirección",
  },
} as const;

describe.each(["en", "es"] as const)("a regular orders again with a passkey (%s)", (locale) => {
  const w = WORDS[locale];
  const email = `regular.${locale}@example.com`;

  it(
    "goes from a guest order to a saved account with a passkey, signs in with it alone, and orders again from the home page in one tap to a filled checkout, then pays",
    async () => {
      const { context, page } = await phoneWithPasskeys();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
      try {
        // A first visit to the account page asks the server nothing about a session this browser never had:
        // no 401 in the console (Lighthouse's best practices count it), just the sign-in form.
        const asked: string[] = [];
        page.on("request", (request) => void (new URL(request.url()).pathname === "/api/account" && asked.push(request.method())));
        await page.goto(`${origin}${w.account}`);
        await page.getByRole("button", { name: w.passkeyButton }).waitFor();
        await page.waitForLoadState("networkidle");
        expect(asked).toEqual([]);
        expect(errors).toEqual([]);

        // A guest order, paid at the checkout as any guest pays.
        await putCart(page, origin);
        await page.goto(`${origin}${w.checkout}`);
        // A guest's checkout offers an account in one line, never asks for one.
        await page.getByText(w.guestLine).waitFor();
        expect(await page.getByRole("link", { name: w.signInOffer }).getAttribute("href")).toBe(w.account);
        await page.getByLabel(w.name).fill("Ana Pérez");
        await page.getByLabel(w.email, { exact: true }).fill(email);
        await page.getByLabel(w.phone).fill("(305) 555-0142");
        await page.getByRole("button", { name: w.continue }).click();
        await page.getByRole("button", { name: w.pay }).click();
        await page.getByRole("heading", { name: w.thanks }).waitFor();

        // "Save your details": the e-mailed link makes the account; a passkey is added on this phone.
        await clickOnceHydrated(page, page.getByRole("button", { name: w.offerButton }), page.getByRole("status").filter({ hasText: w.sent }));
        const mail = await catcher.waitFor((sent) => sent.to.includes(email) && sent.text.includes("#link="), 30_000);
        const token = /#link=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
        await page.goto(`${origin}${w.account}#link=${token}`);
        await page.getByRole("heading", { name: /^(Hello|Hola), Ana/ }).waitFor();
        // The guest order is listed, and the account's sections appeared in place: nothing moved when it came.
        await page.getByText("2 × Billionaire Brunch Bites, 1 × Hot Maple Flatbread").waitFor();
        expect(await layoutShift(page)).toBeLessThan(0.01);
        await page.getByRole("button", { name: w.add }).click();
        await page.getByRole("status").filter({ hasText: w.added }).waitFor();

        // The diner's phone (a tel field) and a delivery address with who receives it.
        const myPhone = page.getByLabel(w.myPhone);
        expect(await myPhone.getAttribute("type")).toBe("tel");
        await myPhone.fill("305 555 0142");
        await page.getByRole("button", { name: w.saveMine }).click();
        await page.getByRole("status").filter({ hasText: w.saved }).waitFor();
        await page.getByRole("button", { name: w.addAddress }).click();
        const form = page.locator("form").filter({ has: page.getByLabel(w.who) });
        await form.getByLabel(w.street).fill("1200 SW 8th St");
        await form.getByLabel(w.unit).fill("Apt 4B");
        await form.getByLabel(w.zip).fill("33135");
        await page.getByRole("button", { name: w.saveAddress }).click();
        await page.getByRole("status").filter({ hasText: w.addressSaved }).waitFor();
        await page.getByText("1200 SW 8th St, Apt 4B, Miami, FL 33135").waitFor();
        await expectNoAxeViolations(page);

        // Signed out, the e-mail field's autofill offers the passkey and the phone's authenticator takes it.
        await page.getByRole("button", { name: w.signOut }).click();
        // The link's session ended and a passkey's opened (the greeting alone could be the one before signing out).
        await until(async () => (await liveSessions(email)).join() === "passkey", 30_000);
        await page.getByRole("heading", { name: /^(Hello|Hola), Ana/ }).waitFor({ timeout: 30_000 });

        // Since the order, the flatbread sold out: "Order again" leaves it out and says so.
        await site.database.rows("UPDATE menu_items SET in_stock = false WHERE id = 1");
        try {
          await page.goto(`${origin}${w.home}`);
          const again = page.getByRole("button", { name: w.again });
          await again.waitFor({ timeout: 30_000 }).catch((error: Error) => {
            throw new Error(`${error.message}\nPage errors: ${errors.join(" | ")}\n${page.url()}`);
          });
          // Tap 1 (of at most 2): the filled checkout.
          await Promise.all([page.waitForURL(`${origin}${w.checkout}`), again.click()]);
          await page.getByRole("status").filter({ hasText: w.soldOut }).waitFor();
          await until(async () => (await page.getByLabel(w.phone).inputValue()) === "(305) 555-0142");
          expect(await page.getByLabel(w.name).inputValue()).toBe("Ana Pérez");
          expect(await page.getByLabel(w.email, { exact: true }).inputValue()).toBe(email);
          // On a delivery the saved address fills the form; the order again was a pickup.
          await page.getByRole("radio", { name: w.delivery }).check();
          await until(async () => (await page.getByLabel(w.streetField, { exact: true }).inputValue()).startsWith("1200 SW 8th St"));
          await page.getByRole("radio", { name: w.pickup }).check();
          await page.getByRole("button", { name: w.continue }).click();
          // 2 Billionaire Brunch Bites at today's price, with tax: $36.55.
          await page.getByRole("button", { name: w.pay }).filter({ hasText: "$36.55" }).click();
          await page.getByRole("heading", { name: w.thanks }).waitFor();
          // Signed in, the confirmation offers nothing to save again: it says the details are kept.
          await page.getByRole("heading", { name: w.savedHeading }).waitFor();
          expect(await page.getByRole("link", { name: w.savedLink }).getAttribute("href")).toBe(w.account);
          expect(await page.getByRole("button", { name: w.offerButton }).count()).toBe(0);
          await expectNoAxeViolations(page);
        } finally {
          await site.database.rows("UPDATE menu_items SET in_stock = true WHERE id = 1");
        }
        const orders = await site.database.rows<{ n: string }>("SELECT count(*) AS n FROM orders WHERE lower(customer_email) = $1 AND status = 'confirmed'", [email]);
        expect(Number(orders[0]!.n)).toBe(2);
      } finally {
        await context.close();
      }
    },
    JOURNEY_TIMEOUT,
  );
});

describe.each(["en", "es"] as const)("the privacy page on accounts (%s)", (locale) => {
  const w = WORDS[locale];
  it("says what an account keeps and that deleting it removes that at once", async () => {
    const html = await (await fetch(`${site.url}${w.privacy}`)).text();
    expect(html).toContain(w.privacyKept);
    expect(html).toContain(w.privacyDelete);
  });
});

/** The sign-in methods of the e-mail's live sessions. */
async function liveSessions(email: string): Promise<string[]> {
  const rows = await site.database.rows<{ method: string }>(
    "SELECT s.method FROM diner_sessions s JOIN diner_accounts a ON a.id = s.account_id WHERE a.email = $1 AND s.revoked_at IS NULL",
    [email],
  );
  return rows.map((row) => row.method);
}

/** The page's layout shifts so far (those not caused by the person), as Lighthouse's CLS adds them up. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/** Clicks a server-rendered button until its island answers (a click before hydration does nothing). */
async function clickOnceHydrated(page: Page, button: Locator, answer: Locator): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await button.click();
    if (await answer.waitFor({ timeout: 4_000 }).then(() => true, () => false)) return;
  }
  throw new Error(`no answer after clicking ${await button.textContent()} on ${page.url()}`);
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, interval: 100 }).toBe(true);
}
