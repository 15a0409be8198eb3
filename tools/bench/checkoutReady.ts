// How long a diner on a slow phone waits, after "Proceed to Checkout", before the checkout takes typing:
// Slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up; CDP Network.emulateNetworkConditions) and a
// CPU 4x slower (CDP Emulation.setCPUThrottlingRate), from the full menu with a one-dish cart, the
// menu's own scripts already in the browser's cache (the diner came from it). Ready: the name field is
// on the page and enabled (text typed into it before the scripts run is kept); the time to the scripts
// having run is reported beside it. Then the details typed at once, and a tap on "Continue to Payment":
// how long until the Pay button answers (on the page and enabled). Median of 3 fresh browser contexts.
// Budget: 1.5 s each.
import type { Browser, Page } from "playwright-core";
import { MOBILE } from "../../tests/support/browser.ts";
import { checkoutWords } from "../../src/domain/i18n/ui/checkout.ts";

export const CHECKOUT_READY_BUDGET_MS = 1_500;

/** Slow 4G as Lighthouse names it: 150 ms round trip, 1.6 Mbps down, 750 kbps up (bytes per second for CDP). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } as const;
export const CPU_SLOWDOWN = 4;
/** The hosts a checkout may call besides the site (Square's Web Payments SDK and the wallets). */
const THIRD_PARTIES = ["*squarecdn.com*", "*squareup.com*", "*squareupsandbox.com*", "*pay.google.com*", "*apple.com*", "*cash.app*", "*google-analytics*"];

export interface CheckoutReadyFigures {
  runs: number[];
  median: number;
  /** From the tap on "Continue to Payment" (details typed) to a Pay button that takes a tap, per run. */
  payRuns: number[];
  payMedian: number;
  /** The median time to an awake island (its scripts run), for the record: typing does not wait for it. */
  awakeMedian: number;
  /** What the checkout loaded before it was ready (path and bytes on the wire), from the median run. */
  requests: { path: string; bytes: number; ms: number }[];
  failures: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Milliseconds from a tap on "Continue to Payment", the details typed at once, to an enabled Pay button. */
async function payReady(page: Page, locale: "en" | "es"): Promise<number> {
  const words = (key: "field.name" | "field.email" | "field.phone" | "continue") => checkoutWords[key][locale];
  await page.getByLabel(words("field.name")).fill("Ana Pérez");
  await page.getByLabel(words("field.email"), { exact: true }).fill("ana.bench@example.com");
  await page.getByLabel(words("field.phone")).fill("(305) 555-0142");
  const started = Date.now();
  await page.getByRole("button", { name: words("continue") }).click({ noWaitAfter: true });
  await page.getByRole("button", { name: /^(Pay|Pagar) / }).and(page.locator(":enabled")).first().waitFor({ timeout: 30_000 });
  return Date.now() - started;
}

/** One run: milliseconds from the tap on "Proceed to Checkout" to a name field that takes typing. */
async function oneRun(browser: Browser, base: string, storage: Record<string, string>, path: string, clock: string) {
  const context = await browser.newContext({ ...MOBILE });
  // The browser's "now" is the functions' (RESTAURANT_CLOCK): the cart's dish is on sale then, so
  // "Proceed to Checkout" is not held back by a kitchen closed at the machine's own hour.
  await context.clock.setFixedTime(new Date(clock));
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, storage);
  try {
    const page = await context.newPage();
    // Nothing leaves the machine: Square's and the wallets' scripts fail at once, as for a blocker. Blocked
    // through CDP, not page.route: Playwright's routing turns the HTTP cache off, and the diner who comes
    // from the menu has its scripts (React's among them) in the cache.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setBlockedURLs", { urls: THIRD_PARTIES });
    const menuPath = path.startsWith("/es") ? "/es/full-menu" : "/full-menu";
    await page.goto(base + menuPath, { waitUntil: "networkidle" });
    // The sheet open before the phone slows down: the measure starts at the tap on "Proceed to Checkout".
    // A tap before the menu's scripts run opens nothing, so it is repeated until the sheet shows.
    const cart = page.getByRole("button", { name: /^(Cart|Carrito), \d+/ }).first();
    const proceed = page.getByRole("button", { name: /^(Proceed to Checkout|Ir a pagar)$/ });
    for (let tries = 0; !(await proceed.isVisible()); tries++) {
      if (tries === 20) throw new Error("the cart sheet did not open");
      await cart.click();
      await proceed.waitFor({ timeout: 1_000 }).catch(() => {});
    }
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const requests: CheckoutReadyFigures["requests"] = [];
    const started = Date.now();
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      void request.sizes().then((sizes) => requests.push({ path: url.pathname + url.search, bytes: sizes.responseBodySize + sizes.responseHeadersSize, ms: Date.now() - started }), () => {});
    });
    await proceed.click({ noWaitAfter: true });
    await page.waitForURL(/\/checkout$/, { timeout: 30_000 });
    await page.waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>('input[autocomplete="name"]');
        return Boolean(input && !input.disabled && !input.readOnly && input.getClientRects().length);
      },
      undefined,
      { polling: "raf", timeout: 30_000 },
    );
    const ms = Date.now() - started;
    // Awake: the island's scripts have run (Continue works; what was typed before is in its values).
    await page.waitForFunction(() => ![...document.querySelectorAll("astro-island")].some((island) => island.hasAttribute("ssr")), undefined, { polling: "raf", timeout: 30_000 });
    const awakeMs = Date.now() - started;
    const payMs = await payReady(page, path.startsWith("/es") ? "es" : "en");
    return { ms, awakeMs, payMs, requests: requests.filter((r) => r.ms <= awakeMs) };
  } finally {
    await context.close();
  }
}

export async function measureCheckoutReady(browser: Browser, base: string, storage: Record<string, string>, clock: string, path = "/checkout", rounds = 3): Promise<CheckoutReadyFigures> {
  const runs: number[] = [];
  const payRuns: number[] = [];
  const failures: string[] = [];
  // The page is rendered on request: its first rendering (a cold function) is not the browser's wait.
  await fetch(base + path).then((res) => res.arrayBuffer()).catch(() => undefined);
  const kept: { ms: number; awakeMs: number; payMs: number; requests: CheckoutReadyFigures["requests"] }[] = [];
  for (let i = 0; i < rounds; i++) {
    try {
      const run = await oneRun(browser, base, storage, path, clock);
      runs.push(run.ms);
      payRuns.push(run.payMs);
      kept.push(run);
    } catch (error) {
      failures.push(error instanceof Error ? error.message.split("\n")[0]! : String(error));
    }
  }
  const mid = median(runs);
  return { runs, median: mid, payRuns, payMedian: median(payRuns), awakeMedian: median(kept.map((run) => run.awakeMs)), requests: kept.find((run) => run.ms === mid)?.requests ?? [], failures };
}

/** The figures as the report's lines. */
export function checkoutReadyReport(path: string, figures: CheckoutReadyFigures): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const verdict = (runs: number[], mid: number) => (runs.length && mid <= CHECKOUT_READY_BUDGET_MS ? "within" : "NOT within");
  return [
    `${path} ready to type after "Proceed to Checkout" (Slow 4G, CPU 4x, phone): median ${s(figures.median)} of ${figures.runs.map(s).join(", ")}; ${verdict(figures.runs, figures.median)} the ${s(CHECKOUT_READY_BUDGET_MS)} budget (scripts run: median ${s(figures.awakeMedian)}).`,
    `${path} Pay button answering after "Continue to Payment", details typed at once: median ${s(figures.payMedian)} of ${figures.payRuns.map(s).join(", ")}; ${verdict(figures.payRuns, figures.payMedian)} the ${s(CHECKOUT_READY_BUDGET_MS)} budget.`,
    ...figures.failures.map((failure) => `${path} ready-to-type run failed: ${failure}`),
  ];
}
