// Gift cards in Chromium against the production build with the local test gateway (no Square configured,
// as `npm run dev` runs): a person buys a $50 e-gift card, the recipient's e-mail reaches the mail catcher,
// its number checks at $50.00, pays a $15 dish at checkout, and the balance is then $50.00 minus the
// order's total. Once in English at /gift-cards, once in Spanish at /es/tarjetas-de-regalo.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { giftCardWords } from "../../src/domain/i18n/ui/giftCards";
import { giftCardPaymentWords } from "../../src/domain/i18n/ui/giftCardPayment";
import { checkoutWords } from "../../src/domain/i18n/ui/checkout";
import { cartWords } from "../../src/domain/i18n/ui/cart";
import { localPrice } from "../../src/domain/i18n/prices";
import type { Locale } from "../../src/domain/i18n/locales";

/** Saturday noon in Miami: the brunch menu is open. */
const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
/** $15.00 on the menu; the order's total (with its tax) is read from the checkout's own pay button. */
const DISH = "Viking Telle Pancakes";

let site: RunningSite;
let browser: Browser;
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher();
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON, env: { SMTP_URL: catcher.smtpUrl, SITE_URL: "https://jealousfork.example" } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

const JOURNEY = { timeout: 180_000 };

const PAGES: Record<Locale, { giftCards: string; menu: string; checkout: string; add: string }> = {
  en: { giftCards: "/gift-cards", menu: "/full-menu", checkout: "/checkout", add: "Add to Cart" },
  es: { giftCards: "/es/tarjetas-de-regalo", menu: "/es/full-menu", checkout: "/es/checkout", add: "Agregar al carrito" },
};

async function checkBalance(page: Page, locale: Locale, number: string): Promise<string> {
  const w = (key: keyof typeof giftCardWords) => giftCardWords[key][locale] as string;
  const section = page.getByRole("region", { name: w("balance.heading") });
  await section.getByLabel(w("balance.label")).fill(number);
  await section.getByRole("button", { name: w("balance.check") }).click();
  const status = section.getByRole("status");
  await status.filter({ hasText: number.slice(-4) }).waitFor();
  return (await status.textContent()) ?? "";
}

async function journey(locale: Locale, recipient: string) {
  const w = (key: keyof typeof giftCardWords) => giftCardWords[key][locale] as string;
  const c = (key: keyof typeof checkoutWords) => checkoutWords[key][locale] as string;
  const context = await offlineContext(browser);
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  const page = await context.newPage();

  // Buy a $50 card.
  await page.goto(`${site.url}${PAGES[locale].giftCards}`);
  await page.getByRole("heading", { level: 1, name: w("page.title") }).waitFor();
  // The purchase form and the balance check are islands: typed into before they hydrate, their first render would clear them.
  await page.waitForFunction(() => [...document.querySelectorAll("main astro-island")].every((island) => !island.hasAttribute("ssr")));
  await page.getByRole("radio", { name: localPrice(5_000, locale) }).check();
  await page.getByLabel(w("recipient.name")).fill("Marta Ruiz");
  await page.getByLabel(w("recipient.email")).fill(recipient);
  await page.getByLabel(w("message.label")).fill("Feliz cumpleaños! https://example.com");
  await page.getByLabel(w("buyer.name")).fill("Luis Gómez");
  await page.getByLabel(w("buyer.email")).fill("luis@example.com");
  await page.getByRole("button", { name: w("continue") }).click();
  await page.getByRole("blockquote").filter({ hasText: "Feliz cumpleaños!" }).waitFor();
  expect(await page.getByRole("link", { name: /example\.com/ }).count()).toBe(0);
  await page.getByRole("button", { name: checkoutWords["pay.test"][locale](localPrice(5_000, locale)) }).click();
  await page.getByRole("heading", { name: w("done.title") }).waitFor({ timeout: 30_000 });

  // The recipient's e-mail, with the number in groups of four.
  const mail = await catcher.waitFor((sent) => sent.to.includes(recipient), 30_000);
  const gan = /\b\d{4} \d{4} \d{4} \d{4}\b/.exec(mail.text)?.[0];
  expect(gan).toBeTruthy();
  expect(await checkBalance(page, locale, gan!)).toBe(giftCardWords["balance.result"][locale](gan!.slice(-4), localPrice(5_000, locale)));

  // Pay a $15 dish with it.
  await page.goto(`${site.url}${PAGES[locale].menu}`);
  await page.getByRole("article", { name: DISH }).getByRole("button", { name: PAGES[locale].add }).click();
  // The cart has it (stored in the browser) before the checkout is opened.
  await page.getByRole("button", { name: cartWords["button.one"][locale] }).waitFor();
  await page.goto(`${site.url}${PAGES[locale].checkout}`);
  await page.getByLabel(c("field.name")).fill("Marta Ruiz");
  await page.getByLabel(c("field.email"), { exact: true }).fill(recipient);
  await page.getByLabel(c("field.phone")).fill("3055550142");
  await page.getByRole("button", { name: c("continue") }).click();
  const giftCard = page.getByRole("group", { name: giftCardPaymentWords.group[locale] });
  await giftCard.getByLabel(giftCardPaymentWords.number[locale]).fill(gan!);
  const pay = giftCard.getByRole("button", { name: /to the gift card \(test\)|a la tarjeta de regalo \(prueba\)/ });
  const label = (await pay.textContent()) ?? "";
  const shownTotal = Number(/(\d+)[.,](\d{2})/.exec(label)!.slice(1).join(""));
  // The dish and its tax: more than $15, less than $17.
  expect(shownTotal).toBeGreaterThan(1_500);
  expect(shownTotal).toBeLessThan(1_700);
  await pay.click();
  await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });

  // The balance is $50.00 less the order's total.
  await page.goto(`${site.url}${PAGES[locale].giftCards}#balance`);
  await page.waitForFunction(() => [...document.querySelectorAll("main astro-island")].every((island) => !island.hasAttribute("ssr")));
  expect(await checkBalance(page, locale, gan!)).toBe(giftCardWords["balance.result"][locale](gan!.slice(-4), localPrice(5_000 - shownTotal, locale)));
  await context.close();
}

describe("gift cards, bought, e-mailed and spent", JOURNEY, () => {
  it("buys a $50 card, reads its number from the e-mail, checks $50.00, pays a $15 dish with it and checks the rest", async () => {
    await journey("en", "marta@example.com");
  });

  it("does the same in Spanish at /es/tarjetas-de-regalo", async () => {
    await journey("es", "marta.es@example.com");
  });
});
