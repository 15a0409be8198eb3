// `npm run bench:lighthouse [-- --runs N] [-- --pages /,/full-menu,/checkout] [-- --ref <rev>] [-- --no-checkout]`:
// Lighthouse mobile (Moto G Power size, simulated slow 4G and a 4x slower CPU; median of N runs, default 5)
// on the home page, the full menu and the checkout of a production build, served as `npm run bench` serves
// it (the local router, its functions and PostgreSQL, through the edge cache that compresses as Netlify's
// CDN does, each page warmed once), then the checkout's two waits on Slow 4G (tools/bench/checkoutReady.ts).
// A few minutes instead of the whole bench's half hour; prints one table and the checkout's lines, and
// exits 1 when a figure misses its budget. Nothing leaves 127.0.0.1.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { launchBrowser } from "../../tests/support/browser.ts";
import { CHECKOUT_READY_BUDGET_MS, checkoutReadyReport, measureCheckoutReady } from "./checkoutReady.ts";
import { startCompressingProxy } from "./compress.ts";
import { largestPaint } from "./lcpElement.ts";
import { runLighthouseCi } from "./lhci.ts";
import { measurePage } from "./page-weight.ts";
import { makeScratch } from "./scratch.ts";
import { buildSite, serveBuilt } from "./serve.ts";
import { cartStorage, menuItems } from "./site.ts";
import { ensureTools } from "./tools.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    pages: { type: "string", default: "/,/full-menu,/checkout" },
    ref: { type: "string" },
    "no-checkout": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
/** Saturday 21 November 2026, 11:00 in Miami: the day menu is open (the browser and the functions share it). */
const CLOCK = "2026-11-21T16:00:00Z";
const runs = Math.max(1, Number(args.runs) || 5);
const paths = args.pages.split(",").map((path) => path.trim()).filter(Boolean);
const log = (line: string) => process.stderr.write(`${line}\n`);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The machine's load while measuring: on a shared machine, other work stretches every main-thread task. */
const load = () => loadavg().map((value) => value.toFixed(1)).join(" ");
const loadAtStart = load();

const tools = ensureTools(log);
const scratch = makeScratch(args.ref);
let served: Awaited<ReturnType<typeof serveBuilt>> | undefined;
let proxy: Awaited<ReturnType<typeof startCompressingProxy>> | undefined;
let broken = 0;
try {
  log(`Building ${scratch.source} in ${scratch.dir}`);
  await buildSite(scratch.dir, log);
  served = await serveBuilt({ dir: scratch.dir, port: Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4438), clock: CLOCK, site: true, log });
  const cart = cartStorage(menuItems(await (await fetch(`${served.url}/api/menu`)).json()).find((item) => item.isAvailable !== false && item.inStock !== false));
  if (!cart) throw new Error("GET /api/menu has no dish to put in a cart");
  const storageFor = (path: string) => (path.endsWith("/checkout") ? cart : undefined);
  proxy = await startCompressingProxy(served.url);
  const browser = await launchBrowser();
  const lines: string[] = [];
  try {
    // Warm: the visitor before ours filled the edge with the page and every file it loads.
    for (const path of paths) {
      await measurePage(browser, proxy.url + path, { scroll: false, localStorage: storageFor(path) });
      await proxy.warm(path);
    }
    for (const path of paths) {
      const paint = await largestPaint(browser, proxy.url + path, storageFor(path));
      lines.push(paint ? `${path} largest paint in Chromium (Slow 4G, CPU 4x, 412x823): ${paint.element} at ${s(paint.lcpMs)}, first paint ${s(paint.fcpMs)}` : `${path}: Chromium reported no largest paint`);
    }
    if (!args["no-checkout"]) {
      for (const path of ["/checkout", "/es/checkout"]) {
        log(`${path}: the two waits on Slow 4G with a 4x slower CPU, median of 3`);
        const figures = await measureCheckoutReady(browser, proxy.url, cart, CLOCK, path);
        lines.push(...checkoutReadyReport(path, figures));
        if (!(figures.median <= CHECKOUT_READY_BUDGET_MS) || !(figures.payMedian <= CHECKOUT_READY_BUDGET_MS)) broken += 1;
      }
    }
  } finally {
    await browser.close();
  }

  log(`Lighthouse mobile, ${runs} runs per page, through the edge cache (warm, brotli)`);
  const urls = paths.map((path) => proxy!.url + path);
  const storage = Object.fromEntries(paths.filter((path) => storageFor(path)).map((path) => [path, cart]));
  const lhci = await runLighthouseCi(tools, urls, runs, storage, log);
  for (const error of lhci.errors) log(`  lhci: ${error}`);

  console.log(`Lighthouse mobile (simulated slow 4G, CPU 4x), median of ${runs} runs; ${scratch.source}; served through the edge cache`);
  console.log(`Load average (1, 5, 15 min) at the start: ${loadAtStart}; at the end: ${load()}\n`);
  console.log("| Page | Perf (lowest run) | A11y | BP | SEO | FCP | LCP | TBT ms | CLS |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const path of paths) {
    const summary = lhci.summaries.get(proxy.url + path);
    if (!summary?.runs) {
      console.log(`| ${path} | not measured: ${summary?.errors[0] ?? "no run"} |`);
      broken += 1;
      continue;
    }
    // The LCP element comes from Chromium itself (lcpElement.ts, in the lines below the table).
    const { median, diagnostics } = summary;
    console.log(
      `| ${path} | ${median.scores.performance} (${summary.lowestPerformance}) | ${median.scores.accessibility} | ${median.scores["best-practices"]} | ${median.scores.seo} | ${s(median.fcp)} | ${s(median.lcp)} | ${Math.round(median.tbt)} | ${median.cls.toFixed(3)} |`,
    );
    for (const finding of diagnostics.opportunities) log(`  ${path}: ${finding.title}${finding.items.length ? `: ${finding.items.slice(0, 3).join("; ")}` : ""}`);
  }
  console.log("");
  for (const line of lines) console.log(line);
  const failed = lhci.budgets.filter((budget) => budget.status !== "pass");
  for (const budget of failed) console.log(`Budget ${budget.status}: ${budget.name} ${budget.actual} (${budget.limit})`);
  broken += failed.length;
  console.log(broken ? `${broken} figure(s) miss their budget` : "Every figure within its budget");
} finally {
  await proxy?.stop();
  await served?.stop();
  if (args.keep) log(`Kept ${scratch.dir}`);
  else scratch.remove();
}
process.exit(broken ? 1 : 0);
