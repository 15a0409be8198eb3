// Lighthouse through Lighthouse CI (@lhci/cli, a bench tool): `lhci collect` runs Lighthouse mobile (its
// default: Moto G Power viewport, simulated slow 4G and 4x CPU) on Debian's Chromium, which puppeteer
// launches with lighthouserc.json's flags (kept on 127.0.0.1: every other host resolves nowhere, any proxy
// use fails), and `lhci assert` judges the runs against
// tools/bench/lighthouserc.json: the Lighthouse budgets live in that file's assertions. The URLs, the
// number of runs and the localStorage script (lhci-storage.cjs: the checkout needs a cart) are passed on
// the command line, as they change with each run.
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BudgetResult } from "./budgets.ts";
import { summarize, type LighthouseSummary } from "./lhr.ts";
import type { BenchTools } from "./tools.ts";

const RC = join(import.meta.dirname, "lighthouserc.json");
const STORAGE_SCRIPT = join(import.meta.dirname, "lhci-storage.cjs");

export interface LighthouseCiResult {
  /** Each page's figures, by the URL asked for. */
  summaries: Map<string, LighthouseSummary>;
  /** One line per assertion of lighthouserc.json and page, as lhci assert judged it. */
  budgets: BudgetResult[];
  /** lhci's own failures (a run that could not start, an assert that could not read the runs). */
  errors: string[];
}

/** One assertion's outcome in .lighthouseci/assertion-results.json. */
interface AssertionResult {
  url: string;
  auditId: string;
  auditProperty?: string;
  name: string;
  operator: string;
  expected: number;
  actual: number;
  passed: boolean;
  level: string;
}

function lhci(tools: BenchTools, args: string[], cwd: string, env: Record<string, string>, log: (line: string) => void): Promise<number> {
  const cli = join(tools.dir, "node_modules", "@lhci", "cli", "src", "cli.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) log(`    lhci: ${line.trimEnd()}`);
    };
    child.stdout.on("data", relay);
    child.stderr.on("data", relay);
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const SCORE_NAMES: Record<string, string> = { performance: "performance", accessibility: "accessibility", "best-practices": "best practices", seo: "SEO" };

/** lhci's aggregation methods in the report's words. */
const AGGREGATIONS: Record<string, string> = { median: "median", pessimistic: "lowest run", optimistic: "best run" };

/** A budget line in the report's words: `/full-menu performance (median)`, `>= 100`, `99`. */
function budgetLine(path: string, result: AssertionResult, aggregation: string): BudgetResult {
  const category = result.auditId === "categories" ? result.auditProperty : undefined;
  const label = category ? (SCORE_NAMES[category] ?? category) : result.auditId === "largest-contentful-paint" ? "LCP" : result.auditId === "cumulative-layout-shift" ? "CLS" : result.auditId;
  const format = (v: number) => (category ? String(Math.round(v * 100)) : result.auditId === "cumulative-layout-shift" ? v.toFixed(3) : result.auditId === "largest-contentful-paint" ? `${(v / 1000).toFixed(2)} s` : String(v));
  const actual = Number.isFinite(result.actual) ? format(result.actual) : "not measured";
  const limit = result.auditId === "cumulative-layout-shift" ? String(result.expected) : format(result.expected);
  return { name: `${path} ${label} (${AGGREGATIONS[aggregation] ?? aggregation})`, limit: `${result.operator} ${limit}`, actual, status: result.passed ? "pass" : Number.isFinite(result.actual) ? "fail" : "missing" };
}

/** Which aggregation each assertion of a URL uses, as lighthouserc.json says (lhci's results do not name it). */
function aggregations(url: string): string[] {
  const rc = JSON.parse(readFileSync(RC, "utf8"));
  const out: string[] = [];
  for (const entry of rc.ci.assert.assertMatrix) {
    if (!new RegExp(entry.matchingUrlPattern).test(url)) continue;
    for (const [key, [, options]] of Object.entries<[string, { aggregationMethod?: string }]>(entry.assertions)) out.push(`${key}:${options.aggregationMethod ?? "optimistic"}`);
  }
  return out;
}

/**
 * Collects `runs` Lighthouse runs of each URL and asserts the budgets. `localStorage` maps a path to the
 * entries its origin's localStorage holds while that page is measured; `cookies` maps a path and query
 * (`/account?as=diner`) to the one cookie sent with it (`name=value`). With BENCH_LHR_DIR set, lhci's
 * folder (every run's whole report) is copied there.
 */
export async function runLighthouseCi(
  tools: BenchTools,
  urls: string[],
  runs: number,
  localStorage: Record<string, Record<string, string>>,
  log: (line: string) => void,
  cookies: Record<string, string> = {},
): Promise<LighthouseCiResult> {
  const dir = mkdtempSync(join(tmpdir(), "jealous-fork-lhci-"));
  const errors: string[] = [];
  // lhci works out a default Chrome before it reads lighthouserc.json, and with a puppeteer script that
  // default asks puppeteer for a Chrome of its own, which is not installed: CHROME_PATH answers first.
  const env = { BENCH_LOCAL_STORAGE: JSON.stringify(localStorage), BENCH_COOKIES: JSON.stringify(cookies), CHROME_PATH: process.env.CHROME_PATH ?? JSON.parse(readFileSync(RC, "utf8")).ci.collect.chromePath };
  try {
    // lhci reads the script from a path relative to its working folder.
    copyFileSync(STORAGE_SCRIPT, join(dir, "lhci-storage.cjs"));
    const collected = await lhci(tools, ["collect", `--config=${RC}`, `--numberOfRuns=${runs}`, "--puppeteerScript=lhci-storage.cjs", ...urls.map((url) => `--url=${url}`)], dir, env, log);
    if (collected !== 0) errors.push(`lhci collect exited with ${collected}`);
    const store = join(dir, ".lighthouseci");
    const lhrs = existsSync(store) ? readdirSync(store).filter((name) => /^lhr-.*\.json$/.test(name)).map((name) => JSON.parse(readFileSync(join(store, name), "utf8"))) : [];
    const summaries = new Map<string, LighthouseSummary>();
    for (const url of urls) summaries.set(url, summarize(lhrs.filter((lhr) => lhr.requestedUrl === url)));

    const asserted = await lhci(tools, ["assert", `--config=${RC}`], dir, env, log);
    const resultsFile = join(store, "assertion-results.json");
    const results: AssertionResult[] = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, "utf8")) : [];
    if (!results.length) errors.push(`lhci assert exited with ${asserted} and no results`);
    const budgets: BudgetResult[] = [];
    for (const url of urls) {
      // The query names a variant of a page (`/account?as=diner`, signed in).
      const path = new URL(url).pathname + new URL(url).search;
      const methods = aggregations(url);
      // lhci names a page by the URL Lighthouse ended on; the checkout keeps its own.
      const mine = results.filter((result) => new URL(result.url).pathname + new URL(result.url).search === path);
      for (const result of mine) {
        const key = `${result.auditId === "categories" ? `categories:${result.auditProperty}` : result.auditId}:`;
        const index = methods.findIndex((m) => m.startsWith(key));
        const method = index >= 0 ? methods.splice(index, 1)[0]!.slice(key.length) : "";
        budgets.push(budgetLine(path, result, method));
      }
    }
    if (process.env.BENCH_LHR_DIR && existsSync(store)) cpSync(store, process.env.BENCH_LHR_DIR, { recursive: true });
    return { summaries, budgets, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
