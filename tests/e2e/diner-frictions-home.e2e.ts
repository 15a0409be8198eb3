// The home page sells ordering, on a phone (390x844) in both languages, Saturday noon in Miami: the first
// button orders, the bottom bar holds Order, Call and Reserve, the page says which kitchen serves now and
// until when, a featured dish's Add to Cart confirms beside the button and stays on the page, and the
// menu offers this device's last order. The order page then says how it was paid, in the diner's
// language, and the feedback page the after-pickup e-mail links to reads in both. Every page axe clean.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
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

async function phone() {
  const context = await offlineContext(browser, MOBILE);
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  return { context, page: await context.newPage() };
}

/** A paid pickup asked how it was (as the outbox's run would have), and its link's token. */
async function askedOrder(locale: string, email: string): Promise<string> {
  const placed = await fetch(`${site.url}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID(), origin: site.url, "x-site-locale": locale },
    body: JSON.stringify({ items: [{ id: 1, quantity: 1 }], orderType: "pickup", customerInfo: { name: "Ana Pérez", email, phone: "(305) 555-0142" }, paymentToken: "cnon:card-nonce-ok" }),
  });
  expect(placed.status).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  const token = randomBytes(32).toString("hex");
  await site.database.rows("INSERT INTO feedback_requests (order_id, token_hash, email) VALUES ($1, $2, $3)", [orderId, createHash("sha256").update(token).digest("hex"), email]);
  return token;
}

const LANGUAGES = [
  {
    locale: "en",
    home: "/",
    order: "Order pickup or delivery",
    quickOrder: "Order pickup or delivery",
    call: /^Call Jealous Fork at/,
    reserve: "Reserve a table",
    open: /^Jealous Fork is open now, until 3PM$/,
    burger: /^Jealous Burger is closed now · opens today at 5PM$/,
    add: "Add to Cart",
    added: "Hot Maple Flatbread added to your order.",
    cart: "Cart, 1 item",
    menu: "Menu",
    giftCards: "Gift Cards",
    yourOrder: /^Your order #/,
    paidWith: "Paid with",
    card: "Visa •••• 1111",
    feedbackBad: /This link does not work any more/,
    stopHeading: "Stop these e-mails?",
    review: "Review us on Google",
    whatHappened: "Your message to the owner",
    send: "Send to the owner",
    required: "Please write your message first.",
    sent: "Thank you. The owner has your message and will write back.",
    stop: "Stop asking me",
    stopped: "Done: we will not ask again.",
  },
  {
    locale: "es",
    home: "/es",
    order: "Pedir para recoger o a domicilio",
    quickOrder: "Pedir para recoger o a domicilio",
    call: /^Llamar a Jealous Fork al/,
    reserve: "Reservar una mesa",
    open: /^Jealous Fork está abierto ahora, hasta las 3:00 p\. m\.$/,
    burger: /^Jealous Burger está cerrado ahora · abre hoy a las 5:00 p\. m\.$/,
    add: "Agregar al carrito",
    added: "Se agregó Hot Maple Flatbread a tu pedido.",
    cart: "Carrito, 1 artículo",
    menu: "Menú",
    giftCards: "Tarjetas de regalo",
    yourOrder: /^Tu pedido #/,
    paidWith: "Pagado con",
    card: "Visa •••• 1111",
    feedbackBad: /Este enlace ya no funciona/,
    stopHeading: "¿Dejar de recibir estos correos?",
    review: "Escríbenos una reseña en Google",
    whatHappened: "Tu mensaje para el dueño",
    send: "Enviar al dueño",
    required: "Escribe tu mensaje primero, por favor.",
    sent: "Gracias. El dueño ya tiene tu mensaje y te responderá.",
    stop: "No preguntarme más",
    stopped: "Listo: no volveremos a preguntar.",
  },
] as const;

describe.each(LANGUAGES)("the home page on a phone ($locale)", { timeout: 120_000 }, (words) => {
  it("orders first, says which kitchen serves until when, and adds a featured dish where the diner is", async () => {
    const { context, page } = await phone();
    await page.goto(`${site.url}${words.home}`);
    const hero = page.locator("#home");
    const first = hero.getByRole("link").first();
    expect(await first.textContent()).toBe(words.order);
    expect(new URL((await first.getAttribute("href"))!, site.url).pathname).toBe(words.locale === "es" ? "/es/full-menu" : "/full-menu");

    const bar = page.getByRole("complementary", { name: words.locale === "es" ? "Acciones rápidas" : "Quick actions" });
    const names = await bar.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("aria-label")));
    expect(names[0]).toBe(words.quickOrder);
    expect(names[1]).toMatch(words.call);
    expect(names[2]).toBe(words.reserve);

    const kitchen = hero.locator("[data-kitchen-now]");
    await kitchen.getByText(words.open).waitFor({ timeout: 30_000 });
    await kitchen.getByText(words.burger).waitFor();

    const card = page.locator("featured-menu").getByRole("article", { name: "Hot Maple Flatbread" });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole("button", { name: words.add }).click();
    await card.getByRole("status").getByText(words.added).waitFor();
    expect(new URL(page.url()).pathname).toBe(words.home);
    await page.getByRole("button", { name: words.cart }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("lists Order, Gift Cards and, once there is one, this device's last order in the menu; the order page says how it was paid", async () => {
    const { context, page } = await phone();
    await page.goto(`${site.url}${words.home}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: words.menu, exact: true }).click();
    const menu = page.locator("#site-menu");
    await menu.getByRole("link", { name: words.order }).waitFor();
    expect(await menu.getByRole("link", { name: words.giftCards }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: words.yourOrder }).count(), "no order on this device yet").toBe(0);

    const placed = await fetch(`${site.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID(), origin: site.url, "x-site-locale": words.locale },
      body: JSON.stringify({
        items: [{ id: 1, quantity: 1 }],
        orderType: "pickup",
        customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
        paymentToken: "cnon:card-nonce-ok",
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderId, orderNumber } = (await placed.json()) as { orderId: string; orderNumber: string };
    const orderPage = `${words.locale === "es" ? "/es/confirmacion-de-pedido" : "/order-confirmation"}/${orderId}`;
    await page.goto(`${site.url}${orderPage}`);
    const paid = page.getByText(words.paidWith, { exact: true });
    await paid.waitFor();
    expect(await paid.locator("xpath=following-sibling::dd").textContent()).toBe(words.card);
    await expectNoAxeViolations(page);
    // The page's script has taken over once this device remembers the order.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("jealous-fork-last-order")), { timeout: 30_000 }).toContain(orderId);

    await page.goto(`${site.url}${words.home}`);
    // The header's script has run before the menu button is tapped (it reads the last order when the menu opens).
    await page.waitForFunction(() => customElements.get("site-header"));
    await page.getByRole("button", { name: words.menu, exact: true }).click();
    const yours = page.locator("#site-menu").getByRole("link", { name: words.yourOrder });
    await yours.waitFor();
    expect(await yours.textContent()).toContain(`#${orderNumber}`);
    expect(new URL((await yours.getAttribute("href"))!, site.url).pathname).toBe(orderPage);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("answers the after-pickup e-mail: happy leads to Google, unhappy's form says what is missing at the field and sends, the opt-out is kept", async () => {
    const { context, page } = await phone();
    const feedback = `${site.url}${words.locale === "es" ? "/es" : ""}/feedback`;
    const happy = await askedOrder(words.locale, `happy-${words.locale}@example.com`);
    await page.goto(`${feedback}?a=happy#${happy}`);
    const review = page.getByRole("link", { name: words.review });
    await review.waitFor();
    expect(await review.getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\//);
    await expectNoAxeViolations(page);

    const unhappy = await askedOrder(words.locale, `unhappy-${words.locale}@example.com`);
    await page.goto(`${feedback}?a=unhappy#${unhappy}`);
    // No review gating: an unhappy diner sees the same Google review link as a happy one.
    expect(await page.getByRole("link", { name: words.review }).getAttribute("href")).toBe(await review.getAttribute("href"));
    const field = page.getByRole("textbox", { name: words.whatHappened });
    await page.getByRole("button", { name: words.send }).click();
    await page.getByText(words.required).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("feedback-message");
    await expectNoAxeViolations(page);
    await field.fill("The flatbread was cold.");
    await page.getByRole("button", { name: words.send }).click();
    await page.getByRole("status").getByText(words.sent).waitFor();
    const [message] = await site.database.rows<{ message: string }>("SELECT message FROM contact_messages WHERE email = $1", [`unhappy-${words.locale}@example.com`]);
    expect(message?.message).toContain("The flatbread was cold.");

    const stop = await askedOrder(words.locale, `stop-${words.locale}@example.com`);
    await page.goto(`${feedback}?a=stop#${stop}`);
    await page.getByRole("button", { name: words.stop }).click();
    await page.getByRole("status").getByText(words.stopped).waitFor();
    expect(await site.database.count("feedback_opt_outs")).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("opens the after-pickup e-mail's links: a link it does not know says how to reach us, the opt-out asks first", async () => {
    const { context, page } = await phone();
    const feedback = `${site.url}${words.locale === "es" ? "/es" : ""}/feedback`;
    await page.goto(`${feedback}?a=happy#${"0".repeat(10)}`);
    await page.getByText(words.feedbackBad).waitFor();
    await expectNoAxeViolations(page);
    await page.goto(`${feedback}?a=stop#${"a".repeat(64)}`);
    await page.getByRole("heading", { name: words.stopHeading }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
