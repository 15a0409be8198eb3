// Each function's code as esbuild bundles it (everything it imports, node: built-ins aside), and its cold
// start: a new Node process that loads the function and answers one request, timed from the process's
// own start (performance.now(), which counts from it) to the answer's last byte, on a real PostgreSQL
// the bench starts once. The bundle is split at dynamic import(): "at start" is what a cold start loads,
// "lazy" what only some paths load later (the Square SDK for a payment, the order schema for a POST...).
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { startLocalBlobs } from "../../tests/support/blobs.ts";
import { startTestDatabase, stopOwnTestServer } from "../../tests/support/database.ts";

export interface ColdStart {
  /** The request made: method and path. */
  request: string;
  status: number;
  /** From the process's start to the answer's last byte (Node's own start included). */
  firstAnswerMs: number;
  /** Of which: loading the function's module and everything it imports at start. */
  importMs: number;
}

export interface FunctionBundle {
  name: string;
  /** Minified bytes loaded at start (the entry and the chunks it imports statically). */
  raw: number;
  gzip: number;
  /** Minified bytes behind dynamic import(), loaded only by the paths that need them. */
  lazy: number;
  /** The largest packages or folders loaded at start, with their minified bytes. */
  largest: { input: string; bytes: number }[];
  /** Median over the cold processes (see COLD_RUNS). */
  cold?: ColdStart;
  error?: string;
}

/** Cold processes per function: the median is reported. */
const COLD_RUNS = 3;

/** The functions every visitor reaches, held to a cold start under 150 ms locally. */
export const VISITOR_FUNCTIONS = ["menu", "featured-items", "orders", "order"] as const;

/** node_modules/square/api/... -> square; src/server/orders.ts -> src/server. */
function groupOf(input: string): string {
  const parts = input.split("/");
  const at = parts.lastIndexOf("node_modules");
  if (at >= 0) return parts[at + 1]?.startsWith("@") ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]!;
  return parts.slice(0, Math.min(2, parts.length - 1)).join("/") || input;
}

/** The outputs a chunk loads before it runs (its static imports, transitively). */
function staticClosure(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entry);
  return seen;
}

export interface ColdRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  params?: Record<string, string>;
}

/** What a function is asked on its cold start: its own path (parameters as "1"), with its first method. */
function requestFor(config: { path?: string | string[]; method?: string | string[] }): ColdRequest {
  const path = [config.path].flat()[0]!.replace(/:(\w+)/g, "1");
  const method = config.method ? [config.method].flat()[0]!.toUpperCase() : "GET";
  return { method, path, headers: method === "GET" ? undefined : { "content-type": "application/json", origin: "http://127.0.0.1:4416" }, body: method === "GET" ? undefined : "{}" };
}

/** A function's config.path and config.method, read from its source without loading it here. */
function configOf(source: string): { path?: string | string[]; method?: string | string[] } | undefined {
  const literal = (key: string) => {
    const found = new RegExp(`${key}:\\s*(\\[[^\\]]*\\]|"[^"]*")`).exec(source)?.[1];
    return found ? (JSON.parse(found.replace(/,\s*\]/, "]")) as string | string[]) : undefined;
  };
  const path = literal("path");
  return path ? { path, method: literal("method") } : undefined;
}

function runCold(file: string, spec: ColdRequest, env: NodeJS.ProcessEnv): Promise<ColdStart & { body: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, "cold-start.mjs"), file, JSON.stringify(spec)], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || !line) {
        // The error's own line (its message), then where it was thrown.
        const lines = err.trim().split("\n");
        const message = lines.find((l) => /\b\w*Error\b|Exception/.test(l)) ?? "";
        return reject(new Error(`exited ${code}: ${message} ${lines.slice(-3).join(" ")}`.trim()));
      }
      resolve({ request: `${spec.method} ${spec.path}`, ...(JSON.parse(line) as Omit<ColdStart, "request"> & { body: string }) });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface MeasureOptions {
  clock: string;
  log: (line: string) => void;
  /** A new order (its own Idempotency-Key) from GET /api/menu's answer: the cold POST /api/orders, whose order the order read then reads. */
  orderRequest?: (menuAnswer: unknown) => ColdRequest | undefined;
  /** Bundle sizes only, no cold starts. */
  sizesOnly?: boolean;
}

export async function measureFunctions(dir: string, options: MeasureOptions = { clock: new Date().toISOString(), log: () => {} }): Promise<FunctionBundle[]> {
  const folder = join(dir, "netlify", "functions");
  let files: string[];
  try {
    files = readdirSync(folder).filter((f) => /\.(mts|ts|mjs|js|cjs|cts)$/.test(f) && !/\.test\./.test(f)).sort();
  } catch {
    return [];
  }
  const outRoot = join(dir, ".bench-cold");
  rmSync(outRoot, { recursive: true, force: true });
  const bundles: FunctionBundle[] = [];
  const entries = new Map<string, string>();
  for (const file of files) {
    const name = file.replace(/\.[^.]+$/, "");
    try {
      const outdir = join(outRoot, name);
      mkdirSync(outdir, { recursive: true });
      const result = await build({
        entryPoints: { [name]: join(folder, file) },
        absWorkingDir: dir,
        bundle: true,
        splitting: true,
        platform: "node",
        format: "esm",
        target: "node24",
        minify: true,
        outdir,
        metafile: true,
        logLevel: "silent",
        // Some CommonJS packages call require() on Node built-ins; ESM output needs one.
        banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
      });
      // The function's own chunk: the targets of its dynamic import()s are entry points in the metafile too.
      const entry = Object.keys(result.metafile.outputs).find((out) => result.metafile.outputs[out]!.entryPoint === `netlify/functions/${file}`);
      if (!entry) throw new Error("no entry chunk");
      const atStart = staticClosure(result.metafile, entry);
      let raw = 0;
      let lazy = 0;
      let gzip = 0;
      const groups = new Map<string, number>();
      for (const [out, meta] of Object.entries(result.metafile.outputs)) {
        if (out.endsWith(".map")) continue;
        if (!atStart.has(out)) {
          lazy += meta.bytes;
          continue;
        }
        raw += meta.bytes;
        gzip += gzipSync(readFileSync(join(dir, out))).length;
        for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytesInOutput);
      }
      const largest = [...groups].map(([input, bytes]) => ({ input, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, 3);
      bundles.push({ name, raw, gzip, lazy, largest });
      entries.set(name, join(dir, entry));
    } catch (error) {
      bundles.push({ name, raw: Number.NaN, gzip: Number.NaN, lazy: Number.NaN, largest: [], error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    }
  }
  if (options.sizesOnly) return bundles;

  // One database for every cold process, seeded from content/ by a first request (as a deployed
  // database is long before any cold start), and a Blobs server.
  const [database, blobs] = await Promise.all([startTestDatabase(), startLocalBlobs()]);
  const env: NodeJS.ProcessEnv = { ...process.env, RESTAURANT_CLOCK: options.clock, NODE_ENV: "production" };
  try {
    const given: Record<string, () => ColdRequest> = {};
    const menu = entries.get("menu");
    // The seeding request (not counted): the first use of an empty database fills it from content/.
    const menuAnswer = menu ? await runCold(menu, { method: "GET", path: "/api/menu" }, env).catch(() => undefined) : undefined;
    let orderId: string | undefined;
    if (menuAnswer && options.orderRequest) {
      const parsed = JSON.parse(menuAnswer.body) as unknown;
      if (options.orderRequest(parsed)) given.orders = () => options.orderRequest!(parsed)!;
    }
    // The order read reads the order the cold POST placed (measured after it).
    const order = bundles.findIndex((b) => b.name === "order");
    const ordered = bundles.findIndex((b) => b.name === "orders");
    if (order >= 0 && ordered > order) bundles.splice(ordered + 1, 0, ...bundles.splice(order, 1));
    for (const bundle of bundles) {
      const file = entries.get(bundle.name);
      const config = configOf(readFileSync(join(folder, files.find((f) => f.replace(/\.[^.]+$/, "") === bundle.name)!), "utf8"));
      // Scheduled and event functions answer no request of a visitor.
      if (!file || !config) continue;
      if (bundle.name === "order" && orderId) given.order = () => ({ method: "GET", path: `/api/orders/${orderId}`, params: { id: orderId! } });
      const samples: (ColdStart & { body: string })[] = [];
      try {
        for (let i = 0; i < COLD_RUNS; i++) samples.push(await runCold(file, given[bundle.name]?.() ?? requestFor(config), env));
        if (bundle.name === "orders") orderId = (JSON.parse(samples[0]!.body) as { orderId?: string }).orderId;
        const firstAnswerMs = median(samples.map((s) => s.firstAnswerMs));
        const { body: _body, ...chosen } = samples.find((s) => s.firstAnswerMs === firstAnswerMs)!;
        bundle.cold = { ...chosen, importMs: median(samples.map((s) => s.importMs)) };
        options.log(`  ${bundle.name}: ${bundle.cold.request} -> ${bundle.cold.status} in ${firstAnswerMs.toFixed(0)} ms cold (import ${bundle.cold.importMs.toFixed(0)} ms)`);
      } catch (error) {
        bundle.error = `cold start failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
      }
    }
    bundles.sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    await Promise.all([database.stop(), blobs.stop()]);
    // The PostgreSQL server this process started for them: left running, it outlived the bench.
    await stopOwnTestServer();
  }
  return bundles;
}
