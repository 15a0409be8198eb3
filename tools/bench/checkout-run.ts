// `npm run bench:checkout [-- --ref <rev>] [-- --keep]`: only the checkout's ready-to-type measure
// (tools/bench/checkoutReady.ts) on a production build, English and Spanish, in a few minutes instead of
// the whole bench. Prints the median of 3 and what the checkout loaded before it took typing.
import { parseArgs } from "node:util";
import { launchBrowser } from "../../tests/support/browser.ts";
import { checkoutReadyReport, measureCheckoutReady } from "./checkoutReady.ts";
import { startCompressingProxy } from "./compress.ts";
import { makeScratch } from "./scratch.ts";
import { buildSite, serveBuilt } from "./serve.ts";
import { cartStorage, menuItems } from "./site.ts";

const { values: args } = parseArgs({ options: { ref: { type: "string" }, keep: { type: "boolean", default: false } } });
const log = (line: string) => process.stderr.write(`${line}\n`);
const scratch = makeScratch(args.ref);
/** Saturday 11:00 in Miami: the kitchens are open (the browser and the functions share it). */
const CLOCK = "2026-11-21T16:00:00Z";
let served: Awaited<ReturnType<typeof serveBuilt>> | undefined;
let proxy: Awaited<ReturnType<typeof startCompressingProxy>> | undefined;
try {
  log(`Building ${scratch.source} in ${scratch.dir}`);
  await buildSite(scratch.dir, log);
  served = await serveBuilt({ dir: scratch.dir, port: Number(process.env.BENCH_CHECKOUT_PORT ?? 4436), clock: CLOCK, site: true, log });
  const menu = menuItems(await (await fetch(`${served.url}/api/menu`)).json());
  const cart = cartStorage(menu.find((item) => item.isAvailable !== false && item.inStock !== false));
  if (!cart) throw new Error("GET /api/menu has no dish to put in a cart");
  // As the CDN sends it: brotli, the static files kept at the edge.
  proxy = await startCompressingProxy(served.url);
  const browser = await launchBrowser();
  try {
    for (const path of ["/checkout", "/es/checkout"]) {
      const figures = await measureCheckoutReady(browser, proxy.url, cart, CLOCK, path);
      for (const line of checkoutReadyReport(path, figures)) console.log(line);
      for (const request of figures.requests.sort((a, b) => a.ms - b.ms)) console.log(`  ${String(request.ms).padStart(5)} ms  ${String(request.bytes).padStart(7)} B  ${request.path}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await proxy?.stop();
  await served?.stop();
  if (args.keep) log(`Kept ${scratch.dir}`);
  else scratch.remove();
}
process.exit();
