// The owner's go-live checklist: one line per outside service, green when it works (with when it was
// last seen working), amber when it is optional and not set, red when it is set but failing; checked
// for real against the fake Square, a local SMTP catcher (and one that refuses), a site serving its
// sitemap and the build hook's answers; each check within 5 s, never a secret in the answer; the
// owner's alone.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { DEVELOPMENT_OWNER_EMAIL } from "../../src/server/staff/adminSession";
import { fireDueRebuild, requestSiteRebuild } from "../../src/server/platform/siteRebuild";
import { closeDatabase } from "../../src/server/platform/database";
import { deliverDueMail } from "../../src/server/mail/worker";
import type { GoLiveLine, GoLiveReport } from "../../src/domain/goLive";
import { adminCookie } from "../support/admin";
import { testDatabase } from "../support/database";
import { inDeployContext } from "../support/deployContext";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import { catalogueObjects } from "../support/squareCatalogue";
import golive from "../../netlify/functions/admin-golive.mts";
import adminApplePay from "../../netlify/functions/admin-apple-pay.mts";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import adminPassword from "../../netlify/functions/admin-password.mts";
import paymentConfig from "../../netlify/functions/payment-config.mts";
import squareSync from "../../netlify/functions/square-sync.mts";
import webhooks from "../../netlify/functions/square-webhooks.mts";

const TOKEN = "EAAAl-fake-square-token-7f3a";
const SANDBOX_APP = "sandbox-sq0idb-AbCdEfGhIjKlMnOp";
const NOTIFICATION_URL = "https://jealousfork.example/api/square/webhooks";
const SIGNATURE_KEY = "whsk-golive-test-0123456789";
const VARIABLES = [
  "SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL", "SQUARE_MAX_RETRIES", "SQUARE_TIMEOUT_SECONDS", "SQUARE_ENVIRONMENT",
  "PUBLIC_SQUARE_APPLICATION_ID", "SQUARE_WEBHOOK_SIGNATURE_KEY", "SQUARE_WEBHOOK_URL", "SMTP_URL", "SITE_URL", "BUILD_HOOK_URL",
  "SESSION_SECRET", "ADMIN_PASSWORD", "OWNER_EMAIL",
];

let square: FakeSquare;
let catcher: MailCatcher;
let owner: Record<string, string>;
let siteServer: Server;
let siteOrigin: string;
/** What the little site serves at /sitemap.xml. */
let sitemap = "";

beforeAll(async () => {
  square = await startFakeSquare({ accessToken: TOKEN, catalog: catalogueObjects() });
  catcher = await startMailCatcher();
  siteServer = createServer((req, res) => {
    if (req.url === "/sitemap.xml" && sitemap) res.writeHead(200, { "content-type": "application/xml" }).end(sitemap);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => siteServer.listen(0, "127.0.0.1", resolve));
  siteOrigin = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
});
afterAll(async () => {
  for (const name of VARIABLES) delete process.env[name];
  await square.stop();
  await catcher.stop();
  await new Promise((resolve) => siteServer.close(resolve));
});
afterEach(() => {
  for (const name of VARIABLES) delete process.env[name];
  square.clearFaults();
  vi.restoreAllMocks();
});

function connectSquare(overrides: Record<string, string> = {}) {
  Object.assign(process.env, {
    SQUARE_ACCESS_TOKEN: TOKEN,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_MAX_RETRIES: "0",
    PUBLIC_SQUARE_APPLICATION_ID: SANDBOX_APP,
    ...overrides,
  });
}

async function checklist(headers = owner): Promise<GoLiveReport> {
  const res = await call(golive, "/api/admin/golive", { headers: { ...headers, host: "jealousfork.example" } });
  expect(res.status).toBe(200);
  return jsonOf(res);
}

async function lineOf(id: string): Promise<GoLiveLine> {
  const found = (await checklist()).lines.find((entry) => entry.id === id);
  if (!found) throw new Error(`no line ${id}`);
  return found;
}

const byId = (report: GoLiveReport) => Object.fromEntries(report.lines.map((entry) => [entry.id, entry]));

describe("Square", () => {
  it("without credentials, the connection lines are red and say which variable to set, and no secret is in the answer", async () => {
    const lines = byId(await checklist());
    for (const id of ["square-token", "square-location", "square-environment", "square-application-id"]) {
      expect(lines[id]).toMatchObject({ status: "red", required: true, group: "Square" });
      expect(lines[id]!.todo).not.toBe("");
      expect(lines[id]!.docs).toMatch(/^\/admin\/go-live-guide#/);
    }
    expect(lines["square-token"]!.detail).toContain("SQUARE_ACCESS_TOKEN is not set");
    expect(lines["square-gift-cards"]).toMatchObject({ status: "amber", required: false });
  });

  it("with a working token, location and sandbox application id, each line is green with when it was seen working", async () => {
    connectSquare();
    square.reset();
    const report = await checklist();
    const lines = byId(report);
    for (const id of ["square-token", "square-location", "square-environment", "square-application-id"]) expect([id, lines[id]!.status, lines[id]!.detail]).toEqual([id, "green", expect.any(String)]);
    expect(lines["square-token"]!.detail).toBe("Square's sandbox accepts token …7f3a.");
    expect(Date.parse(lines["square-token"]!.lastSeenWorking!)).toBeGreaterThan(Date.now() - 60_000);
    expect(lines["square-location"]!.detail).toContain(`Jealous Fork (${square.locationId}) is active and takes card payments`);
    // The token appears as its last 4 characters only.
    expect(JSON.stringify(report)).not.toContain(TOKEN);
    expect(square.requestsTo("GET", "/v2/locations").length).toBeGreaterThan(0);
    expect(lines["square-gift-cards"]).toMatchObject({ status: "green", detail: "Square answers gift card calls for this account." });
    // Read-only: the checks created, charged and changed nothing at Square.
    expect(square.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("a token Square refuses makes the token line red with Square's answer, never the token itself", async () => {
    connectSquare({ SQUARE_ACCESS_TOKEN: "EAAAl-a-revoked-token-9911" });
    const report = await checklist();
    const lines = byId(report);
    expect(lines["square-token"]).toMatchObject({ status: "red" });
    expect(lines["square-token"]!.detail).toContain("401");
    expect(lines["square-token"]!.detail).toContain("…9911");
    expect(lines["square-environment"]!.status).toBe("red");
    expect(JSON.stringify(report)).not.toContain("EAAAl-a-revoked-token-9911");
  });

  it("gift cards Square refuses for the account (not turned on, or the app lacks their permissions) make the gift card line red", async () => {
    connectSquare();
    square.fault("GET /v2/gift-cards", { status: 403, body: { errors: [{ category: "AUTHENTICATION_ERROR", code: "INSUFFICIENT_SCOPES", detail: "The merchant has not granted GIFTCARDS_READ." }] } }, 5);
    const giftCards = await lineOf("square-gift-cards");
    expect(giftCards).toMatchObject({ status: "red", required: false });
    expect(giftCards.detail).toContain("turn gift cards on in Square's Dashboard");
  });

  it("a location the account does not have is red and names the ones it has", async () => {
    connectSquare({ SQUARE_LOCATION_ID: "LWRONG0000" });
    const location = await lineOf("square-location");
    expect(location.status).toBe("red");
    expect(location.detail).toBe(`This Square account has no location LWRONG0000; it has: Jealous Fork (${square.locationId}).`);
  });

  it("a location that cannot take cards yet is red", async () => {
    connectSquare();
    square.route("GET /v2/locations", () => ({ status: 200, body: { locations: [{ id: square.locationId, name: "Jealous Fork", status: "ACTIVE", capabilities: [] }] } }));
    try {
      expect(await lineOf("square-location")).toMatchObject({ status: "red", detail: `Jealous Fork (${square.locationId}) cannot take card payments yet.` });
    } finally {
      // The fake's own location again, as Square describes it (currency, country, capabilities), for the tests after.
      square.restoreRoute("GET /v2/locations");
    }
  });

  it("a production application id with the sandbox environment is red, as is one that is not Square's", async () => {
    connectSquare({ PUBLIC_SQUARE_APPLICATION_ID: "sq0idp-AbCdEfGhIjKlMnOp" });
    const mismatch = await lineOf("square-application-id");
    expect(mismatch.status).toBe("red");
    expect(mismatch.detail).toContain("is a production application id, but SQUARE_ENVIRONMENT is sandbox");
    process.env.PUBLIC_SQUARE_APPLICATION_ID = "my-app-id-12345";
    expect((await lineOf("square-application-id")).status).toBe("red");
  });

  it("Square not answering makes its lines red within 5 s, and the whole checklist answers within 10 s", async () => {
    connectSquare({ SQUARE_TIMEOUT_SECONDS: "30" });
    square.fault("GET /v2/locations", { delayMs: 8_000 }, 5);
    const started = Date.now();
    const lines = byId(await checklist());
    const took = Date.now() - started;
    expect(took).toBeLessThan(6_000);
    expect(lines["square-token"]!.status).toBe("red");
    expect(lines["square-location"]!.status).toBe("red");
  }, 15_000);

  it("notifications: red until set, red until one arrives, green with its time once one verifies, red when a later one does not", async () => {
    expect((await lineOf("square-webhook")).detail).toContain("SQUARE_WEBHOOK_URL and SQUARE_WEBHOOK_SIGNATURE_KEY are not set");
    connectSquare({ SQUARE_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY, SQUARE_WEBHOOK_URL: NOTIFICATION_URL });
    const waiting = await lineOf("square-webhook");
    expect(waiting).toMatchObject({ status: "red" });
    expect(waiting.detail).toContain("no notification has arrived yet");
    expect(waiting.detail).not.toContain(SIGNATURE_KEY);

    const deliver = (notification: { body: string; signature: string }) =>
      call(webhooks, "/api/square/webhooks", { rawBody: notification.body, headers: { "content-type": "application/json", "x-square-hmacsha256-signature": notification.signature } });
    // Square's "Send test event" from the subscription's page.
    square.subscribeWebhooks({ notificationUrl: NOTIFICATION_URL, signatureKey: SIGNATURE_KEY, deliver });
    square.notify("payment.created", "payment", "test-payment", { payment: { id: "test-payment", status: "COMPLETED" } });
    expect(await square.deliverWebhooks()).toEqual([200]);
    const verified = await lineOf("square-webhook");
    expect(verified.status).toBe("green");
    expect(Date.parse(verified.lastSeenWorking!)).toBeGreaterThan(Date.now() - 60_000);

    // The subscription's key was rotated in Square, but not here.
    square.subscribeWebhooks({ notificationUrl: NOTIFICATION_URL, signatureKey: "whsk-rotated-key-000000000", deliver });
    square.notify("payment.created", "payment", "test-payment-2", { payment: { id: "test-payment-2", status: "COMPLETED" } });
    expect(await square.deliverWebhooks()).toEqual([401]);
    const refused = await lineOf("square-webhook");
    expect(refused.status).toBe("red");
    expect(refused.detail).toContain("did not verify");
    expect(refused.lastSeenWorking).toBe(verified.lastSeenWorking);
  });

  it("the catalogue: amber before any sync, green with its time after one, red with the last good time after a failed one", async () => {
    expect((await lineOf("square-catalogue")).status).toBe("amber");
    connectSquare();
    expect((await call(squareSync, "/api/square/sync", { method: "POST", headers: owner })).status).toBe(200);
    const synced = await lineOf("square-catalogue");
    expect(synced.status).toBe("green");
    square.fault("GET /v2/catalog/list", { status: 500 });
    expect((await call(squareSync, "/api/square/sync", { method: "POST", headers: owner })).status).toBe(502);
    const failed = await lineOf("square-catalogue");
    expect(failed.status).toBe("red");
    expect(failed.lastSeenWorking).toBe(synced.lastSeenWorking);
  });
});

describe("Apple Pay", () => {
  it("each hostname is amber with a register button until Square registered it, then green", async () => {
    process.env.SITE_URL = "https://jealousfork.example";
    expect((await lineOf("apple-pay:jealousfork.example")).detail).toContain("Square is not connected yet");
    connectSquare({ SITE_URL: "https://jealousfork.example" });
    expect((await lineOf("apple-pay:jealousfork.example")).detail).toContain("domain association file is not in place yet");
    const file = "7B2270737049" + "a1b2c3d4".repeat(40);
    expect((await call(adminApplePay, "/api/admin/apple-pay", { method: "PUT", body: { domainAssociation: file }, headers: owner })).status).toBe(200);
    const before = await lineOf("apple-pay:jealousfork.example");
    expect(before).toMatchObject({ status: "amber", required: false, action: { kind: "register-apple-pay", domainName: "jealousfork.example" } });
    const registered = await call(adminApplePay, "/api/admin/apple-pay/domains", { body: { domainName: "jealousfork.example" }, headers: owner, params: { action: "domains" } });
    expect(registered.status).toBe(201);
    expect(await lineOf("apple-pay:jealousfork.example")).toMatchObject({ status: "green" });
  });

  it("a hostname Apple has not verified is red, with the button to register it again", async () => {
    connectSquare({ SITE_URL: "https://order.jealousfork.example" });
    square.route("POST /v2/apple-pay/domains", () => ({ status: 200, body: { status: "PENDING" } }));
    const registered = await call(adminApplePay, "/api/admin/apple-pay/domains", { body: { domainName: "order.jealousfork.example" }, headers: owner, params: { action: "domains" } });
    expect(registered.status).toBe(201);
    const pending = await lineOf("apple-pay:order.jealousfork.example");
    expect(pending).toMatchObject({ status: "red", action: { kind: "register-apple-pay", domainName: "order.jealousfork.example" } });
    expect(pending.detail).toContain("Square answered PENDING");
  });
});

describe("E-mail", () => {
  it("without SMTP_URL both lines are red and the test e-mail is refused (503)", async () => {
    const lines = byId(await checklist());
    expect(lines["mail-smtp"]).toMatchObject({ status: "red", required: true });
    expect(lines["mail-outbox"]).toMatchObject({ status: "red", required: true, action: { kind: "send-test-email" } });
    expect(lines["mail-outbox"]!.detail).toContain("No e-mail has gone out yet.");
    const test = await call(golive, "/api/admin/golive/test-email", { method: "POST", headers: owner, params: { action: "test-email" } });
    expect(test.status).toBe(503);
  });

  it("with a working provider, the test e-mail reaches the signed-in owner through the outbox and the outbox line turns green", async () => {
    process.env.SMTP_URL = catcher.smtpUrl;
    expect((await lineOf("mail-smtp")).status).toBe("green");
    const res = await call(golive, "/api/admin/golive/test-email", { method: "POST", headers: owner, params: { action: "test-email" } });
    expect(res.status).toBe(202);
    expect(await jsonOf(res)).toMatchObject({ recipient: DEVELOPMENT_OWNER_EMAIL });
    await deliverDueMail();
    const mail = await catcher.waitFor((caught) => caught.subject.includes("Test e-mail"));
    expect(mail.to).toEqual([DEVELOPMENT_OWNER_EMAIL]);
    expect(await testDatabase().count("mail_outbox", "kind = 'owner_test' AND status = 'sent'")).toBe(1);
    const outbox = await lineOf("mail-outbox");
    expect(outbox).toMatchObject({ status: "green", action: { kind: "send-test-email" } });
    expect(outbox.detail).toContain("Nothing waiting.");
  });

  it("a provider that refuses the sign-in is red with its reason, never the password; the outbox shows the failure and the backlog", async () => {
    const refusing = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error("Invalid username or password")),
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
    try {
      const port = (refusing.server.address() as AddressInfo).port;
      process.env.SMTP_URL = `smtp://orders:s3cret-mail-pass@127.0.0.1:${port}`;
      const smtp = await lineOf("mail-smtp");
      expect(smtp.status).toBe("red");
      expect(smtp.detail).toContain(`127.0.0.1:${port} refused`);
      expect(smtp.detail).not.toContain("s3cret-mail-pass");
      expect((await call(golive, "/api/admin/golive/test-email", { method: "POST", headers: owner, params: { action: "test-email" } })).status).toBe(202);
      // The attempt made at once after queueing fails; the message waits for its next one.
      await deliverDueMail();
      await vi.waitFor(async () => expect(await testDatabase().count("mail_outbox", "kind = 'owner_test' AND last_failed_at IS NOT NULL")).toBe(1), { timeout: 10_000 });
      const outbox = await lineOf("mail-outbox");
      expect(outbox.status).toBe("red");
      expect(outbox.detail).toContain("Last failure at");
      expect(outbox.detail).toContain("1 waiting");
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe("Build hook", () => {
  const HOOK = "https://api.netlify.com/build_hooks/65a1b2c3d4e5f6a7b8c9d0e1";

  it("red when unset; green when set and not yet called; red with the answer when a call failed; green after one succeeds", async () => {
    expect((await lineOf("build-hook")).status).toBe("red");
    process.env.BUILD_HOOK_URL = HOOK;
    const unused = await lineOf("build-hook");
    expect(unused.status).toBe("green");
    expect(unused.detail).toContain("not called yet");
    expect(unused.detail).not.toContain("65a1b2c3d4e5f6a7b8c9d0e1");

    const netlify = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("Not found", { status: 404 }));
    await requestSiteRebuild("hours", new Date(Date.now() - 120_000));
    expect(await fireDueRebuild()).toBe(false);
    expect(netlify).toHaveBeenCalledTimes(1);
    const failed = await lineOf("build-hook");
    expect(failed.status).toBe("red");
    expect(failed.detail).toContain("The build hook answered 404.");

    netlify.mockResolvedValueOnce(new Response("", { status: 200 }));
    expect(await fireDueRebuild(new Date(Date.now() + 120_000))).toBe(true);
    expect((await lineOf("build-hook")).status).toBe("green");
  });

  it("a URL that is not a Netlify build hook is red", async () => {
    process.env.BUILD_HOOK_URL = "https://example.com/hooks/rebuild-the-site";
    expect((await lineOf("build-hook")).status).toBe("red");
  });
});

describe("Database", () => {
  it("green when every migration is applied; red naming the one that is not", async () => {
    expect((await lineOf("database-migrations")).status).toBe("green");
    const [latest] = await testDatabase().rows<{ name: string }>("DELETE FROM netlify.migrations WHERE name = (SELECT max(name) FROM netlify.migrations) RETURNING name");
    try {
      const missing = await lineOf("database-migrations");
      expect(missing.status).toBe("red");
      expect(missing.detail).toContain(latest!.name);
    } finally {
      await testDatabase().rows("INSERT INTO netlify.migrations (name) VALUES ($1)", [latest!.name]);
    }
  });

  it("locally the preview guard is amber and not required", async () => {
    expect(await lineOf("database-guard")).toMatchObject({ status: "amber", required: false });
  });
});

describe("Secrets", () => {
  it("locally, without SESSION_SECRET and ADMIN_PASSWORD, both lines are amber and not required", async () => {
    const lines = byId(await checklist());
    expect(lines["session-secret"]).toMatchObject({ status: "amber", required: false });
    expect(lines["admin-password"]).toMatchObject({ status: "amber", required: false });
  });

  it("a short SESSION_SECRET is red, a long random one green, and its value is never shown", async () => {
    process.env.SESSION_SECRET = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    expect((await lineOf("session-secret")).status).toBe("red");
    process.env.SESSION_SECRET = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const strong = await lineOf("session-secret");
    expect(strong.status).toBe("green");
    expect(JSON.stringify(strong)).not.toContain("9f86d081");
  });

  it("deployed: ADMIN_PASSWORD is needed until the owner has their own password, then a red line says to remove it", async () => {
    const password = "the-first-owner-setup-password";
    const secret = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    Object.assign(process.env, { ADMIN_PASSWORD: password, SESSION_SECRET: secret, OWNER_EMAIL: "chef@jealousfork.example" });
    await inDeployContext("production", async () => {
      // Production notes its database as the pool opens: previews given it refuse it.
      await closeDatabase();
      const headers = { cookie: await adminCookie(password, "chef@jealousfork.example"), origin: SITE_ORIGIN };
      const first = byId(await checklist(headers));
      expect(first["admin-password"]).toMatchObject({ status: "red", required: true });
      expect(first["admin-password"]!.detail).toContain("needed until the owner adds");
      expect(first["session-secret"]).toMatchObject({ status: "green", required: true });
      expect(first["database-guard"]).toMatchObject({ status: "green", required: true });

      // The owner gives themselves a password of their own (Sessions tab), just signed in.
      const own = await call(adminPassword, "/api/admin/password", { method: "PUT", body: { password: "my own long kitchen passphrase" }, headers });
      expect(own.status).toBe(200);
      const later = byId(await checklist(headers));
      expect(later["admin-password"]).toMatchObject({ status: "red" });
      expect(later["admin-password"]!.todo).toContain("Remove ADMIN_PASSWORD");
      expect(JSON.stringify(later)).not.toContain(password);
    });
    await closeDatabase();
  });
});

describe("Search", () => {
  it("the sitemap is amber without an address, green when it lists the site's pages at its address, red when it was built for another address", async () => {
    expect(await lineOf("sitemap")).toMatchObject({ status: "amber", required: false });
    process.env.SITE_URL = siteOrigin;
    sitemap = `<?xml version="1.0"?><urlset><url><loc>${siteOrigin}/</loc></url><url><loc>${siteOrigin}/full-menu</loc></url></urlset>`;
    expect((await lineOf("sitemap")).status).toBe("green");
    sitemap = `<?xml version="1.0"?><urlset><url><loc>https://jealous-fork.netlify.app/full-menu</loc></url></urlset>`;
    const wrong = await lineOf("sitemap");
    expect(wrong.status).toBe("red");
    expect(wrong.detail).toContain("https://jealous-fork.netlify.app");
    sitemap = "";
    expect((await lineOf("sitemap")).detail).toContain("answered 404");
  });

  it("the site's address is green on the restaurant's domain over HTTPS, amber on Netlify's own address, red without HTTPS", async () => {
    process.env.SITE_URL = "https://jealousfork.example";
    expect((await lineOf("site-address")).status).toBe("green");
    process.env.SITE_URL = "https://jealous-fork.netlify.app";
    expect((await lineOf("site-address")).status).toBe("amber");
    process.env.SITE_URL = siteOrigin;
    expect((await lineOf("site-address")).status).toBe("red");
  });

  it("the Google Business Profile step is amber until the owner marks it done, then green with who and when", async () => {
    const before = await lineOf("google-business-profile");
    expect(before).toMatchObject({ status: "amber", action: { kind: "mark-done", step: "google-business-profile", done: true } });
    expect(before.todo).toContain("/full-menu");
    const marked = await call(golive, "/api/admin/golive/steps/google-business-profile", {
      method: "PUT", body: { done: true }, headers: owner, params: { action: "steps", step: "google-business-profile" },
    });
    expect(marked.status).toBe(200);
    const after = await lineOf("google-business-profile");
    expect(after.status).toBe("green");
    expect(after.detail).toContain("Marked done by Owner");
  });

  it("couriers are amber: not available yet", async () => {
    expect(await lineOf("couriers")).toMatchObject({ status: "amber", required: false });
  });
});

describe("who may see it", () => {
  it("answers 401 without a session and 403 to staff, for the checks, the test e-mail and the steps", async () => {
    expect((await call(golive, "/api/admin/golive")).status).toBe(401);
    const added = await jsonOf(await call(adminStaff, "/api/admin/staff", { body: { name: "Luis", email: "luis@jealousfork.example", role: "staff" }, headers: owner }));
    const token = added.setupLink.path.split("#")[1];
    const set = await call(adminSetup, "/api/admin/setup", { body: { token, password: "grill station passphrase 42" }, headers: { origin: SITE_ORIGIN } });
    const staff = { cookie: (set.headers.get("set-cookie") ?? "").split(";")[0]!, origin: SITE_ORIGIN };
    expect((await call(golive, "/api/admin/golive", { headers: staff })).status).toBe(403);
    process.env.SMTP_URL = catcher.smtpUrl;
    expect((await call(golive, "/api/admin/golive/test-email", { method: "POST", headers: staff, params: { action: "test-email" } })).status).toBe(403);
    expect(
      (await call(golive, "/api/admin/golive/steps/google-business-profile", { method: "PUT", body: { done: true }, headers: staff, params: { action: "steps", step: "google-business-profile" } })).status,
    ).toBe(403);
  });
});

describe("before the first order", () => {
  it("a deployed site whose Square line is red shows no card form: 'Online payment is not available right now'", async () => {
    await inDeployContext("production", async () => {
      const config = await jsonOf(await call(paymentConfig, "/api/payment-config"));
      expect(config.mode).toBe("unavailable");
      expect(config.message).toContain("Online payment is not available right now");
    });
  });
});

describe("Menu", () => {
  it("names the dishes still without the owner's photo, counting a stored drawing as none", async () => {
    const db = testDatabase();
    const [photographed, drawn] = await db.rows<{ id: number; name: string }>("SELECT id, name FROM menu_items ORDER BY position, id LIMIT 2");
    await db.rows("UPDATE menu_items SET image = '/api/images/0b7c6f1e-3a4d-4c2b-9f1e-2d3c4b5a6f70' WHERE id = $1", [photographed!.id]);
    await db.rows("UPDATE menu_items SET image = '/images/menu/pancakes.webp' WHERE id = $1", [drawn!.id]);
    try {
      const photos = await lineOf("menu-photos");
      const total = await db.count("menu_items");
      expect(photos).toMatchObject({ status: "amber", required: false, group: "Menu" });
      expect(photos.detail).toMatch(new RegExp(`^${total - 1} of ${total} dishes have no photo yet: `));
      const named = photos.detail.split(": ")[1]!.split(". ")[0]!.split(", ");
      expect(named).toContain(drawn!.name);
      expect(named).not.toContain(photographed!.name);
    } finally {
      await db.rows("UPDATE menu_items SET image = NULL WHERE id IN ($1, $2)", [photographed!.id, drawn!.id]);
    }
  });
});
