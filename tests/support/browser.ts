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
 * Debian's headless shell first: the same Chromium without the browser's window compositing, which is what
 * a journey pays for and never looks at (a checkout journey's browser used 32 s of CPU instead of 66 s,
 * docs/testing.md). The full browser still serves where the shell is not installed.
 */
const CHROMIUM_PATHS = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? CHROMIUM_PATHS.find(existsSync);
  if (!executablePath) throw new Error("Chromium is missing: install Debian's chromium-headless-shell or chromium package (see README).");
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
}

/**
 * A browser context in which every request leaving 127.0.0.1 fails, as it does on this offline
 * machine and for a visitor whose blocker stops third-party scripts: the site must still work.
 */
export async function offlineContext(browser: Browser, options: BrowserContextOptions = DESKTOP) {
  const context = await browser.newContext(options);
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*$/, (route) => {
    const url = route.request().url();
    return url.startsWith("data:") || url.startsWith("blob:") ? route.continue() : route.abort("internetdisconnected");
  });
  return context;
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
