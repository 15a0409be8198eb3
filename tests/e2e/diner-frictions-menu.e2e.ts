// A diner in a hurry on a phone (390 x 844), in English and Spanish, against the production build with the
// restaurant's and the browser's clocks at Saturday noon in Miami (brunch open, burgers from 5 PM) and DoorDash
// keys set (a fake DoorDash on 127.0.0.1): a pause (said once, with when ordering resumes, and its later
// times orderable), a closed kitchen (a pre-order that would move a cart asks first) and a sold-out dish are
// seen before the cart and stop it before Pay; customer text never widens the page; the header holds at 200% text; a phone
// on its side keeps its fixed bars to a third; the courier's fee and tip are DoorDash's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, offlineContext, MOBILE } from "../support/browser";
import { courierSettings, WEBHOOK_AUTHORIZATION } from "../support/courierServices";
import { startFakeDoorDash, type FakeDoorDash } from "../support/fakeDoorDash";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { itemCard, openMenu, sectionBadge } from "./menuPage";
import { expectNoAxeViolations } from "../support/axe";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PASSWORD = "journey-frictions-password";
const JOURNEY = { timeout: 120_000 };
const LANDSCAPE = { ...MOBILE, viewport: { width: 844, height: 390 } };
const LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffvoralternwaren";
const LONG_EMAIL = "maria.fernanda.gonzalez-rodriguez@example.com"; // 46 characters

let site: RunningSite;
let browser: Browser;
let doordash: FakeDoorDash;
beforeAll(async () => {
  doordash = await startFakeDoorDash();
  [site, browser] = await Promise.all([
    startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD, ...courierSettings(doordash) } }),
    launchBrowser(),
  ]);
  doordash.subscribe({
    authorization: WEBHOOK_AUTHORIZATION,
    deliver: (body, headers) => fetch(`${site.url}/api/couriers/doordash/webhooks`, { method: "POST", headers, body: JSON.stringify(body) }),
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await doordash?.stop();
});

async function phone(options = MOBILE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await offlineContext(browser, options);
  await context.clock.setFixedTime(new Date(SATURDAY_NOON));
  return { context, page: await context.newPage() };
}

const STAFF_HEADERS = () => ({ "content-type": "application/json", origin: site.url });

/** Signs the page's context in as the owner (the session cookie goes to its later requests and pages). */
async function signIn(page: Page): Promise<void> {
  expect((await page.request.post(`${site.url}/api/admin/session`, { headers: STAFF_HEADERS(), data: { password: PASSWORD } })).status()).toBe(200);
}

/** A staff request from the site's own pages, signed in with the owner's password. */
async function staff(page: Page, method: "PATCH", path: string, data: unknown): Promise<void> {
  const headers = STAFF_HEADERS();
  await signIn(page);
  const res = await page.request.fetch(`${site.url}${path}`, { method, headers, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

function toasts(page: Page) {
  return page.getByRole("region", { name: /Notifications|Notificaciones/ });
}

describe("while staff pause online ordering until 1:00 PM", { timeout: 180_000 }, () => {
  let control: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    control = await phone();
    await control.page.goto(`${site.url}/robots.txt`);
    await staff(control.page, "PATCH", "/api/admin/hours/ordering", { pause: { minutes: 60, message: "We are catching up." } });
  });
  afterAll(async () => {
    await staff(control.page, "PATCH", "/api/admin/hours/ordering", { pause: null });
    await control.context.close();
  });

  it("every page says it once, in one time format, with when ordering resumes; nothing says OPEN NOW; the times after the pause can be ordered for", async () => {
    const { context, page } = await phone();
    await page.goto(`${site.url}/`);
    const banner = page.getByRole("status").filter({ hasText: "Ordering resumes at 1:00 PM. We are catching up." });
    await banner.waitFor();
    expect(await page.getByRole("button", { name: "Close the notice" }).isVisible()).toBe(false);
    // Said once: the home page's own "open now" lines do not say it again (nor in another format, "1PM").
    await page.waitForLoadState("networkidle");
    expect(await page.getByText(/paused|resumes|1PM/).count()).toBe(1);

    await putCart(page, site.url);
    await openMenu(page, `${site.url}/full-menu`);
    await banner.waitFor();
    for (const name of ["Jealous Fork", "Jealous Burger", "Beverages"]) expect(await sectionBadge(page, name)).toBe("Ordering paused");
    expect(await page.getByText("OPEN NOW").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Add to Cart" }).count()).toBe(0);
    // Its later times: 1:00 PM and a pickup's 15 minutes.
    await expect(itemCard(page, "Hot Maple Flatbread").getByRole("button", { name: "Pre-order for 1:15 PM" }).isEnabled()).resolves.toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: /^Cart, 3 items$/ }).click();
    const sheet = page.getByRole("dialog", { name: "Your Order (3 items)" });
    const paused = sheet.getByRole("alert").filter({ hasText: "Ordering resumes at 1:00 PM." });
    await paused.waitFor();
    await expect(sheet.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await paused.getByRole("button", { name: "Schedule for 1:15 PM" }).click();
    await sheet.getByText("Ordering for 1:15 PM").waitFor();
    await sheet.getByRole("button", { name: "Proceed to Checkout" }).click();

    // The checkout takes the order for 1:15 PM during the pause; the server promises it.
    await page.waitForURL(/\/checkout$/);
    await banner.waitFor();
    const when = page.getByRole("group", { name: "When?" });
    await expect.poll(() => when.getByLabel("Time").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe("Today at 1:15 PM");
    await page.getByLabel("Full Name").fill("Ana Pérez");
    await page.getByLabel("Email").fill("ana.paused@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$[\d.]+ \(test\)$/ }).click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    const [order] = await site.database.rows<{ promised_at: Date }>("SELECT promised_at FROM orders WHERE customer_email = 'ana.paused@example.com'");
    expect(new Date(order!.promised_at).toISOString()).toBe("2026-11-21T18:15:00.000Z");
    await context.close();
  });

  it("says it in Spanish on the Spanish pages", async () => {
    const { context, page } = await phone();
    await page.goto(`${site.url}/es/full-menu`);
    await page.getByRole("status").filter({ hasText: "Los pedidos se reanudan a la 1:00 p. m." }).waitFor();
    await expect.poll(() => itemCard(page, "Hot Maple Flatbread").getByRole("button", { name: "Pedir para la 1:15 p. m." }).count()).toBe(1);
    await page.getByRole("status").getByRole("button", { name: "Programar para la 1:15 p. m." }).waitFor();
    expect(await page.getByText("ABIERTO AHORA").count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("on a phone on its side, the header, the quick actions and the banner take at most a third of the height", async () => {
    const { context, page } = await phone(LANDSCAPE);
    await openMenu(page, `${site.url}/full-menu`);
    await page.getByRole("status").filter({ hasText: "Ordering resumes" }).waitFor();
    await page.mouse.wheel(0, 1500);
    // Measured once the page has scrolled and stopped, with no transition (a bar sliding away) still running.
    await page.waitForFunction(
      () =>
        new Promise<boolean>((settled) => {
          const at = scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => settled(scrollY > 0 && scrollY === at && document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"))));
        }),
    );
    const fixed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("body *")]
        .filter((element) => {
          const position = getComputedStyle(element).position;
          const box = element.getBoundingClientRect();
          const stuck = position === "fixed" || (position === "sticky" && box.top <= 64);
          return stuck && !element.closest("[hidden]") && element.innerText.trim() !== "" && box.height > 0 && box.bottom > 0 && box.top < innerHeight && !element.parentElement?.closest("header, aside, live-notices, nav");
        })
        .map((element) => ({ tag: element.tagName, height: element.getBoundingClientRect().height })),
    );
    const total = fixed.reduce((sum, element) => sum + element.height, 0);
    expect(total, JSON.stringify(fixed)).toBeLessThanOrEqual(390 / 3);
    await context.close();
  });
});

describe("a closed kitchen: burgers open at 5:00 PM", JOURNEY, () => {
  it("says when it opens, pre-orders for then in one tap, and the checkout has that time chosen", async () => {
    const { context, page } = await phone();
    await openMenu(page, `${site.url}/full-menu`);
    expect(await sectionBadge(page, "Jealous Burger")).toBe("Closed · opens 5:00 PM");
    expect(await sectionBadge(page, "Jealous Fork")).toBe("OPEN NOW");
    await itemCard(page, "Jesse James").getByRole("button", { name: "Pre-order for 5:00 PM" }).click();
    await expect.poll(() => page.getByLabel("Ordering for").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe("Today at 5:00 PM");
    await page.getByRole("button", { name: /^Cart, 1 item$/ }).click();
    const sheet = page.getByRole("dialog", { name: "Your Order (1 item)" });
    await sheet.getByText("Ordering for 5:00 PM").waitFor();
    await expectNoAxeViolations(page);
    await sheet.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    const when = page.getByRole("group", { name: "When?" });
    await expect
      .poll(() => when.getByLabel("Time").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent), { message: await when.textContent().catch(() => "") ?? "" })
      .toBe("Today at 5:00 PM");
    await context.close();
  });

  it("asks before a 5:00 PM pre-order moves a cart of brunch dishes to 5:00 PM, and changes nothing when told to keep it", async () => {
    const { context, page } = await phone();
    await putCart(page, site.url);
    await openMenu(page, `${site.url}/full-menu`);
    const preorder = itemCard(page, "Jesse James").getByRole("button", { name: "Pre-order for 5:00 PM" });
    await preorder.click();
    const ask = page.getByRole("dialog", { name: "Change your order to 5:00 PM?" });
    await ask.getByText("Billionaire Brunch Bites, Hot Maple Flatbread can't join it.").waitFor();
    await expectNoAxeViolations(page);
    await ask.getByRole("button", { name: "Keep ordering for now" }).click();
    await ask.waitFor({ state: "detached" });
    expect(await page.getByLabel("Ordering for").evaluate((select: HTMLSelectElement) => select.value)).toBe("");
    expect(await page.getByRole("button", { name: /^Cart, 3 items$/ }).count()).toBe(1);

    await preorder.click();
    await page.getByRole("dialog", { name: "Change your order to 5:00 PM?" }).getByRole("button", { name: "Change to 5:00 PM" }).click();
    await page.getByRole("button", { name: /^Cart, 4 items$/ }).waitFor();
    await expect.poll(() => page.getByLabel("Ordering for").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe("Today at 5:00 PM");
    // Brunch still serves now, as the home page says: the menu says "not at 5:00 PM", never "Closed".
    await expect.poll(() => sectionBadge(page, "Jealous Fork")).toBe("Open now · not at 5:00 PM");
    await context.close();
  });

  it("offers a separate order: the brunch cart is checked out for now, and its confirmation offers the burger for 5:00 PM", async () => {
    const { context, page } = await phone();
    await putCart(page, site.url);
    await openMenu(page, `${site.url}/full-menu`);
    await itemCard(page, "Jesse James").getByRole("button", { name: "Pre-order for 5:00 PM" }).click();
    await page.getByRole("dialog", { name: "Change your order to 5:00 PM?" }).getByRole("button", { name: "Check out this order first" }).click();
    const sheet = page.getByRole("dialog", { name: "Your Order (3 items)" });
    await sheet.waitFor();
    expect(await page.getByLabel("Ordering for").evaluate((select: HTMLSelectElement) => select.value)).toBe("");
    await sheet.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByLabel("Full Name").fill("Ana Pérez");
    await page.getByLabel("Email").fill("ana.separate@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$[\d.]+ \(test\)$/ }).click();
    await page.getByRole("heading", { name: "Your separate order" }).waitFor({ timeout: 30_000 });
    await page.getByText("Jesse James couldn't join this order's time. Order it now, on its own, for 5:00 PM.").waitFor();
    expect(await page.getByRole("link", { name: "Order Jesse James" }).getAttribute("href")).toBe("/full-menu#jesse-james");
    await context.close();
  });

  it("says it in Spanish", async () => {
    const { context, page } = await phone();
    await page.goto(`${site.url}/es/full-menu`);
    const burgers = page.getByRole("region", { name: "Jealous Burger", exact: true });
    await burgers.getByText("Cerrado · abre a las 5:00 p. m.").waitFor();
    await itemCard(page, "Jesse James").getByRole("button", { name: "Pedir para las 5:00 p. m." }).click();
    await page.getByRole("button", { name: /^Carrito, 1 artículo$/ }).click();
    await page.getByRole("dialog").getByText("Pedido para las 5:00 p. m.").waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe("a sold-out dish in the cart", JOURNEY, () => {
  let control: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    control = await phone();
    await control.page.goto(`${site.url}/robots.txt`);
    await staff(control.page, "PATCH", "/api/featured-items/1/stock", { inStock: false });
  });
  afterAll(async () => {
    await staff(control.page, "PATCH", "/api/featured-items/1/stock", { inStock: true });
    await control.context.close();
  });

  it("blocks Proceed to Checkout with one tap to remove it", async () => {
    const { context, page } = await phone();
    await putCart(page, site.url);
    await openMenu(page, `${site.url}/full-menu`);
    await page.getByRole("button", { name: /^Cart, 3 items$/ }).click();
    const sheet = page.getByRole("dialog", { name: "Your Order (3 items)" });
    await sheet.getByRole("listitem", { name: "Hot Maple Flatbread" }).getByText("Out of stock").waitFor();
    await expect(sheet.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await sheet.getByRole("button", { name: "Remove the unavailable item" }).click();
    await page.getByRole("dialog", { name: "Your Order (2 items)" }).waitFor();
    await expect(page.getByRole("button", { name: "Proceed to Checkout" }).isEnabled()).resolves.toBe(true);
    await context.close();
  });

  for (const [lang, words] of [
    ["en", { path: "/checkout", name: "Full Name", email: "Email", phone: "Phone", go: "Continue to Payment", out: "Out of stock", refusal: "Hot Maple Flatbread: Out of stock. Remove it from your order to go on.", remove: "Remove Hot Maple Flatbread", pay: /^Pay .* \(test\)$/ }],
    ["es", { path: "/es/checkout", name: "Nombre completo", email: "Correo electrónico", phone: "Teléfono", go: "Continuar al pago", out: "Agotado", refusal: "Hot Maple Flatbread: Agotado. Quítalo de tu pedido para continuar.", remove: "Quitar Hot Maple Flatbread", pay: /^Pagar .* \(prueba\)$/ }],
  ] as const) {
    it(`is named in the checkout's summary and stops Continue before Pay, naming it (${lang})`, async () => {
      const { context, page } = await phone();
      await putCart(page, site.url);
      await page.goto(`${site.url}${words.path}`);
      const summary = page.getByRole("region", { name: lang === "en" ? "Order Summary" : "Resumen del pedido" });
      await summary.getByRole("alert").getByText(words.out).waitFor();
      await page.getByLabel(words.name).fill("Ana Pérez");
      await page.getByLabel(words.email).fill("ana@example.com");
      await page.getByLabel(words.phone).fill("(305) 555-0142");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: words.go }).click();
      await toasts(page).getByText(words.refusal).waitFor();
      expect(await page.getByRole("button", { name: words.pay }).count()).toBe(0);
      await summary.getByRole("button", { name: words.remove }).click();
      await page.getByRole("button", { name: words.go }).click();
      await page.getByRole("button", { name: words.pay }).waitFor();
      await context.close();
    });
  }
});

describe("layouts that hold on a phone", JOURNEY, () => {
  it("a 46-character e-mail and a long one-word name never widen the checkout, the order page or the console's card", async () => {
    const { context, page } = await phone();
    await page.goto(`${site.url}/robots.txt`);
    await page.evaluate((name) => {
      const line = { id: 1, name: "Hot Maple Flatbread", price: 1600, category: "flatbread", description: "Flatbread", section: "jealous-fork", inStock: true, squareId: null, quantity: 1, note: name };
      localStorage.setItem("jealous-fork-cart", JSON.stringify({ items: [line], deliveryFee: 0 }));
    }, LONG_NAME + LONG_NAME);
    await page.goto(`${site.url}/full-menu`);
    await page.getByRole("button", { name: /^Cart, 1 item$/ }).click();
    await page.getByRole("dialog").getByText(/Wolfeschlegel/).waitFor();
    await expectNoSidewaysScroll(page);
    const sheetFits = await page.getByRole("dialog").evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth);
    expect(sheetFits).toBe(true);

    await page.goto(`${site.url}/checkout`);
    await page.getByLabel("Full Name").fill(LONG_NAME);
    await page.getByLabel("Email").fill(LONG_EMAIL);
    await page.getByLabel("Phone").fill("(305) 555-0142");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const pay = page.getByRole("button", { name: /^Pay .* \(test\)$/ });
    await pay.waitFor();
    await expectNoSidewaysScroll(page);
    await pay.click();
    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\//);
    await page.getByText(LONG_EMAIL).first().waitFor();
    await expectNoSidewaysScroll(page);

    await signIn(page);
    await page.goto(`${site.url}/admin`);
    await page.getByRole("tab", { name: "Orders" }).click();
    const card = page.getByRole("listitem", { name: /^Order #/ }).filter({ hasText: LONG_NAME }).first();
    await card.waitFor();
    expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await context.close();
  });

  for (const [path, switchName] of [["/full-menu", /^Español:/], ["/es/full-menu", /^English:/]] as const) {
    it(`keeps the language switch and the cart in view with the phone's text at 200% (${path})`, async () => {
      const { context, page } = await phone();
      await page.goto(`${site.url}${path}`);
      // Chromium's text scaling as a larger root font-size (an inline style: the site's policy allows no style tag).
      await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%"));
      for (const control of [page.getByRole("link", { name: switchName }), page.getByRole("button", { name: /^(Cart|Carrito), / })]) {
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await control.isVisible()).toBe(true);
      }
      // Nothing widens the page either (a wider page would stretch the fixed header past the screen).
      await expectNoSidewaysScroll(page);
      expect(await page.evaluate(() => innerWidth)).toBe(390);
      await context.close();
    });
  }

  it("on a phone on its side, the cart's quantity buttons stay reachable", async () => {
    const { context, page } = await phone(LANDSCAPE);
    await putCart(page, site.url);
    await openMenu(page, `${site.url}/full-menu`);
    await page.getByRole("button", { name: /^Cart, 3 items$/ }).click();
    const more = page.getByRole("button", { name: "Increase quantity of Hot Maple Flatbread" });
    await more.scrollIntoViewIfNeeded();
    const box = (await more.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(390);
    await more.click();
    await page.getByRole("dialog", { name: "Your Order (4 items)" }).waitFor();
    await context.close();
  });
});

describe("delivery by DoorDash", JOURNEY, () => {
  for (const [lang, words] of [
    ["en", { path: "/checkout", delivery: "Delivery", choice: "45-60 minutes · DoorDash's fee, shown once you enter your address", pending: "Delivery fee: DoorDash's, shown once you enter your address.", tip: "Tip for your Dasher", name: "Full Name", phone: "Phone", street: "Street Address", zip: "ZIP Code", quoted: "Delivery by DoorDash: $9.75" }],
    ["es", { path: "/es/checkout", delivery: "Entrega a domicilio", choice: "45-60 minutos · el costo de DoorDash se muestra al escribir tu dirección", pending: "Costo de entrega: el de DoorDash, se muestra al escribir tu dirección.", tip: "Propina para tu repartidor", name: "Nombre completo", phone: "Teléfono", street: "Dirección", zip: "Código postal", quoted: "Entrega por DoorDash: $9.75" }],
  ] as const) {
    it(`says the fee is DoorDash's, shown once the address is known, never a flat fee, and the tip is the Dasher's (${lang})`, async () => {
      const { context, page } = await phone();
      await putCart(page, site.url);
      await page.goto(`${site.url}${words.path}`);
      await page.getByText(words.choice).waitFor();
      expect(await page.getByText(/4[.,]99/).count()).toBe(0);
      await page.getByLabel(words.delivery, { exact: false }).first().check();
      await page.getByText(words.pending).waitFor();
      await page.getByRole("group", { name: words.tip }).waitFor();
      expect(await page.getByText(/4[.,]99/).count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByLabel(words.name).fill("Ana Pérez");
      await page.getByLabel(words.phone).fill("(305) 555-0142");
      await page.getByLabel(words.street, { exact: true }).fill("1200 SW 8th St");
      await page.getByLabel(words.zip, { exact: true }).fill("33135");
      await page.getByRole("status").filter({ hasText: words.quoted }).waitFor();
      expect(await page.getByText(words.pending).count()).toBe(0);
      await context.close();
    });
  }
});
