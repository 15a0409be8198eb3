// `npm run bench [-- --check]`: builds the production site in a scratch copy, serves it with its functions
// and a real PostgreSQL through the local router (tools/bench/serve.ts), measures pages (Lighthouse
// through an edge cache that compresses as Netlify's CDN does), APIs, function bundles and cold starts,
// prints one table and saves JSON.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { launchBrowser } from "../../tests/support/browser.ts";
import { BUDGETS, judge, KB, type BudgetResult } from "./budgets.ts";
import { cacheRules, type CacheRule } from "./caching.ts";
import { startCompressingProxy } from "./compress.ts";
import { measureFunctions, VISITOR_FUNCTIONS, type FunctionBundle } from "./function-bundles.ts";
import { startLighthouse, type LighthouseSummary } from "./lighthouse.ts";
import { idempotencyKey, runLoad, type LoadBound, type LoadLevel, type LoadTarget } from "./load.ts";
import { measurePage, type PageWeight } from "./page-weight.ts";
import { consoleReport, measureConsole } from "./console.ts";
import { DEVELOPMENT_PASSWORD } from "../../src/server/staff/developmentPassword.ts";
import { renderReport } from "./report.ts";
import { makeScratch, ROOT } from "./scratch.ts";
import { buildSite, serveBuilt } from "./serve.ts";
import { ensureTools, type BenchTools } from "./tools.ts";

/** The bench's ports (the team's rule: 4416-4420). */
const PORTS = { site: 4416, chrome: 4419 };
/** Saturday 21 November 2026, 11:00 in Miami: the day menu is open, so an order can be served. */
const CLOCK = "2026-11-21T16:00:00Z";

export interface PageResult {
  label: string;
  path: string;
  /** Why the page was not measured, if it was not. */
  missing?: string;
  weight?: PageWeight;
  lighthouse?: LighthouseSummary;
}

export interface ApiResult {
  name: string;
  /** The functions bundled and served by the local router (tools/localNetlify.ts) on a real PostgreSQL. */
  server: "local router";
  missing?: string;
  cacheControl?: string;
  cdnCacheControl?: string;
  levels: LoadLevel[];
}

export interface BenchResults {
  date: string;
  source: string;
  clock: string;
  options: { lighthouseRuns: number; loadSeconds: number };
  pages: PageResult[];
  apis: ApiResult[];
  functions: FunctionBundle[];
  headers: CacheRule[];
  budgets: BudgetResult[];
  notes: string[];
}

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

type MenuItem = {
  id: number;
  name?: string;
  price?: number;
  priceCents?: number;
  inStock?: boolean;
  isAvailable?: boolean;
  category?: string;
  description?: string;
  section?: string;
  squareId?: string | null;
};

/** A one-dish cart as src/stores/cart.ts stores it: the checkout redirects to the menu without one. */
function cartStorage(item: MenuItem | undefined): Record<string, string> | undefined {
  if (!item) return undefined;
  const line = {
    id: item.id,
    name: item.name ?? "Dish",
    price: item.priceCents ?? Math.round((item.price ?? 0) * 100),
    category: item.category ?? "",
    description: item.description ?? "",
    quantity: 1,
    squareId: item.squareId ?? null,
    section: item.section ?? "jealous-fork",
    inStock: true,
  };
  return { "jealous-fork-cart": JSON.stringify({ items: [line], deliveryFee: 0 }) };
}

/** The items of GET /api/menu, whichever of the shapes the spec allows it answers with. */
function menuItems(body: unknown): MenuItem[] {
  const b = body as any;
  const list: any[] = Array.isArray(b) ? b : Array.isArray(b?.items) ? b.items : Array.isArray(b?.sections) ? b.sections.flatMap((s: any) => s.items ?? []) : [];
  return list.filter((item) => typeof item?.id === "number");
}

/** Each order of the load from a phone of its own (address and e-mail), as a lunch rush is: the per-client attempt limits are not what is measured. */
let orderer = 0;
function nextCustomer(): { address: string; email: string } {
  orderer += 1;
  return { address: `10.${(orderer >> 16) & 255}.${(orderer >> 8) & 255}.${orderer & 255}`, email: `bench+${orderer}@example.com` };
}

function orderBody(item: MenuItem, email = "bench@example.com"): string {
  const price = Math.round((item.price ?? 0) * 100);
  const tax = Math.round(price * 0.075);
  return JSON.stringify({
    items: [{ id: item.id, quantity: 1, name: item.name, price: item.price }],
    orderType: "pickup",
    customerInfo: { name: "Bench Visitor", email, phone: "305-555-0100" },
    paymentToken: "cnon:card-nonce-ok",
    subtotal: price / 100,
    tax: tax / 100,
    deliveryFee: 0,
    total: (price + tax) / 100,
  });
}

async function probe(url: string): Promise<{ status: number; type: string; text: string; headers: Headers } | { error: string }> {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text(), headers: res.headers };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A page is there when it answers 200 with HTML of its own (not a fallback to the home page). */
async function pageStatus(base: string, path: string, homeHtml: string | undefined): Promise<string | undefined> {
  const res = await probe(base + path);
  if ("error" in res) return `no answer (${res.error})`;
  if (res.status !== 200) return `answers ${res.status}`;
  if (!res.type.includes("html")) return `answers ${res.type}, not HTML`;
  if (path !== "/" && homeHtml !== undefined && res.text === homeHtml) return "falls back to the home page";
  return undefined;
}

async function choosePages(base: string): Promise<PageResult[]> {
  const home = await probe(`${base}/`);
  const homeHtml = "text" in home ? home.text : undefined;
  const pages: PageResult[] = [];
  for (const [label, path] of [["home", "/"], ["full menu", "/full-menu"]]) pages.push({ label, path, missing: await pageStatus(base, path, homeHtml) });
  const areas: { slug: string }[] = JSON.parse(readFileSync(join(ROOT, "content", "areas.json"), "utf8"));
  const candidates = [...new Set(["south-beach", "brickell", "coral-gables", ...areas.map((a) => a.slug)])];
  let near: PageResult = { label: "near", path: `/near/${candidates[0]}`, missing: "" };
  for (const slug of candidates.slice(0, 6)) {
    const missing = await pageStatus(base, `/near/${slug}`, homeHtml);
    near = { label: "near", path: `/near/${slug}`, missing };
    if (!missing) break;
  }
  pages.push(near);
  // One dish's page (/menu/{slug}): the whole menu again, brought to that dish.
  const menu: { slug: string }[] = JSON.parse(readFileSync(join(ROOT, "content", "menu.json"), "utf8"));
  const dish = menu.find((item) => item.slug === "key-lime-pie") ?? menu[0];
  if (dish) pages.push({ label: "dish", path: `/menu/${dish.slug}`, missing: await pageStatus(base, `/menu/${dish.slug}`, homeHtml) });
  for (const path of ["/privacy", "/terms"]) pages.push({ label: path.slice(1), path, missing: await pageStatus(base, path, homeHtml) });
  pages.push({ label: "checkout", path: "/checkout", missing: await pageStatus(base, "/checkout", homeHtml) });
  // The Spanish pages hold the same budgets (issue 27): home, full menu, a neighbourhood, a dish and checkout in Spanish.
  const spanish = [["home (es)", "/es"], ["full menu (es)", "/es/full-menu"], ["near (es)", `/es${near.path}`], ...(dish ? [["dish (es)", `/es/menu/${dish.slug}`]] : []), ["checkout (es)", "/es/checkout"]];
  for (const [label, path] of spanish) {
    pages.push({ label, path, missing: await pageStatus(base, path, homeHtml) });
  }
  return pages;
}

/** Places one real order through POST /api/orders (local sandbox gateway) so there is a confirmation page. */
async function placeOrder(base: string, items: MenuItem[]): Promise<{ orderId?: string; item?: MenuItem; problem?: string }> {
  const candidates = items.filter((i) => i.inStock !== false && i.isAvailable !== false).slice(0, 8);
  if (!candidates.length) return { problem: "GET /api/menu gave no orderable item" };
  let problem = "";
  for (const item of candidates) {
    try {
      const res = await fetch(`${base}/api/orders`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": idempotencyKey(), origin: base },
        body: orderBody(item),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status === 404 && !text.includes("{")) return { problem: "POST /api/orders is missing (404)" };
      if (res.ok) {
        const orderId = (JSON.parse(text) as { orderId?: string }).orderId;
        if (orderId) return { orderId, item };
        problem = `POST /api/orders answered ${res.status} without an orderId`;
      } else problem = `POST /api/orders answered ${res.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      problem = `POST /api/orders failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return { problem };
}

async function loadApi(tools: BenchTools, base: string, server: ApiResult["server"], target: LoadTarget, bound: (connections: number) => LoadBound): Promise<ApiResult> {
  const api: ApiResult = { name: target.name, server, levels: [] };
  if (target.method === "GET") {
    const warm = await probe(base + target.path);
    if ("error" in warm) api.missing = `no answer (${warm.error})`;
    else if (warm.status === 404) api.missing = "missing (404)";
    else {
      api.cacheControl = warm.headers.get("cache-control") ?? undefined;
      api.cdnCacheControl = warm.headers.get("netlify-cdn-cache-control") ?? undefined;
    }
  }
  if (api.missing) return api;
  for (const connections of [1, 20]) {
    const b = bound(connections);
    log(`Load ${target.name} on ${server}, ${connections} client(s), ${"seconds" in b ? `${b.seconds} s` : `${b.amount} requests`}`);
    api.levels.push(await runLoad(tools, base, target, connections, b));
  }
  return api;
}

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
      const lighthouse = await startLighthouse(tools, PORTS.chrome);
      try {
        for (const page of results.pages.filter((p) => !p.missing)) {
          log(`  ${page.path}`);
          page.lighthouse = await lighthouse.audit(proxy.url + page.path, runs, { localStorage: page.path.endsWith("/checkout") ? cart : undefined });
          for (const error of page.lighthouse.errors) log(`    run failed: ${error}`);
        }
      } finally {
        await lighthouse.close();
      }
      const { hits, misses } = proxy.stats();
      notes.push(`Edge cache: ${hits} answers from the cache, ${misses} from the local server (warming visits and pages the CDN may not keep included).`);
    }

    if (!args["no-load"]) {
      const orderTarget = (origin: string): LoadTarget | undefined => {
        const item = order.item;
        if (!item) return undefined;
        return {
          name: "POST /api/orders",
          method: "POST",
          path: "/api/orders",
          next: () => {
            const customer = nextCustomer();
            return {
              body: orderBody(item, customer.email),
              headers: { "content-type": "application/json", "idempotency-key": idempotencyKey(), origin, "x-nf-client-connection-ip": customer.address },
            };
          },
        };
      };
      const targetsFor = (origin: string): LoadTarget[] =>
        [
          { name: "GET /api/menu", method: "GET", path: "/api/menu" } as LoadTarget,
          { name: "GET /api/featured-items", method: "GET", path: "/api/featured-items" } as LoadTarget,
          orderTarget(origin),
        ].filter((t): t is LoadTarget => Boolean(t));
      for (const target of targetsFor(base)) {
        results.apis.push(await loadApi(tools, base, "local router", target, () => ({ seconds: loadSeconds })));
      }
      if (!order.item) results.apis.push({ name: "POST /api/orders", server: "local router", missing: order.problem, levels: [] });
    }
    // Where people wait: the menu warm, each console tab, the console's six calls at its opening.
    const consoleFigures = await measureConsole(base, DEVELOPMENT_PASSWORD, log);
    for (const line of consoleReport(consoleFigures)) notes.push(line);
  } catch (error) {
    notes.push(`The run stopped early: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await proxy?.stop();
    await served?.stop();
    if (args.keep) log(`Kept the scratch copy at ${scratch.dir}`);
    else scratch.remove();
  }

  results.budgets = checkBudgets(results);
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

/** Pages about one order: kept out of search results (noindex) and held to a lower performance bar. */
const isOrderPage = (page: PageResult) => page.path.endsWith("/checkout") || page.label === "confirmation";

function checkBudgets(results: BenchResults): BudgetResult[] {
  const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
  const score = (v: number) => String(v);
  const home = results.pages.find((p) => p.path === "/");
  const out: BudgetResult[] = [
    judge("Home JS after scrolling to the bottom (gzip)", "<= 90 KB", home?.weight?.scrolled?.js.gzip, (v) => v <= BUDGETS.homeJsAfterScrollGzip, kb),
    judge("Home weight on a phone, scrolled to the bottom", "< 500 KB", home?.weight?.scrolled?.weight, (v) => v < BUDGETS.homeWeightPhone, kb),
  ];
  for (const name of VISITOR_FUNCTIONS) {
    const fn = results.functions.find((f) => f.name === name);
    out.push(judge(`${name} function cold start (first answer)`, `< ${BUDGETS.coldStartMs} ms`, fn?.cold?.firstAnswerMs, (v) => v < BUDGETS.coldStartMs, (v) => `${Math.round(v)} ms`));
  }
  // Pages skipped on purpose (--pages) are not judged; pages that should be there and are not, are.
  for (const page of results.pages.filter((p) => p.missing !== "skipped (--pages)")) {
    const name = page.path;
    const lh = page.lighthouse?.runs ? page.lighthouse : undefined;
    const order = isOrderPage(page);
    // The checkout and confirmation are React screens by nature (the card form, the live status): Lighthouse judges them.
    if (!order) out.push(judge(`${name} JS before interaction (gzip)`, "<= 15 KB", page.weight?.initial.js.gzip, (v) => v <= BUDGETS.jsBeforeInteractionGzip, kb));
    const spanish = page.path.startsWith("/es");
    const htmlBudget = spanish ? BUDGETS.htmlRawSpanish : BUDGETS.htmlRaw;
    if (!order) out.push(judge(`${name} HTML (raw)`, `<= ${htmlBudget / KB} KB`, page.weight?.document?.raw, (v) => v <= htmlBudget, kb));
    if (results.options.lighthouseRuns === 0) continue;
    const perf = order ? BUDGETS.performanceCheckout : BUDGETS.performance;
    out.push(judge(`${name} performance (median)`, `>= ${perf}`, lh?.median.scores.performance, (v) => v >= perf, score));
    if (!order) out.push(judge(`${name} performance (lowest run)`, `>= ${BUDGETS.performanceLowestRun}`, lh?.lowestPerformance, (v) => v >= BUDGETS.performanceLowestRun, score));
    out.push(judge(`${name} accessibility`, "100", lh?.median.scores.accessibility, (v) => v >= BUDGETS.accessibility, score));
    out.push(judge(`${name} best practices`, "100", lh?.median.scores["best-practices"], (v) => v >= BUDGETS.bestPractices, score));
    // Checkout and confirmation are rightly kept out of search results (noindex), which Lighthouse's SEO score counts against them.
    if (!order) out.push(judge(`${name} SEO`, "100", lh?.median.scores.seo, (v) => v >= BUDGETS.seo, score));
    if (!order) out.push(judge(`${name} LCP`, `<= ${BUDGETS.lcpMs / 1000} s`, lh?.median.lcp, (v) => v <= BUDGETS.lcpMs, (v) => `${(v / 1000).toFixed(2)} s`));
    if (!order) out.push(judge(`${name} CLS`, "< 0.01", lh?.median.cls, (v) => v < BUDGETS.cls, (v) => v.toFixed(3)));
  }
  return out;
}

process.exitCode = await main();
