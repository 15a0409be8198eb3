// The production build, checked for what only a build shows: no secret in the client output, the
// security headers and Content Security Policy generated into dist/_headers covering every inline
// script, and Chromium doing a checkout, opening the reservation link and showing customers' text as
// text in the confirmation page and the admin console, all under that policy. The build is served
// like Netlify serves it (tools/localNetlify.ts): functions, then dist/ with its headers, then
// Astro's SSR function; Astro's own <meta> policy is in every page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, offlineContext } from "../support/browser";
import { BUILD_SECRETS as SECRETS } from "../support/journeyBuild";
import { ROOT, startSite, type RunningSite } from "../support/site";
import { headersFileRules, headersForPath } from "../../tools/localNetlify";
import { insertedScriptHashes } from "../../src/integrations/securityHeaders";
import {
  DEVELOPMENT_SCRIPT_HASHES,
  FILE_HEADERS,
  parsePolicy,
  POLICY_DIRECTIVES,
  runnableInlineScripts,
  scriptHashes,
  SCRIPT_ORIGINS,
  SECURITY_HEADERS,
  securityHeadersFor,
} from "../../src/domain/contentSecurityPolicy";

const SATURDAY_NOON = "2026-11-21T17:00:00Z";
const XSS_NAME = '<img src=x onerror="window.__xss=1">Ana';
const XSS_NOTES = "<script>window.__xss=2</script> ring twice";
const XSS_MESSAGE = '<img src=x onerror="window.__xss=3"> <b>bold?</b>';

let site: RunningSite;
/** The built copy: its root and its dist/. */
let copy: { dir: string; dist: string };
let browser: Browser;

beforeAll(async () => {
  // Square is not configured for the server (the sandbox gateway pays), but the build saw every secret.
  [site, browser] = await Promise.all([
    startSite({
      clock: SATURDAY_NOON,
      env: { SQUARE_ACCESS_TOKEN: undefined, SQUARE_LOCATION_ID: undefined, SQUARE_BASE_URL: undefined, ADMIN_PASSWORD: SECRETS.ADMIN_PASSWORD, SESSION_SECRET: SECRETS.SESSION_SECRET },
    }),
    launchBrowser(),
  ]);
  copy = { dir: site.builtDir, dist: join(site.builtDir, "dist") };
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Every secret value found in `files`, as "file: NAME". */
async function secretsIn(files: string[], secrets: Record<string, string>, base: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    const content = await readFile(file);
    for (const [name, value] of Object.entries(secrets)) {
      // Raw, and as JSON or a URL would escape it.
      if ([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)].some((form) => content.includes(form))) {
        found.push(`${relative(base, file)}: ${name}`);
      }
    }
  }
  return found;
}

/** A policy without its script hashes: what every built page's header shares. */
const withoutHashes = (policy: string | undefined) => (policy ?? "").replace(/\s*'sha(256|384|512)-[^']*'/g, "");
/** The path a built page answers (dist/es/index.html -> /es). */
const pathOf = (file: string) => `/${relative(copy.dist, file).replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the built client output", () => {
  it("holds the value of no secret environment variable", async () => {
    const files = await filesUnder(copy.dist);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    // The scan itself finds a secret where there is one.
    const planted = join(copy.dir, "planted.js");
    await writeFile(planted, `const token = ${JSON.stringify(SECRETS.SESSION_SECRET)};`);
    expect(await secretsIn([planted], SECRETS, copy.dir)).toEqual(["planted.js: SESSION_SECRET"]);
    expect(await secretsIn(files, SECRETS, copy.dist)).toEqual([]);
  });
});

describe("the security headers generated into dist/_headers", () => {
  const rules = async () => headersFileRules(await readFile(join(copy.dist, "_headers"), "utf8"));

  it("send the policy, HSTS, nosniff, frame denial, a strict Referrer-Policy and a Permissions-Policy with every built page, each once", async () => {
    const all = await rules();
    const pages = (await filesUnder(copy.dist)).filter((file) => file.endsWith(".html"));
    const paths = pages.map(pathOf);
    expect(paths).toEqual(expect.arrayContaining(["/", "/full-menu", "/privacy", "/es", "/es/full-menu", "/menu/key-lime-pie"]));
    for (const path of paths) {
      const headers = headersForPath(all, path); // a value two rules set would be joined ("nosniff, nosniff"), as on Netlify
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${path}: ${name}`).toBe(value);
      // The same policy on every page, but for the script hashes: each rule lists its own pages'.
      expect(withoutHashes(headers["Content-Security-Policy"]), path).toBe(withoutHashes(headersForPath(all, "/")["Content-Security-Policy"]));
    }
  });

  it("send a font, the stylesheet and a script nosniff and their caching, without a page's policies", async () => {
    const assets = await readdir(join(copy.dist, "_astro"));
    for (const name of [".woff2", ".css", ".js"].map((ending) => assets.find((asset) => asset.endsWith(ending)))) {
      const res = await fetch(`${site.url}/_astro/${name}`, { method: "HEAD" });
      expect([res.status, res.headers.get("cache-control")], name).toEqual([200, "public, max-age=31536000, immutable"]);
      for (const [header, value] of Object.entries(FILE_HEADERS)) expect(res.headers.get(header), `${name}: ${header}`).toBe(value);
      for (const header of ["content-security-policy", "permissions-policy", "x-frame-options"]) expect(res.headers.get(header), `${name}: ${header}`).toBeNull();
    }
  });

  it("send a policy of our origin plus exactly Square, Resy and the map (the header's scripts, the <meta>'s rest), and no 'unsafe-inline' script", async () => {
    const policy = parsePolicy(headersForPath(await rules(), "/")["Content-Security-Policy"]!);
    const meta = parsePolicy(/<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(await readFile(join(copy.dist, "index.html"), "utf8"))![1]!);
    for (const [name, values] of Object.entries(POLICY_DIRECTIVES)) expect(meta.get(name), name).toEqual(values);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    const scriptSources = policy.get("script-src")!;
    expect(scriptSources.filter((source) => !source.startsWith("'sha256-"))).toEqual(SCRIPT_ORIGINS);
    expect(scriptSources.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("allow each built page's inline scripts by their hashes, in its <meta> policy and its header, and no other page's", async () => {
    const all = await rules();
    const inserted = insertedScriptHashes().map((hash) => `'${hash}'`);
    for (const page of (await filesUnder(copy.dist)).filter((file) => file.endsWith(".html"))) {
      const name = relative(copy.dist, page);
      const html = await readFile(page, "utf8");
      const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1];
      expect(meta, `${name} has no CSP <meta>`).toBeDefined();
      expect(parsePolicy(meta!).get("script-src")!.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval/);
      const runs = runnableInlineScripts(html).map(sha256);
      // The page's own scripts and the cart's speculation rules, nothing else of the site's.
      expect(scriptHashes(meta!).sort(), `${name}: the <meta> policy's script hashes`).toEqual([...new Set([...runs, ...inserted])].sort());
      const header = scriptHashes(headersForPath(all, pathOf(page))["Content-Security-Policy"]!);
      const missing = [...runs, ...inserted].filter((hash) => !header.includes(hash));
      expect(missing, `${name}: its header policy misses inline script hashes`).toEqual([]);
    }
    // The home page's header: its own scripts, the speculation rules and the development server's island loader.
    const homeRuns = runnableInlineScripts(await readFile(join(copy.dist, "index.html"), "utf8")).map(sha256);
    expect(scriptHashes(headersForPath(all, "/")["Content-Security-Policy"]!).sort()).toEqual([...new Set([...homeRuns, ...inserted, ...DEVELOPMENT_SCRIPT_HASHES])].sort());
  });

  it.each(["/", "/full-menu", "/menu/key-lime-pie", "/near/kendall", "/privacy", "/checkout", "/about"])(
    "a page rendered on request (%s) sends its own policy, allowing each of its inline scripts by hash and no frame",
    async (path) => {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const policy = parsePolicy(res.headers.get("content-security-policy") ?? /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? "");
      const scriptSources = policy.get("script-src") ?? [];
      expect(scriptSources.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval/);
      const missing = runnableInlineScripts(html).map(sha256).filter((hash) => !scriptSources.includes(hash));
      expect(missing, `${path} runs inline scripts its policy does not allow`).toEqual([]);
      if (res.headers.has("content-security-policy")) expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      // The checkout's own headers allow the wallets' payment requests; every other page allows none.
      for (const [name, value] of Object.entries(securityHeadersFor(path))) expect(res.headers.get(name), `${path}: ${name}`).toBe(value);
    },
  );
});

describe("in Chromium, under the policy", () => {
  async function newPage(): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
    const context = await offlineContext(browser);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction("__reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        // zod 4 probes once whether `new Function` works and falls back when it does not: the
        // policy blocking that probe is the point, and nothing depends on it.
        if (event.blockedURI === "eval" && /\/_astro\//.test(event.sourceFile)) return;
        (window as any).__reportViolation(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text()) && !/'unsafe-eval'/.test(message.text())) violations.push(message.text());
    });
    return { context, page, violations };
  }

  it("pays for a delivery order with the test card and shows the customer's markup as text on the confirmation", async () => {
    const { context, page, violations } = await newPage();
    // A built page carries the header policy (robots.txt, opened for the origin's storage, is not a page).
    expect((await page.request.get(`${site.url}/privacy`)).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page.goto(`${site.url}/robots.txt`);
    const bites = { id: 7, name: "Billionaire Brunch Bites", price: 1700, category: "brunch", description: "Bites", section: "jealous-fork", inStock: true, squareId: null, quantity: 2 };
    await page.evaluate((items) => localStorage.setItem("jealous-fork-cart", JSON.stringify({ items, deliveryFee: 0 })), [bites]);
    const checkout = await page.goto(`${site.url}/checkout`);
    expect(checkout?.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(checkout?.headers()["strict-transport-security"]).toBe(SECURITY_HEADERS["Strict-Transport-Security"]);
    await page.getByRole("heading", { name: "Checkout" }).waitFor();
    await page.getByLabel("Delivery").check();
    await page.getByLabel("Full Name").fill(XSS_NAME);
    await page.getByLabel("Email").fill("ana@example.com");
    await page.getByLabel("Phone").fill("(305) 555-0142");
    await page.getByLabel("Street Address").fill("14417 SW 42nd St");
    await page.getByLabel("ZIP Code").fill("33175");
    await page.getByLabel("Delivery Notes (optional)").fill(XSS_NOTES);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: /^Pay \$\d+\.\d\d \(test\)$/ }).click();

    await page.waitForURL(/\/(?:order-confirmation|confirmacion-de-pedido)\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole("heading", { name: "Thank you! Your order is confirmed." }).waitFor();
    await page.getByText(XSS_NAME).first().waitFor();
    await page.getByText(XSS_NOTES, { exact: false }).first().waitFor();
    expect(await page.locator('img[src="x"], script:text("__xss")').count()).toBe(0);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(violations).toEqual([]);
    // The page rendered on request carries the security headers too (src/middleware.ts).
    const confirmation = await page.request.get(page.url());
    expect(confirmation.headers()["x-frame-options"]).toBe("DENY");
    expect(confirmation.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(confirmation.headers()["referrer-policy"]).toBe("no-referrer");
    // And the policy is really enforced here: an injected inline script does not run.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = 1";
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as any).__injected)).toBeUndefined();
    await expect.poll(() => violations.some((violation) => /script-src/.test(violation))).toBe(true);
    await context.close();
  });

  it("shows customers' names, notes and messages as text in the admin console", async () => {
    const { context, page, violations } = await newPage();
    await page.goto(`${site.url}/robots.txt`);
    const contact = await page.request.post(`${site.url}/contact`, {
      headers: { "content-type": "application/json" },
      data: { firstName: XSS_NAME, lastName: "Pérez", email: "ana@example.com", phone: "", message: XSS_MESSAGE },
    });
    expect(contact.status()).toBe(201);
    const signIn = await page.request.post(`${site.url}/api/admin/session`, {
      headers: { "content-type": "application/json", origin: site.url },
      data: { password: SECRETS.ADMIN_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${site.url}/admin`);
    await page.getByRole("tab", { name: "Orders" }).click();
    await page.getByText(XSS_NAME, { exact: false }).first().waitFor();
    await page.getByText(XSS_NOTES, { exact: false }).first().waitFor();
    await page.getByRole("tab", { name: "Messages" }).click();
    await page.getByText(XSS_MESSAGE, { exact: false }).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator("b", { hasText: "bold?" }).count()).toBe(0);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(violations).toEqual([]);
    await context.close();
  });

  it("keeps the reservation button working: a link to the booking page, its widget allowed", async () => {
    const { context, page, violations } = await newPage();
    // Resy's widget script, stood in for (this machine is offline) so the page can load it.
    await context.route("https://widgets.resy.com/**", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "window.resyWidget={addButton(){}};" }));
    // The button's own script held back until the pointer is on it, as on a slow phone: it must start then.
    const held = Promise.withResolvers<void>();
    await context.route(/\/_astro\/ReserveButton[^/]*\.js$/, (route) => held.promise.then(() => route.continue()));
    await page.goto(`${site.url}/`);
    // "Make Reservation" opens the provider (the navigation's Reserve Table only scrolls to #reservations).
    const reserve = page.getByRole("link", { name: "Make Reservation" }).first();
    expect(await reserve.getAttribute("href")).toMatch(/^https:\/\/(www\.|widgets\.)?resy\.com\//);
    await reserve.hover();
    held.resolve();
    // Hovering loads the widget's script; the policy blocking it would leave it unloaded and say why below.
    await page.waitForFunction(() => "resyWidget" in window, undefined, { timeout: 10_000 }).catch(() => undefined);
    expect(violations).toEqual([]);
    expect(await page.evaluate(() => "resyWidget" in window)).toBe(true);
    await context.close();
  });
});

describe("customer text in the source", () => {
  it("reaches the page only through React or textContent: no raw HTML sinks take data", async () => {
    const sources = (await filesUnder(join(ROOT, "src"))).filter((file) => /\.(tsx?|astro)$/.test(file) && !/\.test\.tsx?$/.test(file));
    const sinks: string[] = [];
    for (const file of sources) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(/dangerouslySetInnerHTML|set:html|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write/g)) {
        const line = text.slice(text.lastIndexOf("\n", match.index) + 1, text.indexOf("\n", match.index + 1));
        // The allowed sinks: JSON-LD built from our own content by jsonLdText, which escapes "<" so
        // nothing can close the script element.
        if (/type="application\/ld\+json" set:html=\{jsonLdText\(/.test(line)) continue;
        // The featured cards' markup, written only by featuredHtml, which escapes every value it is
        // given (src/lib/featuredCards.test.ts proves it with staff-typed markup).
        if (/set:html=\{featuredHtml\(|\.innerHTML = featuredHtml\(/.test(line)) continue;
        sinks.push(`${relative(ROOT, file)}: ${line.trim()}`);
      }
    }
    expect(sinks).toEqual([]);
  });
});
