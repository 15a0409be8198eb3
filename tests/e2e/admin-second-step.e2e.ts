// The sign-in's second step in the browser: after the account's alarm rang (many wrong passwords from
// elsewhere), the owner's right password on a browser never seen asks for the 6-digit code from the
// e-mail, with a passkey as the other way; the code from the mail catcher opens the console.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { DEVELOPMENT_OWNER_EMAIL } from "../../src/server/staff/adminSession";
import { accountLimit } from "../../src/server/staff/signInLimits";
import { launchBrowser, offlineContext } from "../support/browser";
import { startSite, type RunningSite } from "../support/site";
import { expectNoAxeViolations } from "../support/axe";

const PASSWORD = "journey-admin-password";

let catcher: MailCatcher;
let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  catcher = await startMailCatcher();
  [site, browser] = await Promise.all([
    startSite({ env: { ADMIN_PASSWORD: PASSWORD, SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" } }),
    launchBrowser(),
  ]);
  context = await offlineContext(browser);
  page = await context.newPage();
  // The alarm has rung on the owner's account: ten wrong passwords from networks not this browser's.
  const { scope, key } = accountLimit(DEVELOPMENT_OWNER_EMAIL);
  await site.database.rows(
    "INSERT INTO sign_in_failures (scope, key, failures, last_failure_at, alarmed_at, second_step_at) VALUES ($1, $2, 10, now(), now(), now())",
    [scope, key],
  );
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.stop();
  await catcher?.stop();
});

describe("the second step of the sign-in", () => {
  it("asks a new browser for the e-mailed code (or a passkey), and the code opens the console", async () => {
    await page.goto(`${site.url}/admin`);
    const dialog = page.getByRole("dialog", { name: "Admin Access" });
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await dialog.getByRole("heading", { name: "Confirm it is you" }).waitFor();
    await dialog.getByRole("button", { name: "Use a passkey instead" }).waitFor();
    await expectNoAxeViolations(page);

    const mail = await catcher.waitFor((sent) => sent.subject === "Your Jealous Fork sign-in code", 30_000);
    const code = /your sign-in code(?::| is) (\d{6})/i.exec(mail.text)![1]!;
    await dialog.getByLabel("6-digit code from the e-mail").fill(code);
    await dialog.getByRole("button", { name: "Confirm code" }).click();
    await page.getByRole("heading", { name: "Jealous Fork Admin" }).waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(expect.arrayContaining(["jf_admin", "jf_device"]));
  }, 120_000);
});
