// A diner's account in the browser, in both languages: after a guest order, the confirmation page offers to
// save their details; they ask for the link there, open it from
// their e-mail (caught here), add a passkey on their phone (Chromium's virtual authenticator, which verifies
// its user at once), sign out, are back in with the passkey the e-mail field's autofill offers (conditional
// UI, autocomplete "username webauthn"), see where they are signed in, and delete the account.
// The account pages have no accessibility violations (axe), signed out and signed in.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";
import { addPlatformAuthenticator } from "../support/virtualAuthenticator";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const STEP_TIMEOUT = 90_000;

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

/** A phone whose platform authenticator keeps discoverable passkeys and verifies its user (a fingerprint). */
async function phoneWithPasskeys(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await offlineContext(browser, MOBILE);
  const page = await context.newPage();
  await addPlatformAuthenticator(context, page);
  return { context, page };
}

/** The sign-in methods of the e-mail's live sessions. */
async function liveSessions(email: string): Promise<string[]> {
  const rows = await site.database.rows<{ method: string }>(
    "SELECT s.method FROM diner_sessions s JOIN diner_accounts a ON a.id = s.account_id WHERE a.email = $1 AND s.revoked_at IS NULL",
    [email],
  );
  return rows.map((row) => row.method);
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, interval: 100 }).toBe(true);
}

const WORDS = {
  en: { path: "/account", confirmation: "/order-confirmation", offer: "Save your details for next time", offerButton: "E-mail me a link to save my details", seeOrder: "See order #", title: "Your account", email: "E-mail", send: "E-mail me a sign-in link", sent: "Check your inbox", hello: "Hello, Ana", add: "Add a passkey on this device", added: "Passkey added", signOut: "Sign out", here: "This device", del: "Delete my account", delNow: "Delete my account now", linkPath: "/account#link=" },
  es: { path: "/es/cuenta", confirmation: "/es/confirmacion-de-pedido", offer: "Guarda tus datos para la próxima vez", offerButton: "Envíame un enlace para guardar mis datos", seeOrder: "Ver el pedido #", title: "Tu cuenta", email: "Correo electrónico", send: "Envíame un enlace de acceso", sent: "Revisa tu correo", hello: "Hola, Ana", add: "Agregar una llave de acceso en este dispositivo", added: "Llave de acceso agregada", signOut: "Cerrar sesión", here: "Este dispositivo", del: "Eliminar mi cuenta", delNow: "Eliminar mi cuenta ahora", linkPath: "/es/cuenta#link=" },
} as const;

describe.each(["en", "es"] as const)("a diner's account without a password (%s)", (locale) => {
  const w = WORDS[locale];
  const email = `ana.${locale}@example.com`;

  it(
    "is saved from a guest order by an e-mailed link, gains a passkey, signs in again with it alone, lists the order, and is deleted",
    async () => {
      const { context, page } = await phoneWithPasskeys();
      try {
        await page.goto(`${origin}${w.path}`);
        await page.getByRole("heading", { level: 1, name: w.title }).waitFor();
        const field = page.getByLabel(w.email, { exact: true });
        expect(await field.getAttribute("autocomplete")).toBe("username webauthn");
        await expectNoAxeViolations(page);

        // A guest order first; its confirmation page offers to save the details (by the order's e-mail).
        const placed = await fetch(`${site.url}/api/orders`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": randomUUID(), origin: site.url, "x-site-locale": locale },
          body: JSON.stringify({ items: [{ id: 1, quantity: 2 }], orderType: "pickup", customerInfo: { name: "Ana", email, phone: "(305) 555-0142" }, paymentToken: "cnon:card-nonce-ok" }),
        });
        expect(placed.status, await placed.clone().text()).toBe(201);
        const { orderId, orderNumber } = (await placed.json()) as { orderId: string; orderNumber: string };
        await page.goto(`${origin}${w.confirmation}/${orderId}`);
        await page.getByRole("heading", { name: w.offer }).waitFor();
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: w.offerButton }).click();
        await page.getByRole("status").filter({ hasText: w.sent }).waitFor();

        const mail = await catcher.waitFor((sent) => sent.to.includes(email) && sent.text.includes("#link="), 30_000);
        const token = /#link=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
        expect(mail.text).toContain(w.linkPath);
        await page.goto(`${origin}${w.path}#link=${token}`);
        await page.getByRole("heading", { name: w.hello }).waitFor();
        // The link is gone from the address once used.
        expect(new URL(page.url()).hash).toBe("");
        // The guest order is in the account's history, with a link to its page.
        await page.getByRole("link", { name: `${w.seeOrder}${orderNumber}` }).waitFor();

        await page.getByRole("button", { name: w.add }).click();
        await page.getByRole("status").filter({ hasText: w.added }).waitFor();
        await expectNoAxeViolations(page);

        await page.getByRole("button", { name: w.signOut }).click();
        // Signed out, the e-mail field's autofill offers the passkey (conditional UI); the phone's authenticator
        // picks it at once, so the diner is back in with the passkey alone: the link's session ended, a passkey one opened.
        await until(async () => (await liveSessions(email)).join() === "passkey");
        await page.getByRole("heading", { name: w.hello }).waitFor();
        await page.getByText(w.here, { exact: true }).waitFor();

        await page.getByRole("button", { name: w.del, exact: true }).click();
        await page.getByRole("button", { name: w.delNow }).click();
        await page.getByRole("button", { name: w.send }).waitFor();
        expect(await site.database.count("diner_accounts", "email = $1", [email])).toBe(0);
      } finally {
        await context.close();
      }
    },
    STEP_TIMEOUT,
  );
});
