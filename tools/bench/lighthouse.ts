// Lighthouse in mobile mode (its default: Moto G Power viewport, simulated slow 4G and 4x CPU) on
// Debian's Chromium, kept on 127.0.0.1: every other host resolves nowhere and any proxy use fails.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM_FLAGS } from "../../tests/support/browser.ts";
import type { BenchTools } from "./tools.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface Finding {
  id: string;
  title: string;
  /** Selectors or URLs of the offending nodes, as Lighthouse names them. */
  items: string[];
}

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement?: string;
  layoutShifts: string[];
  /** Audits below a full score in accessibility, best practices and SEO. */
  failing: Finding[];
  /** Performance opportunities with an estimated saving, largest first. */
  opportunities: Finding[];
}

export interface LighthouseSummary {
  runs: number;
  /** Each figure is the median of its own values over the runs. */
  median: Omit<LighthouseRun, "lcpElement" | "layoutShifts" | "failing" | "opportunities">;
  /** The lowest performance score of the runs ("no run below"). */
  lowestPerformance: number;
  /** Diagnostics of the run whose performance score is the median one. */
  diagnostics: Pick<LighthouseRun, "lcpElement" | "layoutShifts" | "failing" | "opportunities">;
  errors: string[];
}

export interface AuditOptions {
  /** localStorage of the page's origin during the runs (the checkout needs a cart, or it redirects). */
  localStorage?: Record<string, string>;
}

export interface Lighthouse {
  audit(url: string, runs: number, options?: AuditOptions): Promise<LighthouseSummary>;
  close(): Promise<void>;
}

const CHROME_FLAGS = [
  "--headless=new",
  ...CHROMIUM_FLAGS,
  // Nothing leaves the machine: names other than localhost do not resolve, and anything that would
  // go out goes to a proxy that does not exist (loopback is never proxied).
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  "--proxy-server=http://127.0.0.1:9",
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
  if (!path) throw new Error("Chromium is missing: install Debian's chromium package (see README).");
  return path;
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function nodeLabel(item: any): string | undefined {
  const node = item?.node ?? item;
  if (node?.type === "node") return node.selector ? `${node.selector}${node.snippet ? ` ${String(node.snippet).slice(0, 120)}` : ""}` : node.snippet;
  // A Content-Security-Policy refusal names the hash the policy lacks: that is the actionable part.
  const csp = typeof item?.description === "string" && /Content Security Policy/.test(item.description) ? [...item.description.matchAll(/'(sha256-[^']+)'/g)].at(-1)?.[1] : undefined;
  if (csp) return `${item.source?.url ?? item.url ?? ""} CSP refused an inline script: script-src lacks '${csp}'`.trim();
  // Console errors and failed requests: where, then what.
  if (typeof item?.description === "string") return `${item.source?.url ?? item.url ?? item.sourceLocation?.url ?? ""} ${item.description}`.trim().slice(0, 240);
  // robots.txt errors: the line and what is wrong with it.
  if (typeof item?.message === "string") return `${item.line ?? ""} -> ${item.message}`.trim();
  if (typeof item?.url === "string") return item.url;
  if (typeof item?.source?.url === "string") return item.source.url;
  return undefined;
}

const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);

function itemsOf(audit: any): string[] {
  const labels: string[] = [];
  for (const item of list(audit?.details?.items)) {
    // Chrome's Issues panel: the kind of issue, then where.
    if (typeof item?.issueType === "string") {
      labels.push(`${item.issueType}${list(item.subItems?.items).length ? ` (${list(item.subItems.items).map((sub) => sub?.url ?? sub?.request?.url ?? "").filter(Boolean).slice(0, 2).join(", ")})` : ""}`);
      continue;
    }
    const direct = nodeLabel(item);
    if (direct) labels.push(direct);
    // Accessibility audits nest the offending nodes under subItems in some versions.
    for (const sub of list(item?.subItems?.items)) {
      const label = nodeLabel(sub);
      if (label) labels.push(label);
    }
  }
  return [...new Set(labels)].slice(0, 8);
}

/** The first DOM node anywhere in an audit's details (the LCP insight nests it beside its table). */
function firstNode(details: any, depth = 0): string | undefined {
  if (!details || typeof details !== "object" || depth > 4) return undefined;
  if (details.type === "node") return nodeLabel(details);
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map((v) => firstNode(v, depth + 1)).find(Boolean) : firstNode(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** LCP subparts (time to first byte, load delay, load duration, render delay) in ms. */
function lcpPhases(details: any, depth = 0): string[] {
  if (!details || typeof details !== "object" || depth > 4) return [];
  const rows = list(details.items).filter((row) => typeof row?.duration === "number" && (row.label || row.subpart));
  if (rows.length) return rows.map((row) => `${typeof row.label === "string" ? row.label : (row.label?.formattedDefault ?? row.subpart)} ${Math.round(row.duration)} ms`);
  for (const value of list(details.items)) {
    const found = lcpPhases(value, depth + 1);
    if (found.length) return found;
  }
  return [];
}

function readRun(lhr: any): LighthouseRun {
  const audits = lhr.audits;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)])) as LighthouseRun["scores"];
  const failing: Finding[] = [];
  for (const category of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push({ id: `${category}/${ref.id}`, title: `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.explanation ? ` ${audit.explanation}` : ""}`, items: itemsOf(audit) });
    }
  }
  const opportunities: Finding[] = Object.values(audits as Record<string, any>)
    .filter((a) => (a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) + (a.metricSavings?.TBT ?? 0) + (a.metricSavings?.CLS ?? 0) > 0 && a.score !== null && a.score < 1)
    .sort((a, b) => (b.metricSavings?.LCP ?? 0) + (b.metricSavings?.FCP ?? 0) - ((a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0)))
    .slice(0, 6)
    .map((a) => ({ id: a.id, title: `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`, items: itemsOf(a) }));
  const lcpDetails = audits["lcp-breakdown-insight"]?.details ?? audits["largest-contentful-paint-element"]?.details;
  const phases = lcpPhases(lcpDetails);
  const lcpNode = firstNode(lcpDetails);
  const lcpElement = lcpNode ? `${lcpNode}${phases.length ? ` [${phases.join(", ")}]` : ""}` : undefined;
  return {
    scores,
    fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpElement,
    layoutShifts: itemsOf(audits["layout-shifts"]),
    failing,
    opportunities,
  };
}

/** With BENCH_LHR_DIR set, each run's whole report is kept there (to read Lighthouse's network and metric details). */
function saveReport(dir: string, url: string, run: number, lhr: unknown): void {
  mkdirSync(dir, { recursive: true });
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
  writeFileSync(join(dir, `${name}-${run + 1}.json`), JSON.stringify(lhr));
}

export async function startLighthouse(tools: BenchTools, port: number): Promise<Lighthouse> {
  const { default: lighthouse } = await tools.load("lighthouse");
  const { launch } = await tools.load("chrome-launcher");
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, port, logLevel: "silent" });
  /** Replaces the origin's localStorage. Lighthouse's storage reset leaves localStorage alone (its default clearStorageTypes). */
  async function setLocalStorage(origin: string, entries: Record<string, string>): Promise<void> {
    const { default: puppeteer } = await tools.load("puppeteer-core");
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate((values: Record<string, string>) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, entries);
      await page.close();
    } finally {
      await browser.disconnect();
    }
  }
  return {
    async audit(url, runs, options = {}) {
      const results: LighthouseRun[] = [];
      const errors: string[] = [];
      const origin = new URL(url).origin;
      await setLocalStorage(origin, options.localStorage ?? {});
      for (let i = 0; i < runs; i++) {
        try {
          const result = await lighthouse(url, {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
            // The full-page screenshot resizes the window, which would wake client:visible islands.
            disableFullPageScreenshot: true,
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error("no report");
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          if (process.env.BENCH_LHR_DIR) saveReport(process.env.BENCH_LHR_DIR, url, i, lhr);
          results.push(readRun(lhr));
        } catch (error) {
          errors.push(error instanceof Error ? error.message : String(error));
        }
      }
      const pick = (f: (r: LighthouseRun) => number) => median(results.map(f));
      const byPerf = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
      const middle = byPerf[Math.floor(byPerf.length / 2)];
      return {
        runs: results.length,
        lowestPerformance: results.length ? Math.min(...results.map((r) => r.scores.performance)) : Number.NaN,
        median: {
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((r) => r.scores[c])])) as LighthouseRun["scores"],
          fcp: pick((r) => r.fcp),
          lcp: pick((r) => r.lcp),
          tbt: pick((r) => r.tbt),
          cls: pick((r) => r.cls),
        },
        diagnostics: middle
          ? { lcpElement: middle.lcpElement, layoutShifts: middle.layoutShifts, failing: middle.failing, opportunities: middle.opportunities }
          : { layoutShifts: [], failing: [], opportunities: [] },
        errors,
      };
    },
    async close() {
      await chrome.kill();
    },
  };
}
