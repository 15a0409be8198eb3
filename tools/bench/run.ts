// `npm run bench [-- --check]`: builds the production site in a scratch copy, serves it with its functions
// and a real PostgreSQL through the local router (tools/bench/serve.ts), measures pages (Lighthouse CI
// through an edge cache that compresses as Netlify's CDN does, judged by lighthouserc.json's assertions),
// APIs, function bundles and cold starts, prints one table and saves JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { launchBrowser } from "../../tests/support/browser.ts";
import { DEVELOPMENT_PASSWORD } from "../../src/server/staff/developmentPassword.ts";
import { loadApis } from "./apis.ts";
import type { BudgetResult } from "./budgets.ts";
import { cacheRules } from "./caching.ts";
import { startCompressingProxy } from "./compress.ts";
import { checkoutReadyReport, measureCheckoutReady } from "./checkoutReady.ts";
import { consoleReport, measureConsole } from "./console.ts";
import { dinerReport, measureDinersOnStack } from "./diners.ts";
import { measureFunctions } from "./function-bundles.ts";
import { runLighthouseCi } from "./lhci.ts";
import { idempotencyKey } from "./load.ts";
import { measurePage } from "./page-weight.ts";
import { renderReport } from "./report.ts";
import type { BenchResults } from "./results.ts";
import { makeScratch, ROOT } from "./scratch.ts";
import { buildSite, serveBuilt } from "./serve.ts";
import { cartStorage, choosePages, menuItems, orderBody, pageStatus, placeOrder, probe } from "./site.ts";
import { ensureTools } from "./tools.ts";
import { checkBudgets } from "./verdicts.ts";

/** The bench's ports (the team's rule: 4416-4420). */
const PORTS = { site: 4416 };
/** Saturday 21 November 2026, 11:00 in Miami: the day menu is open, so an order can be served. */
const CLOCK = "2026-11-21T16:00:00Z";

const { values: args } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    "load-seconds": { type: "string", default: "5" },
    "no-lighthouse": { type: "boolean", default: false },
    "no-load": { type: "boolean", default: false },
    ref: { type: "string" },
    pages: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(args.runs) || 5);
const loadSeconds = Math.max(1, Number(args["load-seconds"]) || 5);
const log = (line: string) => process.stderr.write(`${line}\n`);
const notes: string[] = [];

async function main(): Promise<number> {
  const started = Date.now();
  const tools = ensureTools(log);
  const scratch = makeScratch(args.ref);
  log(`Building and serving ${scratch.source} from ${scratch.dir} with the local router (RESTAURANT_CLOCK=${CLOCK})`);
  const results: BenchResults = {
    date: new Date().toISOString(),
    source: scratch.source,
    clock: CLOCK,
    options: { lighthouseRuns: args["no-lighthouse"] ? 0 : runs, loadSeconds: args["no-load"] ? 0 : loadSeconds },
    pages: [],
    apis: [],
    functions: [],
    headers: [],
    budgets: [],
    notes,
  };
  const lighthouseBudgets: BudgetResult[] = [];
  let served: Awaited<ReturnType<typeof serveBuilt>> | undefined;
  let proxy: Awaited<ReturnType<typeof startCompressingProxy>> | undefined;
  try {
    log("Function bundles (esbuild) and cold starts");
    results.functions = await measureFunctions(scratch.dir, {
      clock: CLOCK,
      log,
      orderRequest: (menu) => {
        const item = menuItems(menu).find((i) => i.inStock !== false && i.isAvailable !== false);
        if (!item) return undefined;
        return { method: "POST", path: "/api/orders", headers: { "content-type": "application/json", "idempotency-key": idempotencyKey(), origin: `http://127.0.0.1:${PORTS.site}` }, body: orderBody(item) };
      },
    });
    await buildSite(scratch.dir, log);
    served = await serveBuilt({ dir: scratch.dir, port: PORTS.site, clock: CLOCK, site: true, log });
    const base = served.url;
    log(`Serving on ${base}`);

    results.pages = await choosePages(base);

    // The menu first: the order needs one of its items, and the load test reuses that order.
    const menuRes = await probe(`${base}/api/menu`);
    const items = "text" in menuRes && menuRes.status === 200 ? menuItems(JSON.parse(menuRes.text)) : [];
    const order = items.length ? await placeOrder(base, items) : { problem: "GET /api/menu is missing or empty, so no order could be placed" };
    if (order.orderId) {
      const path = `/order-confirmation/${encodeURIComponent(order.orderId)}`;
      results.pages.push({ label: "confirmation", path, missing: await pageStatus(base, path, undefined) });
    } else {
      results.pages.push({ label: "confirmation", path: "/order-confirmation/{id}", missing: order.problem });
    }
    if (args.pages) {
      const wanted = args.pages.split(",").map((label) => label.trim());
      for (const page of results.pages) if (!page.missing && !wanted.includes(page.label.replace(" ", "-"))) page.missing = "skipped (--pages)";
    }
    for (const page of results.pages.filter((p) => p.missing)) log(`  ${page.path}: not measured, ${page.missing}`);
    const cart = cartStorage(order.item ?? items.find((i) => i.isAvailable !== false && i.inStock !== false));
    if (!cart) notes.push("No menu item to put in a cart: /checkout was measured with an empty cart (it redirects to the menu).");

    // Netlify's CDN in front: brotli, and pages kept at the edge (s-maxage=300 under the tag "hours").
    proxy = await startCompressingProxy(base);
    log("Page weight in Chromium (phone viewport, offline); each page then loaded once through the edge cache");
    const browser = await launchBrowser();
    try {
      for (const page of results.pages.filter((p) => !p.missing)) {
        const localStorage = page.path.endsWith("/checkout") ? cart : undefined;
        page.weight = await measurePage(browser, base + page.path, { scroll: page.path === "/", localStorage });
        // Warm: one visit through the edge fills its cache with the page and every file it loads, as the
        // visitor before ours did. Lighthouse then measures a page served from the edge.
        await measurePage(browser, proxy.url + page.path, { scroll: false, localStorage });
        if (!(await proxy.warm(page.path))) notes.push(`${page.path} is not kept by the edge cache (its CDN rules say private or no-store): measured as rendered.`);
      }
      // A diner on a slow phone taps "Proceed to Checkout": how long until the checkout takes typing.
      for (const path of cart ? ["/checkout", "/es/checkout"] : []) {
        log(`${path} ready to type on Slow 4G with a 4x slower CPU, median of 3`);
        for (const line of checkoutReadyReport(path, await measureCheckoutReady(browser, proxy.url, cart!, CLOCK, path))) notes.push(line);
      }
    } finally {
      await browser.close();
    }

    // Sample paths for each caching rule: pages, a hashed asset, a public image and font.
    const seen = results.pages.flatMap((p) => (p.weight?.scrolled ?? p.weight?.initial)?.transfers ?? []).map((t) => new URL(t.url).pathname);
    const samples = [
      ...results.pages.filter((p) => !p.missing).map((p) => p.path),
      seen.find((path) => path.startsWith("/_astro/") && path.endsWith(".js")),
      seen.find((path) => path.startsWith("/_astro/") && path.endsWith(".css")),
      seen.find((path) => path.startsWith("/images/")),
      seen.find((path) => path.startsWith("/fonts/")),
      "/robots.txt",
    ].filter((path): path is string => Boolean(path));
    const caching = await cacheRules(tools, scratch.dir, [...new Set(samples)], async (path) => {
      const res = await fetch(base + path).catch(() => undefined);
      await res?.body?.cancel();
      return res?.headers.get("cache-control") ?? null;
    });
    results.headers = caching.rules;
    for (const error of caching.errors) notes.push(`Header rules: ${error}`);

    if (!args["no-lighthouse"]) {
      // Through the edge cache: Lighthouse measures what a visitor receives from Netlify's CDN (brotli, warm).
      log(`Lighthouse mobile, ${runs} runs per page, through ${proxy.url} (edge cache, warm; brotli as the CDN sends)`);
      const measured = results.pages.filter((p) => !p.missing);
      const storage = Object.fromEntries(measured.filter((p) => p.path.endsWith("/checkout") && cart).map((p) => [p.path, cart!]));
      const lhci = await runLighthouseCi(tools, measured.map((p) => proxy!.url + p.path), runs, storage, log);
      for (const page of measured) {
        page.lighthouse = lhci.summaries.get(proxy.url + page.path);
        for (const error of page.lighthouse?.errors ?? []) log(`    ${page.path}: run failed: ${error}`);
      }
      lighthouseBudgets.push(...lhci.budgets);
      for (const error of lhci.errors) notes.push(`Lighthouse CI: ${error}`);
      const { hits, misses } = proxy.stats();
      notes.push(`Edge cache: ${hits} answers from the cache, ${misses} from the local server (warming visits and pages the CDN may not keep included).`);
    }

    if (!args["no-load"]) results.apis = await loadApis(log, tools, base, order, loadSeconds);
    // Where people wait: the menu warm, each console tab, the console's six calls at its opening.
    const consoleFigures = await measureConsole(base, DEVELOPMENT_PASSWORD, log);
    for (const line of consoleReport(consoleFigures)) notes.push(line);
    // A diner signing in: the link request and a passkey's two calls, on the account functions and PostgreSQL.
    for (const line of dinerReport(await measureDinersOnStack(4418))) notes.push(line);
  } catch (error) {
    notes.push(`The run stopped early: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await proxy?.stop();
    await served?.stop();
    if (args.keep) log(`Kept the scratch copy at ${scratch.dir}`);
    else scratch.remove();
  }

  results.budgets = [...checkBudgets(results), ...lighthouseBudgets];
  notes.push(`Took ${Math.round((Date.now() - started) / 1000)} s.`);
  const report = renderReport(results);
  const outDir = join(ROOT, "bench-results");
  mkdirSync(outDir, { recursive: true });
  const stamp = results.date.replace(/[:.]/g, "-");
  writeFileSync(join(outDir, `${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, "latest.md"), report);
  process.stdout.write(report);
  log(`Saved bench-results/${stamp}.json (and latest.json, latest.md)`);
  const broken = results.budgets.filter((b) => b.status !== "pass");
  if (args.check) {
    log(broken.length ? `--check: ${broken.length} budget(s) broken or not measured` : "--check: every budget holds");
    return broken.length ? 1 : 0;
  }
  return 0;
}

process.exitCode = await main();
