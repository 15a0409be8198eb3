// Staff accounts in the browser: the owner adds a line cook in the Staff tab and passes on the set-up
// link; the cook registers a passkey on their phone (Chromium's virtual authenticator), lands in a console
// that shows only what staff may do, signs out, and signs in again with the passkey alone; the owner sees
// the cook's passkey in the Staff tab and removes it (a lost phone), which signs the cook out. With the
// owner's sign-in older than 5 minutes, a hand-over (a set-up link, a passkey removed) first asks "Confirm
// it is you", then goes on; the owner's own set-up link is only e-mailed.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, MOBILE, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { addPlatformAuthenticator } from "../support/virtualAuthenticator";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PASSWORD = "journey-owner-password";
const OWNER_EMAIL = "chef@jealousfork.test";
const STEP_TIMEOUT = 60_000;

let site: RunningSite;
let browser: Browser;
let owner: BrowserContext;
let cook: BrowserContext;
let ownerPage: Page;
let cookPage: Page;
/** WebAuthn needs a domain: localhost reaches the same server as 127.0.0.1. */
let origin: string;
let setupLink: string;
let catcher: MailCatcher;

/** The owner's sessions, opened more than 5 minutes ago: a tablet left signed in. */
async function ownerSignInGoesStale(): Promise<void> {
  await site.database.rows("UPDATE admin_sessions SET created_at = created_at - interval '10 minutes' WHERE account_id = (SELECT id FROM staff_accounts WHERE email = $1)", [OWNER_EMAIL]);
}

/** Answers "Confirm it is you" with the owner's password. */
async function confirmItIsYou(): Promise<void> {
  const confirm = ownerPage.getByRole("region", { name: "Confirm it is you" });
  await confirm.getByLabel("Your current password").fill(PASSWORD);
  await confirm.getByRole("button", { name: "Confirm with password" }).click();
  await confirm.waitFor({ state: "detached" });
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  const mail = { SMTP_URL: catcher.smtpUrl, SITE_URL: "https://jealousfork.example" };
  [site, browser] = await Promise.all([startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD, OWNER_EMAIL, ...mail } }), launchBrowser()]);
  origin = site.url.replace("127.0.0.1", "localhost");
  owner = await offlineContext(browser);
  ownerPage = await owner.newPage();
  cook = await offlineContext(browser, MOBILE);
  cookPage = await cook.newPage();
  // The cook's phone has a platform authenticator that verifies its user (a fingerprint) at once.
  await addPlatformAuthenticator(cook, cookPage);
});

afterAll(async () => {
  await owner?.close();
  await cook?.close();
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

describe("staff accounts", () => {
  it("the owner signs in with OWNER_EMAIL and the set-up password and adds a line cook", async () => {
    await ownerPage.goto(`${origin}/admin`);
    const dialog = ownerPage.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("E-mail").fill(OWNER_EMAIL);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await ownerPage.getByText("Signed in as").waitFor();
    await ownerPage.getByRole("tab", { name: "Staff" }).click();
    const form = ownerPage.getByRole("form", { name: "Add a person" });
    await form.getByLabel("Name").fill("Luis Gómez");
    await form.getByLabel("E-mail").fill("luis@jealousfork.test");
    await form.getByRole("button", { name: "Add person" }).click();
    const link = ownerPage.getByRole("status").filter({ hasText: "Set-up link for Luis Gómez" });
    setupLink = (await link.locator(".font-mono").textContent())!;
    expect(setupLink).toMatch(/\/admin\/setup#[A-Za-z0-9_-]{43}$/);
    await ownerPage.getByRole("cell", { name: "luis@jealousfork.test" }).waitFor();
  }, STEP_TIMEOUT);

  it("the cook registers a passkey with the link and sees only what staff may do", async () => {
    await cookPage.goto(setupLink);
    await cookPage.getByText("Welcome, Luis Gómez").first().waitFor();
    // Before anything is confirmed, the page says what using the link ends.
    await cookPage.getByRole("note", { name: "What this link does" }).getByText("Using this link signs luis@jealousfork.test out everywhere").waitFor();
    await cookPage.getByRole("button", { name: "Register a passkey on this device" }).click();
    await cookPage.getByText("Signed in as").waitFor();
    expect(new URL(cookPage.url()).pathname).toMatch(/^\/admin\/?$/);
    expect(await cookPage.getByText("Signed in as").textContent()).toContain("Luis Gómez (Staff)");
    const tabs = await cookPage.getByRole("tab").allTextContents();
    expect(tabs).toEqual(["Orders", "Stock", "Featured", "Messages", "Sessions"]);
    expect(await cookPage.getByRole("button", { name: "Sync Now" }).count()).toBe(0);
    // Stock switches, but no featuring.
    await cookPage.getByRole("tab", { name: "Featured" }).click();
    expect(await cookPage.getByRole("checkbox", { name: /^In stock:/ }).count()).toBeGreaterThan(0);
    expect(await cookPage.getByRole("checkbox", { name: /^Featured:/ }).count()).toBe(0);
  }, STEP_TIMEOUT);

  it("the cook moves an order along but is offered no refund, and no Square panel anywhere", async () => {
    const placed = await fetch(`${site.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID(), origin: site.url },
      body: JSON.stringify({
        items: [{ id: 1, quantity: 1 }],
        orderType: "pickup",
        customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
        paymentToken: "cnon:card-nonce-ok",
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { orderNumber } = (await placed.json()) as { orderNumber: string };
    await cookPage.getByRole("tab", { name: "Orders" }).click();
    const order = cookPage.getByRole("listitem", { name: `Order #${orderNumber}` });
    await order.getByRole("button", { name: /^Start/ }).waitFor();
    await order.getByRole("button", { name: /^More/ }).click();
    await order.getByRole("button", { name: /^Cancel order/ }).waitFor();
    expect(await order.getByRole("button", { name: /^Refund/ }).count()).toBe(0);
    expect(await cookPage.getByRole("button", { name: "Test Connection" }).count()).toBe(0);
    // The owner, on the same order, has the refund.
    await ownerPage.getByRole("tab", { name: "Orders" }).click();
    const ownerOrder = ownerPage.getByRole("listitem", { name: `Order #${orderNumber}` });
    await ownerOrder.getByRole("button", { name: /^More/ }).click();
    await ownerOrder.getByRole("button", { name: /^Refund/ }).waitFor();
  }, STEP_TIMEOUT);

  it("the cook signs out, then back in with the passkey alone", async () => {
    await cookPage.getByRole("button", { name: "Logout" }).click();
    const dialog = cookPage.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByRole("button", { name: "Sign in with a passkey" }).click();
    await cookPage.getByText("Signed in as").waitFor();
    expect(await cookPage.getByText("Signed in as").textContent()).toContain("Luis Gómez");
  }, STEP_TIMEOUT);

  it("the owner sees the cook's sign-ins in the Activity tab", async () => {
    await ownerPage.getByRole("tab", { name: "Activity" }).click();
    await ownerPage.getByLabel("What").selectOption("sign-in");
    const signIns = ownerPage.getByRole("row").filter({ hasText: "Luis Gómez" }).filter({ hasText: "sign-in" });
    // The unfiltered list already holds the cook's sign-ins: the filter's answer is seen when the other rows go.
    await expect.poll(() => ownerPage.getByRole("row").filter({ hasText: "account.create" }).count()).toBe(0);
    await signIns.first().waitFor();
    // The actions read as words; the staff group holds the account added, with the set-up link made for it.
    await signIns.first().getByText("Signed in").waitFor();
    await ownerPage.getByLabel("What").selectOption("account");
    await ownerPage.getByRole("row").filter({ hasText: "Added a person" }).filter({ hasText: "luis@jealousfork.test" }).first().waitFor();
    await ownerPage.getByRole("row").filter({ hasText: "Made a set-up link" }).first().waitFor();
  }, STEP_TIMEOUT);

  it("the owner's own set-up link, asked for on a stale sign-in, waits for 'Confirm it is you' and is only e-mailed", async () => {
    await ownerPage.getByRole("tab", { name: "Staff" }).click();
    await ownerSignInGoesStale();
    await ownerPage.getByRole("button", { name: "New set-up link for Owner" }).click();
    await confirmItIsYou();
    const status = ownerPage.getByRole("status").filter({ hasText: `Set-up link for Owner e-mailed to ${OWNER_EMAIL}` });
    await status.getByText("only sent by e-mail").waitFor();
    expect(await status.locator(".font-mono").count()).toBe(0);
    const mail = await catcher.waitFor((caught) => caught.to.includes(OWNER_EMAIL) && /\/admin\/setup#/.test(caught.text));
    expect(await ownerPage.getByText(/\/admin\/setup#/).count()).toBe(0);
    expect(mail.subject).toContain("admin console");
  }, STEP_TIMEOUT);

  it("the owner sees the cook's passkey and removes it after confirming it is them, which signs the cook out", async () => {
    await ownerSignInGoesStale();
    await ownerPage.getByRole("button", { name: "Sign-in methods of Luis Gómez" }).click();
    const panel = ownerPage.getByRole("region", { name: "How Luis Gómez signs in" });
    const passkeys = panel.getByRole("list", { name: "Passkeys of Luis Gómez" });
    await passkeys.getByRole("listitem").first().waitFor();
    expect(await passkeys.getByRole("listitem").first().textContent()).toMatch(/Added .*last used/);
    await passkeys.getByRole("button", { name: /^Remove passkey/ }).first().click();
    await confirmItIsYou();
    await panel.getByText("No passkeys.").waitFor();
    // The cook's console finds its session gone at its next call.
    await cookPage.reload();
    await cookPage.getByRole("dialog", { name: "Admin Access" }).waitFor();
  }, STEP_TIMEOUT);
});
