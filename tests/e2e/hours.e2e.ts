// The restaurant's time run by its staff, in Chromium against the production build, with the server's
// and the browser's clocks fixed: staff shorten Jealous Fork's Thursday and the menu API, the full menu
// and the home page's JSON-LD follow (the time it takes is measured); staff pause ordering and the
// checkout shows their message and refuses; a customer arriving on a closed Monday orders for Tuesday
// 9:30 and the confirmation shows that time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, slowRequests } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { contextAt, itemCard, openMenu, sectionBadge } from "./menuPage";

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
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startSite({ clock: THURSDAY_1430, env: { ADMIN_PASSWORD: PASSWORD } })]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
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

  it("closes brunch at 2 PM on Thursdays: the menu API, the full menu and the JSON-LD follow at once", async () => {
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

    // The menu API: Thursday's brunch is over at 2:30 PM, and the days now differ.
    await expect.poll(async () => (await menuApi(site.url)).sections[0]).toMatchObject({ hours: "Varies by day", isOpen: false });
    // The full menu: the section is CLOSED, its dishes say Closed, the summary gives Thursday's hours.
    const visitor = await context.newPage();
    await openMenu(visitor, `${site.url}/full-menu`);
    expect(await sectionBadge(visitor, "Jealous Fork")).toBe("CLOSED");
    await expect(itemCard(visitor, "Hot Maple Flatbread").getByRole("button", { name: "Closed" }).isDisabled()).resolves.toBe(true);
    const summary = visitor.getByRole("region", { name: "Operating Hours" });
    await summary.getByText("Thursday: 9AM - 2PM").waitFor();
    // The home page's JSON-LD: Thursday 09:00-14:00, the other days 09:00-15:00.
    const after = await restaurantJsonLd(`${site.url}/`);
    expect(after.openingHoursSpecification).toContainEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: ["Thursday"], opens: "09:00", closes: "14:00" });
    expect(after.openingHoursSpecification.find((spec) => spec.closes === "15:00")!.dayOfWeek).not.toContain("Thursday");
    // The footer of every page and the FAQ answer say it too.
    const privacy = await fetch(`${site.url}/privacy`);
    expect(await privacy.text()).toContain("Thursday, 9AM - 2PM");
    expect(await (await fetch(`${site.url}/`)).text()).toContain("Jealous Fork serves breakfast and brunch Tuesday - Wednesday, 9AM - 3PM; Thursday, 9AM - 2PM");
    // Rendered on request, and cached by the CDN under the tag the save purges.
    expect(privacy.headers.get("netlify-cache-tag")).toBe("hours");
    expect(privacy.headers.get("netlify-cdn-cache-control")).toBe("public, durable, s-maxage=300, stale-while-revalidate=60");
    const elapsed = Date.now() - saved;
    console.log(JSON.stringify({ measured: "saved hours change to every page (menu API, full menu, JSON-LD, footer)", milliseconds: elapsed }));
    expect(elapsed).toBeLessThan(60_000);
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
    // The home page says it too, before anyone fills a cart.
    expect(await (await fetch(`${site.url}/`)).text()).toContain("We are closed today for Mother&#39;s Day. See you tomorrow!");

    const customer = await context.newPage();
    await openMenu(customer, `${site.url}/full-menu`);
    await itemCard(customer, "Hot Maple Flatbread").getByRole("button", { name: "Add to Cart" }).click();
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
    expect(await sectionBadge(page, "Jealous Fork")).toBe("CLOSED");
    await expect(itemCard(page, "Hot Maple Flatbread").getByRole("button", { name: "Closed" }).isDisabled()).resolves.toBe(true);

    await page.getByLabel("Ordering for").selectOption({ label: "Tuesday, Nov 24 at 9:30 AM" });
    await expect.poll(() => page.getByRole("region", { name: "Jealous Fork", exact: true }).getByText(/^(OPEN|CLOSED)$/).textContent()).toBe("OPEN");
    await itemCard(page, "Hot Maple Flatbread").getByRole("button", { name: "Add to Cart" }).click();

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

    await page.waitForURL(/\/order-confirmation\/[A-Za-z0-9_-]{22}$/);
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
    await itemCard(customer, "Hot Maple Flatbread").getByRole("button", { name: "Add to Cart" }).click();
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
