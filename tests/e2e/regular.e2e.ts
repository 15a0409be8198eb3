// A regular on a phone (390×844), in both languages, against the production build talking to the fake
// Square, with the fake Web Payments SDK in place of square.js: the home page's first screen greets them
// by name from the server's session (no "signed in before" storage), a card is saved on file through
// Square's card field and verifyBuyer's STORE check and shown as "Visa •••• 1111", and "Order again"
// reaches the confirmation in 3 taps with no typing, paid with that card. "Replace your cart?" is asked
// before a cart with dishes is swapped. On the full menu every add is seen in the bar over the quick
// actions ("View order · 1 · $17.20"), which stays on the pages with the menu and opens the order. A guest
// saves their details with a passkey on the confirmation itself (no e-mail opened), and from a new browser
// holding that passkey (synced, as iCloud Keychain or Google's password manager bring it) orders again to a
// confirmation in at most 5 taps with no typing.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { MOBILE, offlineContext } from "../support/browser";
import { expectNoAxeViolations } from "../support/axe";
import { fakeWebPaymentsScript } from "../support/fakeWebPayments";
import { PICKUP_ORDER } from "../support/pickupOrder";
import { putCart } from "../support/checkoutCart";
import { SATURDAY_NOON, useSquareJourney, WEB_PAYMENTS } from "../support/squareJourney";
import { SQUARE_SCRIPT_URLS } from "../../src/domain/payment";
import { hashToken } from "../../src/server/staff/sessions";
import { addPlatformAuthenticator, syncPasskeys } from "../support/virtualAuthenticator";

const journey = useSquareJourney({ env: WEB_PAYMENTS });
const JOURNEY = { timeout: 240_000 };

const WORDS = {
  en: {
    home: "/", account: "/account", menu: "/full-menu", welcome: "Welcome back, Ana", again: /^Order again: order #\w+$/, cardsHeading: "Saved card", addCard: "Add a card",
    saveCard: "Save this card", saved: "Visa •••• 1111 saved.", continue: "Continue to Payment", payWith: "Pay with", visa: "Visa •••• 1111", pay: /^Pay \$[\d.]+$/,
    thanks: "Thank you! Your order is confirmed.", replace: "Replace your cart?", keep: "Keep my cart", replaceYes: "Replace my cart", add: "Add to Cart",
    added: "Hot Maple Flatbread added to your order", bar: "View order · 1 · $17.20", sheet: "Your Order (1 item)",
    checkout: "/checkout", name: "Full Name", email: "Email", phone: "Phone", savePasskey: "Save with a passkey", passkeySaved: /^Saved, and you are signed in/, signIn: "Sign in",
    wallets: "Pay with a wallet",
  },
  es: {
    home: "/es/", account: "/es/cuenta", menu: "/es/full-menu", welcome: "Hola de nuevo, Ana", again: /^Pedir de nuevo: pedido #\w+$/, cardsHeading: "Tarjeta guardada", addCard: "Agregar una tarjeta",
    saveCard: "Guardar esta tarjeta", saved: "Visa •••• 1111 guardada.", continue: "Continuar al pago", payWith: "Pagar con", visa: "Visa •••• 1111", pay: /^Pagar \$[\d.]+$/,
    thanks: "¡Gracias! Tu pedido está confirmado.", replace: "¿Reemplazar tu carrito?", keep: "Quedarme con mi carrito", replaceYes: "Reemplazar mi carrito", add: "Agregar al carrito",
    added: "Hot Maple Flatbread se agregó a tu pedido", bar: "Ver pedido · 1 · $17.20", sheet: "Tu pedido (1 artículo)",
    checkout: "/es/checkout", name: "Nombre completo", email: "Correo electrónico", phone: "Teléfono", savePasskey: "Guardar con una llave de acceso", passkeySaved: /^Listo, ya tienes la sesión iniciada/,
    signIn: "Iniciar sesión", wallets: "Paga con una billetera digital",
  },
} as const;

/** A diner with a live session (signing in is the accounts journeys'): the cookie's token. */
async function signedInDiner(email: string): Promise<string> {
  const accountId = randomUUID();
  const token = randomBytes(32).toString("base64url");
  await journey.site.database.rows("INSERT INTO diner_accounts (id, email, name) VALUES ($1, $2, 'Ana Pérez')", [accountId, email]);
  await journey.site.database.rows(
    "INSERT INTO diner_sessions (id, account_id, method, created_at, last_seen_at, expires_at) VALUES ($1, $2, 'passkey', now(), now(), now() + interval '30 days')",
    [hashToken(token), accountId],
  );
  return token;
}

/** A phone whose square.js is the fake, signed in by a planted session cookie alone (no storage hint). */
async function regularsPhone(email: string): Promise<Page> {
  const context = await offlineContext(journey.browser, MOBILE);
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  await context.route(SQUARE_SCRIPT_URLS.production, (route) => route.fulfill({ contentType: "text/javascript", body: fakeWebPaymentsScript({}) }));
  const url = new URL(journey.site.url);
  await context.addCookies([{ name: "jf_diner", value: await signedInDiner(email), domain: url.hostname, path: "/", httpOnly: true, sameSite: "Strict" }]);
  return context.newPage();
}

describe.each(["en", "es"] as const)("a regular, remembered (%s)", (locale) => {
  const w = WORDS[locale];
  const site = () => journey.site.url;

  it("is greeted by name on the first screen, saves a card on file, and orders again to the confirmation in 3 taps, paying with it", JOURNEY, async () => {
    const email = `card.${locale}@example.com`;
    const page = await regularsPhone(email);
    // Their last order, placed signed in as the checkout places it.
    const placed = await page.request.post(`${site()}/api/orders`, {
      data: { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email } },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    // The card, saved on the account page through Square's own field and the bank's check for storing.
    await page.goto(`${site()}${w.account}`);
    await page.getByRole("heading", { name: w.cardsHeading }).waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: w.addCard }).click();
    await page.getByRole("button", { name: w.saveCard }).click();
    await page.getByRole("status").filter({ hasText: w.saved }).waitFor();
    await page.getByText(w.visa, { exact: true }).waitFor();
    const verifications = await page.evaluate(() => (window as unknown as { __squareFake: { verifications: { details: { intent: string; amount?: string } }[] } }).__squareFake.verifications);
    expect(verifications.map((check) => check.details)).toMatchObject([{ intent: "STORE" }]);
    expect(verifications[0]!.details.amount).toBeUndefined();
    await expectNoAxeViolations(page);

    // The home page's first screen, from the server's session: with the browser's "signed in" note cleared
    // (as Safari clears a site's storage after 7 days away), the regular is still known.
    await page.evaluate(() => localStorage.removeItem("jealous-fork-diner"));
    await page.goto(`${site()}${w.home}`);
    const hello = page.getByRole("heading", { name: w.welcome, level: 1 });
    await hello.waitFor({ timeout: 30_000 });
    const again = page.getByRole("button", { name: w.again });
    expect((await again.boundingBox())!.y + 44).toBeLessThan(844);
    await expectNoAxeViolations(page);

    let taps = 0;
    const tap = async (target: Locator) => {
      taps++;
      await target.click();
    };
    await tap(again);
    await page.waitForURL(`${site()}${locale === "en" ? "/checkout" : "/es/checkout"}`);
    await tap(page.getByRole("button", { name: w.continue }));
    const payWith = page.getByRole("group", { name: w.payWith });
    await payWith.getByRole("radio", { name: w.visa }).waitFor();
    expect(await payWith.getByRole("radio", { name: w.visa }).isChecked()).toBe(true);
    await tap(page.getByRole("button", { name: w.pay }));
    await page.getByRole("heading", { name: w.thanks }).waitFor({ timeout: 30_000 });
    expect(taps).toBeLessThanOrEqual(3);

    const payment = journey.square.requestsTo("POST", "/v2/payments").at(-1)!.body as { source_id: string; customer_id: string };
    expect(payment.source_id).toMatch(/^ccof:/);
    expect(payment.customer_id).toBeTruthy();
    await page.context().close();
  });

  it("saves a guest's details with a passkey on the confirmation, then orders again from a new browser with that passkey in at most 5 taps", JOURNEY, async () => {
    // WebAuthn needs a domain: localhost reaches the same server as 127.0.0.1.
    const origin = site().replace("127.0.0.1", "localhost");
    const email = `passkey.${locale}@example.com`;
    const phone = async () => {
      const context = await offlineContext(journey.browser, MOBILE);
      await context.clock.setFixedTime(new Date(SATURDAY_NOON));
      await context.route(SQUARE_SCRIPT_URLS.production, (route) => route.fulfill({ contentType: "text/javascript", body: fakeWebPaymentsScript({}) }));
      const page = await context.newPage();
      return { page, authenticator: await addPlatformAuthenticator(context, page) };
    };

    // A guest pays at the checkout, then saves the details on the confirmation with this phone's passkey.
    const first = await phone();
    await putCart(first.page, origin);
    await first.page.goto(`${origin}${w.checkout}`);
    await first.page.getByLabel(w.name).fill("Ana Pérez");
    await first.page.getByLabel(w.email, { exact: true }).fill(email);
    await first.page.getByLabel(w.phone).fill("(305) 555-0142");
    await first.page.getByRole("button", { name: w.continue }).click();
    await first.page.getByRole("button", { name: w.pay }).click();
    await first.page.getByRole("heading", { name: w.thanks }).waitFor({ timeout: 30_000 });
    await first.page.getByRole("button", { name: w.savePasskey }).click();
    await first.page.getByRole("status").filter({ hasText: w.passkeySaved }).waitFor();
    await expectNoAxeViolations(first.page);
    const [account] = await journey.site.database.rows<{ name: string; phone: string }>("SELECT name, phone FROM diner_accounts WHERE email = $1", [email]);
    expect(account).toEqual({ name: "Ana Pérez", phone: "+13055550142" });

    // A new browser: no cookie, no storage, only the synced passkey.
    const second = await phone();
    expect(await syncPasskeys(first.authenticator, second.authenticator)).toBe(1);
    await first.page.context().close();
    const page = second.page;
    await page.goto(`${origin}${w.home}`);
    let taps = 0;
    const tap = async (target: Locator) => {
      taps++;
      await target.click();
    };
    await tap(page.getByRole("banner").getByRole("link", { name: w.signIn }));
    // The e-mail field's autofill offers the passkey: on a phone one tap picks it; the virtual
    // authenticator picks it itself. Signed in, the diner is back where they were.
    taps++;
    await page.getByRole("heading", { name: w.welcome, level: 1 }).waitFor({ timeout: 30_000 });
    expect(page.url()).toBe(`${origin}${w.home}`);
    await tap(page.getByRole("button", { name: w.again }));
    await page.waitForURL(`${origin}${w.checkout}`);
    await tap(page.getByRole("button", { name: w.continue }));
    await tap(page.getByRole("group", { name: w.wallets }).getByRole("button", { name: "Buy with Google Pay" }));
    await page.getByRole("heading", { name: w.thanks }).waitFor({ timeout: 30_000 });
    expect(taps).toBeLessThanOrEqual(5);
    await page.context().close();
  });

  it("asks 'Replace your cart?' before ordering again over a cart with dishes, and keeps the cart when told to", JOURNEY, async () => {
    const email = `replace.${locale}@example.com`;
    const page = await regularsPhone(email);
    const placed = await page.request.post(`${site()}/api/orders`, {
      data: { ...PICKUP_ORDER, customerInfo: { ...PICKUP_ORDER.customerInfo, email } },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(placed.status()).toBe(201);
    await putCart(page, site());
    await page.goto(`${site()}${w.home}`);
    await page.getByRole("button", { name: w.again }).click();
    const dialog = page.getByRole("dialog", { name: w.replace });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: w.keep }).click();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toBe(`${site()}${w.home}`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("jealous-fork-cart") ?? "{}").items.length)).toBe(2);

    await page.getByRole("button", { name: w.again }).click();
    await page.getByRole("dialog", { name: w.replace }).getByRole("button", { name: w.replaceYes }).click();
    await page.waitForURL(/\/checkout$/);
    await page.context().close();
  });

  it("shows each add on the full menu in view, and a 'View order' bar on every page with the menu that opens the order", JOURNEY, async () => {
    const context = await offlineContext(journey.browser, MOBILE);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const page = await context.newPage();
    await page.goto(`${site()}${w.menu}`);
    await page.waitForSelector("full-menu[data-live=loaded]", { state: "attached", timeout: 30_000 });
    const bar = page.getByRole("button", { name: w.bar });
    expect(await bar.count()).toBe(0);
    await page.getByRole("article", { name: "Hot Maple Flatbread", exact: true }).getByRole("button", { name: w.add }).click();
    // Said where the diner is, not only to a screen reader.
    const added = page.getByText(w.added, { exact: true }).first();
    await added.waitFor();
    expect(await added.isVisible()).toBe(true);
    await bar.waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expectNoAxeViolations(page);

    await page.goto(`${site()}${w.home}`);
    await bar.click();
    await page.getByRole("dialog", { name: w.sheet }).waitFor();
    await context.close();
  });
});
