// Debian's Chromium driven by playwright-core, with the flags this sandboxed, offline machine needs.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from "playwright-core";
import { existsSync } from "node:fs";

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * The Chromium flags every browser of the tests and the bench starts with: no sandbox and no GPU
 * (neither exists here), and none of Chromium's own calls home. Lighthouse's launch adds its own.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Every host name but this machine's fails to resolve, in the browser itself, as on this offline machine
 * and for a visitor whose blocker stops third-party scripts: the site must still work. A request
 * interception would do the same, but Playwright pauses every request of the page in the test's process
 * to match it (where the site's server runs too) and turns the browser's cache off, so each page of a
 * journey fetched and compiled every script again (docs/testing.md has the figures).
 */
export const OFFLINE_FLAG = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost";

/**
 * Debian's headless shell first: the same Chromium without the browser's window compositing, which is what
 * a journey pays for and never looks at (a checkout journey's browser used 32 s of CPU instead of 66 s,
 * docs/testing.md). The full browser still serves where the shell is not installed.
 */
const CHROMIUM_PATHS = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The browsers this test process launched and has not closed: a failed journey says what their pages showed. */
const launched = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? CHROMIUM_PATHS.find(existsSync);
  if (!executablePath) throw new Error("Chromium is missing: install Debian's chromium-headless-shell or chromium package (see README).");
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, OFFLINE_FLAG] });
  launched.add(browser);
  browser.on("disconnected", () => launched.delete(browser));
  return browser;
}

/**
 * Each open page's address, what its form fields hold (invalid ones marked), what it announces (alerts and
 * live regions), which islands still sleep and the text a person sees (its first 1,500 characters), for the
 * report of a failed journey: a wait that timed out then says what was there instead.
 */
export async function whatPagesShow(): Promise<string> {
  const pages = [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  const shown = await Promise.all(pages.map((page) => page.evaluate(pageReport).catch((error: Error) => `(unreadable: ${error.message.split("\n")[0]})`).then((report) => `── ${page.url()}\n${report}`)));
  return shown.join("\n");
}

/** Runs in the page: see whatPagesShow. */
function pageReport(): string {
  const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")]
    .filter((field) => field.type !== "hidden")
    .map((field) => {
      const label = field.labels?.[0]?.innerText.split("\n")[0] ?? field.getAttribute("aria-label") ?? field.name;
      const value = field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox") ? (field.checked ? "checked" : "-") : JSON.stringify(field.value);
      return `${label}: ${value}${field.getAttribute("aria-invalid") === "true" ? " (invalid)" : ""}${field.disabled ? " (disabled)" : ""}`;
    });
  const said = [...document.querySelectorAll<HTMLElement>('[role="alert"], [role="status"], [aria-live]')].map((region) => region.innerText.trim()).filter(Boolean);
  const asleep = [...document.querySelectorAll("astro-island[ssr]")].map((island) => island.getAttribute("component-url"));
  return [`fields: ${fields.join("; ")}`, `announced: ${said.join(" | ")}`, `islands asleep: ${asleep.join(", ")}`, document.body.innerText.replace(/\n{2,}/g, "\n").slice(0, 1_500)].join("\n");
}

/**
 * A browser context of a browser from launchBrowser, in which every request leaving 127.0.0.1 fails
 * (OFFLINE_FLAG).
 */
export async function offlineContext(browser: Browser, options: BrowserContextOptions = DESKTOP) {
  return browser.newContext(options);
}

/**
 * A slow network for some of a page's requests: each one matching `url` (and `when`) goes on only after
 * `ms`, then through the other routes (the offline rule of offlineContext).
 */
export async function slowRequests(
  target: Page | BrowserContext,
  url: string | RegExp | ((url: URL) => boolean),
  ms: number,
  when: (request: Request) => boolean = () => true,
): Promise<void> {
  await target.route(url, async (route) => {
    if (when(route.request())) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}
