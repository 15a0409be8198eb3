// `node tools/bench/static-pages.ts [runs] [path,path...]`: Lighthouse mobile (median of `runs`, default 5)
// on the prerendered public pages of a production build made without a database (content/, as a fresh
// checkout builds), served by the local router through the edge-cache proxy, as run.ts measures them. A
// file of its own: run.ts measures the functions first, whose test database it leaves in the environment
// that its build then inherits (a stopped database a build now refuses to publish from).
import { makeScratch, buildScratch } from "./scratch.ts";
import { serveBuilt } from "./serve.ts";
import { startCompressingProxy } from "./compress.ts";
import { runLighthouseCi } from "./lhci.ts";
import { ensureTools } from "./tools.ts";

const PORTS = { site: 4436 };
const CLOCK = "2026-11-21T16:00:00Z";
const runs = Number(process.argv[2] ?? 5);
const paths = (process.argv[3] ?? "/,/about,/gallery,/full-menu,/menu/hot-maple-flatbread,/near/brickell,/near,/privacy,/terms").split(",");
const log = (line: string) => console.error(line);

const tools = ensureTools(log);
const scratch = makeScratch();
try {
  await buildScratch(scratch.dir, { NETLIFY_DB_URL: "" });
  const served = await serveBuilt({ dir: scratch.dir, port: PORTS.site, clock: CLOCK, site: true, log: () => {} });
  const proxy = await startCompressingProxy(served.url);
  const rows: string[] = [];
  try {
    for (const path of paths) {
      await fetch(proxy.url + path).then((res) => res.arrayBuffer());
      await proxy.warm(path);
    }
    const { summaries, budgets } = await runLighthouseCi(tools, paths.map((path) => proxy.url + path), runs, {}, log);
    for (const path of paths) {
      const summary = summaries.get(proxy.url + path);
      if (!summary) continue;
      const { median, lowestPerformance, diagnostics, errors } = summary;
      if (median.cls > 0) for (const shift of diagnostics.layoutShifts) log(`    layout shift on ${path}: ${shift}`);
      rows.push(
        `| ${path} | ${median.scores.performance} | ${lowestPerformance} | ${Math.round(median.fcp)} | ${Math.round(median.lcp)} | ${Math.round(median.tbt)} | ${median.cls} | ${diagnostics.lcpElement ?? ""} | ${errors.length} |`,
      );
    }
    for (const budget of budgets.filter((b) => b.status !== "pass")) log(`  budget ${budget.status}: ${budget.name} ${budget.actual} (${budget.limit})`);
  } finally {
    await proxy.stop();
    await served.stop();
  }
  console.log(`Lighthouse mobile, median of ${runs} runs, prerendered pages through the edge cache (warm, brotli)\n`);
  console.log("| Page | Perf | Perf min | FCP ms | LCP ms | TBT ms | CLS | LCP element | Failed runs |");
  console.log("|------|------|----------|--------|--------|--------|-----|-------------|-------------|");
  for (const row of rows) console.log(row);
} finally {
  scratch.remove();
}
