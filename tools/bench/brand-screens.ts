// `npm run screens:brand [-- --before <rev>] [-- --skip-before]`: the side-by-side of docs/brand.md. Builds
// the site before the brand system (`--before`, default c5d3216^, the commit before its tokens) and as it is
// now (the work tree), serves each as the bench does (its functions, PostgreSQL, the same clock), and saves
// the five phone screens at 390x844 (home, full menu, dish sheet, checkout, confirmation), the home page
// at 1280x800, and the gallery and a neighbourhood page on the phone (where drawings stood) as small WebP
// files in docs/brand/ ({screen}-before.webp, {screen}-after.webp).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { DESKTOP, launchBrowser, offlineContext } from "../../tests/support/browser.ts";
import { makeScratch, ROOT } from "./scratch.ts";
import { buildSite, serveBuilt } from "./serve.ts";
import { cartStorage, menuItems, placeOrder } from "./site.ts";

const { values: args } = parseArgs({ options: { before: { type: "string", default: "c5d3216^" }, "skip-before": { type: "boolean", default: false } } });
/** Saturday 21 November 2026, 11:00 in Miami: brunch is served (the browser and the functions share it). */
const CLOCK = "2026-11-21T16:00:00Z";
const OUT = join(ROOT, "docs", "brand");
/** One CSS pixel per pixel: the files stay small, and 390x844 is the phone. */
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const log = (line: string) => process.stderr.write(`${line}\n`);

interface Screen {
  name: string;
  path: (orderId: string) => string;
  context?: BrowserContextOptions;
  cart?: boolean;
  /** What to do once the page has settled, before the picture (open the dish sheet). */
  then?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  { name: "home", path: () => "/" },
  { name: "full-menu", path: () => "/full-menu" },
  {
    name: "dish-sheet",
    path: () => "/full-menu",
    then: async (page) => {
      await page.getByRole("button", { name: "Hot Maple Flatbread", exact: true }).first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
  { name: "checkout", path: () => "/checkout", cart: true },
  { name: "confirmation", path: (id) => `/order-confirmation/${encodeURIComponent(id)}`, cart: true },
  { name: "home-desktop", path: () => "/", context: DESKTOP },
  // Where drawings stood: the gallery (the home page brought to it) and a neighbourhood's first screen.
  { name: "gallery", path: () => "/gallery" },
  { name: "near", path: () => "/near/south-beach" },
];

async function shoot(browser: Browser, base: string, orderId: string, cart: Record<string, string>, suffix: string) {
  for (const screen of SCREENS) {
    const context = await offlineContext(browser, screen.context ?? PHONE);
    await context.clock.setFixedTime(new Date(CLOCK));
    if (screen.cart) await context.addInitScript((entries) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(key, value)), cart);
    const page = await context.newPage();
    await page.goto(base + screen.path(orderId), { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    await screen.then?.(page);
    // The page's own transitions (the sheet sliding in) end before the picture.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))));
    const file = join(OUT, `${screen.name}-${suffix}.webp`);
    const info = await sharp(await page.screenshot()).webp({ quality: 55, effort: 6 }).toFile(file);
    log(`  ${file}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
    await context.close();
  }
}

async function screens(ref: string | undefined, suffix: string, port: number) {
  const scratch = makeScratch(ref);
  let served: Awaited<ReturnType<typeof serveBuilt>> | undefined;
  try {
    log(`${suffix}: building ${scratch.source}`);
    await buildSite(scratch.dir, log);
    served = await serveBuilt({ dir: scratch.dir, port, clock: CLOCK, site: true, log: () => {} });
    const items = menuItems(await (await fetch(`${served.url}/api/menu`)).json());
    const order = await placeOrder(served.url, items);
    const cart = cartStorage(order.item);
    if (!order.orderId || !cart) throw new Error(`no order to confirm: ${order.problem}`);
    const browser = await launchBrowser();
    try {
      await shoot(browser, served.url, order.orderId, cart, suffix);
    } finally {
      await browser.close();
    }
  } finally {
    await served?.stop();
    scratch.remove();
  }
}

mkdirSync(OUT, { recursive: true });
if (!args["skip-before"]) await screens(args.before, "before", 4439);
await screens(undefined, "after", 4439);
process.exit();
