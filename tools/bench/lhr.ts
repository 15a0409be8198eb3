// What the bench's report shows of Lighthouse's reports (the JSON lhci collect saves): each page's
// median figures, its lowest performance run, and the diagnostics of its median run, which lhci's own
// summary does not give (the LCP element and its phases, layout shifts, failing audits).

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

export function readRun(lhr: any): LighthouseRun {
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

/** The summary of one page's runs: each figure the median of its own values. */
export function summarize(lhrs: any[]): LighthouseSummary {
  const results: LighthouseRun[] = [];
  const errors: string[] = [];
  for (const lhr of lhrs) {
    if (lhr.runtimeError) errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    else results.push(readRun(lhr));
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
}
