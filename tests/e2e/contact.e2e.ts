// The contact form journey: validation messages, 'Sending...', the success toast, a
// cleared form and a stored message, in desktop and mobile viewports; the failure toast and F8.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { DESKTOP, MOBILE, launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";

let site: RunningSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ clock: "2026-11-21T15:00:00Z" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The messages the site stored, as staff would read them. */
async function storedMessages(): Promise<Array<Record<string, unknown>>> {
  const rows = await site.database.rows<Record<string, unknown>>(
    "SELECT id, first_name AS \"firstName\", last_name AS \"lastName\", email, phone, message, handled FROM contact_messages ORDER BY created_at",
  );
  return rows;
}

async function openContact(options: BrowserContextOptions, timeout = 30_000): Promise<Page> {
  const context = await offlineContext(browser, options);
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  await page.goto(`${site.url}/#contact`, { waitUntil: "load" });
  const form = contactForm(page);
  await form.scrollIntoViewIfNeeded();
  // The button is disabled until the island has hydrated.
  await form.getByRole("button", { name: "Send Message", disabled: false }).waitFor({ timeout });
  return page;
}

/** expect.poll waits 1 s by default; a busy dev server needs longer. */
const SOON = { timeout: 20_000 };

const contactForm = (page: Page) => page.getByRole("form", { name: "Send us a message" });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("the contact form (%s)", (viewport, options) => {
  it("refuses an empty form, then a bad e-mail, then sends, clears itself and stores the message", async () => {
    const page = await openContact(options);
    const form = contactForm(page);
    const send = form.getByRole("button", { name: "Send Message" });
    const storedBefore = (await storedMessages()).length;

    await send.click();
    await expect.poll(() => form.getByRole("alert").textContent(), SOON).toBe("Please fill in all required fields.");
    await expect.poll(() => notifications(page).textContent(), SOON).toContain("Please fill in all required fields.");
    expect(await form.getByLabel("First Name").evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await storedMessages()).toHaveLength(storedBefore);

    const firstName = `Ana ${viewport}`;
    await form.getByLabel("First Name").fill(firstName);
    await form.getByLabel("Last Name").fill("Pérez");
    await form.getByLabel("Email").fill("ana@example");
    await form.getByLabel("Message").fill(`A table for 6 on Sunday? (${viewport})`);
    await send.click();
    await expect.poll(() => form.getByRole("alert").textContent(), SOON).toBe("Please enter a valid email address.");

    await form.getByLabel("Email").fill(`ana.${viewport}@example.com`);
    // Hold the answer back a moment so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contact", async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await expect.poll(() => sending.isDisabled(), SOON).toBe(true);
    release();

    await expect.poll(() => notifications(page).textContent(), SOON).toContain("Message sent successfully!");
    expect(await notifications(page).textContent()).toContain(`Thanks, ${firstName}! We'll get back to you soon.`);
    for (const label of ["First Name", "Last Name", "Email", "Phone", "Message"]) {
      expect(await form.getByLabel(label).inputValue(), label).toBe("");
    }
    // The problems are gone: the (empty) alert is hidden.
    expect(await form.getByRole("alert").count()).toBe(0);
    expect(await form.getByRole("button", { name: "Send Message" }).isEnabled()).toBe(true);

    const stored = await storedMessages();
    expect(stored.find((message) => message.firstName === firstName)).toMatchObject({
      lastName: "Pérez",
      email: `ana.${viewport}@example.com`,
      phone: null,
      message: `A table for 6 on Sunday? (${viewport})`,
      handled: false,
    });
    await page.context().close();
  });
});

describe("the contact form's failure and notifications", () => {
  it("shows the server's reason in a destructive toast and keeps what was typed", async () => {
    const page = await openContact(DESKTOP);
    const form = contactForm(page);
    await page.route("**/contact", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", json: { error: "Please wait a few minutes." } }),
    );
    await form.getByLabel("First Name").fill("Ana");
    await form.getByLabel("Last Name").fill("Pérez");
    await form.getByLabel("Email").fill("ana@example.com");
    await form.getByLabel("Message").fill("Hello");
    await form.getByRole("button", { name: "Send Message" }).click();

    const toast = notifications(page).getByRole("listitem");
    await expect.poll(() => toast.textContent(), SOON).toBe("Message could not be sent" + "Please wait a few minutes.");
    expect(await toast.getAttribute("data-variant")).toBe("destructive");
    expect(await form.getByLabel("Message").inputValue()).toBe("Hello");

    // F8 jumps to the notifications; the close button dismisses the toast.
    await page.keyboard.press("F8");
    expect(await notifications(page).evaluate((region) => region === document.activeElement)).toBe(true);
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect.poll(() => toast.count(), SOON).toBe(0);
    await page.context().close();
  });

  it("falls back to 'Please try again or call us directly.' when the server says nothing", async () => {
    const page = await openContact(MOBILE);
    const form = contactForm(page);
    await page.route("**/contact", (route) => route.fulfill({ status: 502, body: "" }));
    await form.getByLabel("First Name").fill("Ana");
    await form.getByLabel("Last Name").fill("Pérez");
    await form.getByLabel("Email").fill("ana@example.com");
    await form.getByLabel("Message").fill("Hello");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect
      .poll(() => notifications(page).textContent(), SOON)
      .toContain("Message could not be sentPlease try again or call us directly.");

    // A swipe of more than 50 px to the right dismisses it.
    const toast = notifications(page).getByRole("listitem");
    const box = (await toast.boundingBox())!;
    await toast.dispatchEvent("pointerdown", { pointerId: 1, clientX: box.x + 20, clientY: box.y + 20, isPrimary: true });
    await toast.dispatchEvent("pointermove", { pointerId: 1, clientX: box.x + 90, clientY: box.y + 20, isPrimary: true });
    await toast.dispatchEvent("pointerup", { pointerId: 1, clientX: box.x + 90, clientY: box.y + 20, isPrimary: true });
    await expect.poll(() => toast.count(), SOON).toBe(0);
    await page.context().close();
  });
});
