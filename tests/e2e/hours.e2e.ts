// The restaurant's time run by its staff, in Chromium against the production build, with the server's
// and the browser's clocks fixed: staff shorten Jealous Fork's Thursday and the menu API and the full
// menu's open states follow at once (the time it takes is measured), while the prerendered pages keep the
// hours they were built with and the console says the site updates in about 2 minutes (the rebuild
// itself: tests/e2e/published-build.e2e.ts); staff pause ordering and every page says so once loaded,
// the checkout refuses; a customer arriving on a closed Monday orders for Tuesday 9:30 and the
// confirmation shows that time.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, slowRequests } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startSite, type RunningSite } from "../support/site";
import { addFromMenu, contextAt, itemCard, openMenu, sectionBadge } from "./menuPage";

const PASSWORD = "journey-hours-password";
/** Thursday 19 November 2026, 2:30 PM in Miami: brunch is served until 3 PM. */
const THURSDAY_1430 = "2026-11-19T14:30:00-05:00";
/** Monday 23 November 2026, 10 AM in Miami: every kitchen is closed. */
const MONDAY_10H = "2026-11-23T10:00:00-05:00";
const JOURNEY = { timeout: 90_000 };

// One site for the whole file, its clock moved per journey: the page renderer keeps its database
// connection for the life of the process, so a second site in one file would leave pages on the first's.
let browser: Browser;
let site: RunningSite;
/** A stand-in for Netlify's build hook: what the console's saves call, debounced. */
let buildHook: Server;
beforeAll(async () => {
  buildHook = createServer((_req, res) => res.writeHead(200).end());
  await new Promise<void>((resolve) => buildHook.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(buildHook.address() as AddressInfo).port}/build_hooks/journey`;
  [browser, site] = await Promise.all([
    launchBrowser(),
    startSite({ clock: THURSDAY_1430, env: { ADMIN_PASSWORD: PASSWORD, BUILD_HOOK_URL: hookUrl } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise((resolve) => buildHook?.close(resolve));
});

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/admin`);
  const dialog = page.getByRole("dialog", { name: "Admin Access" });
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: "Jealous Fork Admin" }).waitFor();
}

/** The Restaurant object of a page's JSON-LD. */
async function restaurantJsonLd(url: string): Promise<{ openingHoursSpecification: { dayOfWeek: string[]; opens: string; closes: string }[] }> {
  const html = await (await fetch(url)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
  return blocks.find((block) => block["@type"] === "Restaurant");
}

async function menuApi(url: string): Promise<{ sections: { id: string; hours: string; isOpen: boolean }[] }> {
  return (await fetch(`${url}/api/menu`)).json() as Promise<{ sections: { id: string; hours: string; isOpen: boolean }[] }>;
}

describe("staff change Jealous Fork's Thursday hours", JOURNEY, () => {
  let context: BrowserContext;
  beforeAll(async () => {
    site.setClock(THURSDAY_1430);
    context = await contextAt(browser, THURSDAY_1430);
  });
  afterAll(() => context?.close());

  it("closes brunch at 2 PM on Thursdays: the menu API and the full menu follow at once, the pages at the rebuild", async () => {
    // Before: Thursday 2:30 PM is inside 9 AM - 3 PM.
    expect((await menuApi(site.url)).sections[0]).toMatchObject({ id: "jealous-fork", hours: "9AM - 3PM", isOpen: true });
    const before = await restaurantJsonLd(`${site.url}/`);
    expect(before.openingHoursSpecification).toContainEqual(expect.objectContaining({ opens: "09:00", closes: "15:00" }));
    expect(before.openingHoursSpecification[0]!.dayOfWeek).toContain("Thursday");

    const page = await context.newPage();
    await signIn(page, site.url);
    await page.getByRole("tab", { name: "Hours" }).click();
    await page.getByLabel("Jealous Fork Thursday closes").fill("14:00");
    const saved = Date.now();
    await page.getByRole("button", { name: "Save hours" }).click();
    await page.getByText("Hours Saved").first().waitFor();
    await page.getByRole("status").filter({ hasText: "Changes saved; the site updates in about 2 minutes." }).waitFor();

    // The menu API: Thursday's brunch is over at 2:30 PM, and the days now differ.
    await expect.poll(async () => (await menuApi(site.url)).sections[0]).toMatchObject({ hours: "Varies by day", isOpen: false });
    // The full menu, a file built before the save: its open states come from the menu API after load,
    // so the section is closed until tomorrow's opening and its dishes pre-order for it at once.
    const visitor = await context.newPage();
    await openMenu(visitor, `${site.url}/full-menu`);
    expect(await sectionBadge(visitor, "Jealous Fork")).toBe("Closed · opens tomorrow 9:00 AM");
    await expect(itemCard(visitor, "Hot Maple Flatbread").getByRole("button", { name: "Pre-order for tomorrow 9:00 AM" }).isEnabled()).resolves.toBe(true);
    const elapsed = Date.now() - saved;
    console.log(JSON.stringify({ measured: "saved hours change to the menu API and the full menu's open states", milliseconds: elapsed }));
    expect(elapsed).toBeLessThan(60_000);
    // The pages' text and JSON-LD are the build's until the rebuild the save asked for: files, no function.
    const privacy = await fetch(`${site.url}/privacy`);
    expect(privacy.status).toBe(200);
    expect(privacy.headers.get("netlify-cache-tag")).toBeNull();
    expect((await restaurantJsonLd(`${site.url}/`)).openingHoursSpecification).toEqual(before.openingHoursSpecification);
    await visitor.close();
    await page.close();
  });
});

describe("staff pause online ordering", JOURNEY, () => {
  let context: BrowserContext;
  beforeAll(async () => {
    site.setClock("2026-11-21T12:00:00-05:00");
    context = await contextAt(browser, "2026-11-21T12:00:00-05:00");
  });
  afterAll(() => context?.close());

  it("shows their message at checkout and refuses the order until they resume", async () => {
    const staff = await context.newPage();
    await signIn(staff, site.url);
    await staff.getByRole("button", { name: "Pause ordering" }).click();
    await staff.getByLabel("Pause for").selectOption({ label: "Until I resume" });
    await staff.getByLabel("Message for customers").fill("We are closed today for Mother's Day. See you tomorrow!");
    await staff.getByRole("button", { name: "Pause now" }).click();
    await staff.getByRole("button", { name: "Resume ordering" }).waitFor();
    // Every page says it too once loaded (a built page asks the menu API), before anyone fills a cart.
    const home = await context.newPage();
    await home.goto(`${site.url}/`);
    await home.getByRole("status").filter({ hasText: "We are closed today for Mother's Day. See you tomorrow!" }).waitFor();
    await home.close();

    const customer = await context.newPage();
    await openMenu(customer, `${site.url}/full-menu`);
    // The full menu says it from the answer its own script loads.
    await customer.getByRole("status").filter({ hasText: "We are closed today for Mother's Day. See you tomorrow!" }).waitFor();
    // No dish can be added while paused: the cart below was filled before the pause.
    await expect(itemCard(customer, "Hot Maple Flatbread").getByRole("button", { name: "Ordering paused" }).isDisabled()).resolves.toBe(true);
    await putCart(customer, site.url);
    await customer.goto(`${site.url}/checkout`);
    const when = customer.getByRole("group", { name: "When?" });
    await when.getByRole("alert").getByText("We are closed today for Mother's Day. See you tomorrow!").waitFor();
    await customer.getByLabel("Full Name").fill("Ana Pérez");
    await customer.getByLabel("Email").fill("ana@example.com");
    await customer.getByLabel("Phone").fill("(305) 555-0142");
    await customer.getByRole("button", { name: "Continue to Payment" }).click();
    await customer.getByRole("region", { name: /Notifications/ }).getByText("Ordering Unavailable").first().waitFor();
    expect(await customer.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
    expect(await site.database.rows("SELECT id FROM orders")).toEqual([]);

    await staff.getByRole("button", { name: "Resume ordering" }).click();
    await staff.getByRole("button", { name: "Pause ordering" }).waitFor();
    await customer.reload();
    await customer.getByRole("group", { name: "When?" }).getByText("Ready around 12:15 PM").waitFor();
    await staff.close();
    await customer.close();
  });
});

describe("a customer arriving on a Monday, when every kitchen is closed", JOURNEY, () => {
  let context: BrowserContext;
  beforeAll(async () => {
    site.setClock(MONDAY_10H);
    context = await contextAt(browser, MONDAY_10H);
  });
  afterAll(() => context?.close());

  it("orders brunch for Tuesday 9:30 and the confirmation shows that time", async () => {
    const page = await context.newPage();
    await openMenu(page, `${site.url}/full-menu`);
    expect(await sectionBadge(page, "Jealous Fork")).toBe("Closed · opens tomorrow 9:00 AM");
    await expect(itemCard(page, "Hot Maple Flatbread").getByRole("button", { name: "Pre-order for tomorrow 9:00 AM" }).isEnabled()).resolves.toBe(true);

    await page.getByLabel("Ordering for").selectOption({ label: "Tuesday, Nov 24 at 9:30 AM" });
    await expect.poll(() => page.getByRole("region", { name: "Jealous Fork", exact: true }).getByText(/^(OPEN|CLOSED)$/).textContent()).toBe("OPEN");
    await addFromMenu(page, "Hot Maple Flatbread");

    await page.goto(`${site.url}/checkout`);
    const when = page.getByRole("group", { name: "When?" });
    await when.getByText("(we are closed right now)").waitFor();
    await expect.poll(() => when.getByLabel("Time").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
      "Tuesday, Nov 24 at 9:30 AM",
    );
    await page.getByLabel("Full Name").fill("Ana Pérez");
    await page.getByLabel("Email").fill("ana@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$17\.20/ }).click();

    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole("main").getByText("Tuesday, Nov 24 at 9:30 AM").waitFor();
    const [order] = await site.database.rows<{ promised_at: Date }>("SELECT promised_at FROM orders");
    expect(order!.promised_at.toISOString()).toBe("2026-11-24T14:30:00.000Z");
    await page.close();
  });
});

describe("staff close the restaurant for Thanksgiving", JOURNEY, () => {
  const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
  let context: BrowserContext;
  beforeAll(async () => {
    site.setClock(SATURDAY_NOON);
    context = await contextAt(browser, SATURDAY_NOON);
  });
  afterAll(() => context?.close());

  it("the checkout says so from its first paint, and the form does not move when the times arrive", async () => {
    const staff = await context.newPage();
    await signIn(staff, site.url);
    const hoursUrl = `${site.url}/api/admin/hours`;
    const { schedule, capacities } = await (await staff.request.get(hoursUrl)).json();
    const thanksgiving = { from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving" };
    const body = { weekly: schedule.weekly, leadMinutes: schedule.leadMinutes, capacities, specialDates: [thanksgiving] };
    expect((await staff.request.put(hoursUrl, { data: body, headers: { origin: site.url } })).status()).toBe(200);

    const customer = await context.newPage();
    await openMenu(customer, `${site.url}/full-menu`);
    await addFromMenu(customer, "Hot Maple Flatbread");
    // A slow network: the times arrive well after the form is on screen.
    await slowRequests(customer, "**/api/schedule*", 600);
    await customer.goto(`${site.url}/checkout`);
    const when = customer.getByRole("group", { name: "When?" });
    await when.getByText("Loading times...").waitFor();
    expect(await when.getByText("Closed for Thanksgiving (2026-11-26)").count()).toBe(1);
    const phone = customer.getByLabel("Phone");
    const before = await phone.boundingBox();
    await when.getByText("Ready around 12:15 PM").waitFor();
    expect(await phone.boundingBox()).toEqual(before);
    expect(await when.getByText("Closed for Thanksgiving (2026-11-26)").count()).toBe(1);

    expect((await staff.request.put(hoursUrl, { data: { ...body, specialDates: [] }, headers: { origin: site.url } })).status()).toBe(200);
    await staff.close();
    await customer.close();
  });
});
