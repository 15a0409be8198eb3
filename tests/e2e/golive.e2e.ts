// The owner goes live without a developer: the console's home says it is not ready yet, the Go live tab
// shows each outside service with what to do, and "Send me a test e-mail" reaches the owner's inbox (the
// local mail catcher) through the outbox. A member of staff sees neither the tab nor the banner, and the
// checks answer them 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";

const SATURDAY_NOON = "2026-11-21T12:00:00-05:00";
const PASSWORD = "journey-golive-password";
const OWNER_EMAIL = "chef@jealousfork.test";
const COOK_EMAIL = "luis@jealousfork.test";
const COOK_PASSWORD = "grill station passphrase 42";

let site: RunningSite;
let browser: Browser;
let catcher: MailCatcher;
let ownerContext: BrowserContext;
let owner: Page;

beforeAll(async () => {
  catcher = await startMailCatcher();
  [site, browser] = await Promise.all([
    startSite({ clock: SATURDAY_NOON, env: { ADMIN_PASSWORD: PASSWORD, OWNER_EMAIL, SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" } }),
    launchBrowser(),
  ]);
  ownerContext = await offlineContext(browser);
  owner = await ownerContext.newPage();
});

afterAll(async () => {
  await ownerContext?.close();
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

// Journeys wait on first-use compilation of pages and functions, minutes on a loaded shared machine.
const JOURNEY = { timeout: 120_000 };

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${site.url}/admin`);
  const dialog = page.getByRole("dialog", { name: "Admin Access" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByText("Signed in as").waitFor();
}

describe("going live", JOURNEY, () => {
  it("the console's home says it is not ready yet and opens the Go live checklist", async () => {
    await signIn(owner, OWNER_EMAIL, PASSWORD);
    const banner = owner.getByRole("region", { name: "Going live" });
    await banner.getByText("Not ready to go live yet").waitFor({ timeout: 30_000 });
    await banner.getByRole("button", { name: "Open the Go live checklist" }).click();
    expect(await owner.getByRole("tab", { name: "Go live" }).getAttribute("aria-selected")).toBe("true");
    const square = owner.getByRole("region", { name: "Square" });
    const token = square.getByRole("listitem", { name: "Access token accepted" });
    await token.getByText("Needs attention").waitFor({ timeout: 30_000 });
    await token.getByText("SQUARE_ACCESS_TOKEN is not set").waitFor();
    expect(await token.getByRole("link", { name: "How, in the guide" }).getAttribute("href")).toBe("/admin/go-live-guide#square-app-and-webhooks");
    const smtp = owner.getByRole("region", { name: "E-mail" }).getByRole("listitem", { name: "Mail provider (SMTP_URL)" });
    await smtp.getByText("Working", { exact: true }).waitFor();
    await smtp.getByText("accepted the connection and the sign-in").waitFor();
  });

  it("sends the owner a test e-mail through the outbox, and the outbox line turns green", async () => {
    const outbox = owner.getByRole("region", { name: "E-mail" }).getByRole("listitem", { name: "Outbox delivers" });
    await outbox.getByText("No e-mail has gone out yet.").waitFor();
    await outbox.getByRole("button", { name: "Send me a test e-mail" }).click();
    const mail = await catcher.waitFor((sent) => sent.subject === "Test e-mail from the Jealous Fork admin console", 30_000);
    expect(mail.to).toEqual([OWNER_EMAIL]);
    expect(mail.html).toContain("E-mail works");
    await outbox.getByText("Working", { exact: true }).waitFor({ timeout: 30_000 });
    await outbox.getByText("Last e-mail out at").waitFor();
  });

  it("the guide the lines link to is served to the owner", async () => {
    const guide = await ownerContext.newPage();
    await guide.goto(`${site.url}/admin/go-live-guide#e-mail-provider`);
    await guide.getByRole("heading", { name: "E-mail provider" }).waitFor();
    await guide.getByRole("link", { name: "Back to the Go live checklist" }).waitFor();
    await guide.close();
  });

  it("staff see neither the tab nor the banner, and the checks answer them 403", async () => {
    // The owner adds a line cook, who sets a password with the set-up link.
    const ownerCookie = (await ownerContext.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    const added = await fetch(`${site.url}/api/admin/staff`, {
      method: "POST",
      headers: { cookie: ownerCookie, origin: site.url, "content-type": "application/json" },
      body: JSON.stringify({ name: "Luis", email: COOK_EMAIL, role: "staff" }),
    });
    expect(added.status).toBe(201);
    const token = ((await added.json()) as { setupLink: { path: string } }).setupLink.path.split("#")[1];
    const set = await fetch(`${site.url}/api/admin/setup`, {
      method: "POST",
      headers: { origin: site.url, "content-type": "application/json" },
      body: JSON.stringify({ token, password: COOK_PASSWORD }),
    });
    expect(set.status).toBe(200);

    const cookContext = await offlineContext(browser);
    try {
      const cook = await cookContext.newPage();
      await signIn(cook, COOK_EMAIL, COOK_PASSWORD);
      await cook.getByRole("tab", { name: "Orders" }).waitFor();
      expect(await cook.getByRole("tab", { name: "Go live" }).count()).toBe(0);
      expect(await cook.getByRole("region", { name: "Going live" }).count()).toBe(0);
      await cook.goto(`${site.url}/admin#go-live`);
      await cook.getByRole("tab", { name: "Featured" }).waitFor();
      expect(await cook.getByRole("tab", { name: "Go live" }).count()).toBe(0);
      const cookCookie = (await cookContext.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
      expect((await fetch(`${site.url}/api/admin/golive`, { headers: { cookie: cookCookie } })).status).toBe(403);
      const test = await fetch(`${site.url}/api/admin/golive/test-email`, { method: "POST", headers: { cookie: cookCookie, origin: site.url } });
      expect(test.status).toBe(403);
    } finally {
      await cookContext.close();
    }
  });
});
