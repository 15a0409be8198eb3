// A sign-in link signs in at once only the browser that asked for it. Opened in another browser (the diner's
// laptop, or a stranger's link sent to a diner), the account page first asks "Sign in as a•••@example.com?" in
// the diner's language and opens nothing until the diner says yes; a signed-in diner who says no stays who
// they were. Both languages, with axe on the question.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const STEP_TIMEOUT = 120_000;

let site: RunningSite;
let browser: Browser;
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
  [site, browser] = await Promise.all([
    startSite({ clock: SATURDAY_NOON, env: { SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

const WORDS = {
  en: { path: "/account", email: "E-mail", name: "Your name (for a new account)", send: "E-mail me a sign-in link", sent: "Check your inbox", question: (masked: string) => `Sign in as ${masked}?`, yes: "Yes, sign in", no: "No, cancel", hello: (name: string) => `Hello, ${name}` },
  es: { path: "/es/cuenta", email: "Correo electrónico", name: "Tu nombre (para una cuenta nueva)", send: "Envíame un enlace de acceso", sent: "Revisa tu correo", question: (masked: string) => `¿Entrar como ${masked}?`, yes: "Sí, entrar", no: "No, cancelar", hello: (name: string) => `Hola, ${name}` },
} as const;

/** A browser of its own (its own cookies), on a phone. */
async function aBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await offlineContext(browser, MOBILE);
  return { context, page: await context.newPage() };
}

/** Asks for a link on the account page in `page`, and answers the link's token from the e-mail. */
async function askForLink(page: Page, w: (typeof WORDS)["en" | "es"], email: string, name: string): Promise<string> {
  await page.goto(`${site.url}${w.path}`);
  await page.getByLabel(w.email, { exact: true }).fill(email);
  await page.getByLabel(w.name).fill(name);
  await page.getByRole("button", { name: w.send }).click();
  await page.getByRole("status").filter({ hasText: w.sent }).waitFor();
  const mail = await catcher.waitFor((sent) => sent.to.includes(email) && sent.text.includes("#link="), 30_000);
  return /#link=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
}

const sessionsOf = (email: string) =>
  site.database.count("diner_sessions s JOIN diner_accounts a ON a.id = s.account_id", "a.email = $1 AND s.revoked_at IS NULL", [email]);

describe.each(["en", "es"] as const)("a sign-in link opened in another browser (%s)", (locale) => {
  const w = WORDS[locale];

  it(
    "asks 'Sign in as a•••@example.com?' and opens nothing until yes; a signed-in diner who says no stays signed in",
    async () => {
      const phone = await aBrowser();
      const laptop = await aBrowser();
      try {
        const email = `ana.${locale}@example.com`;
        const token = await askForLink(phone.page, w, email, "Ana");
        // Opened on the laptop, which never asked: the question, in the diner's language, and no session.
        await laptop.page.goto(`${site.url}${w.path}#link=${token}`);
        await laptop.page.getByRole("heading", { name: w.question("a•••@example.com") }).waitFor();
        expect(await site.database.count("diner_accounts", "email = $1", [email])).toBe(0);
        await expectNoAxeViolations(laptop.page);
        await laptop.page.getByRole("button", { name: w.yes }).click();
        await laptop.page.getByRole("heading", { name: w.hello("Ana") }).waitFor();
        expect(await sessionsOf(email)).toBe(1);

        // A stranger's own link, opened on the signed-in laptop: asked first; no keeps Ana signed in.
        const stranger = await aBrowser();
        try {
          const strangers = await askForLink(stranger.page, w, `mallory.${locale}@example.com`, "Mallory");
          await laptop.page.goto(`${site.url}${w.path}#link=${strangers}`);
          await laptop.page.getByRole("heading", { name: w.question("m•••@example.com") }).waitFor();
          await laptop.page.getByRole("button", { name: w.no }).click();
          await laptop.page.getByRole("heading", { name: w.hello("Ana") }).waitFor();
          expect(await sessionsOf(`mallory.${locale}@example.com`)).toBe(0);
          expect(await sessionsOf(email)).toBe(1);
        } finally {
          await stranger.context.close();
        }
      } finally {
        await phone.context.close();
        await laptop.context.close();
      }
    },
    STEP_TIMEOUT,
  );
});
