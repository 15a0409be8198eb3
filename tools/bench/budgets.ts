// The performance budgets the bench judges itself, and the figures of the site this one replaces: the
// bench's --check and the budget test read the same numbers. The Lighthouse budgets (scores, LCP, CLS)
// are the assertions of tools/bench/lighthouserc.json, which lhci assert judges.
export const KB = 1024;

export const BUDGETS = {
  /**
   * JavaScript before any interaction, gzip, on every public page (external files and inline scripts).
   * 16 KB for a morning (2026-11-28) when the pause state, the device's last order and the "Order again" hint
   * joined the first scripts; 15 KB again since the last order is read when the menu opens, the pages with
   * dishes load the label list without its words and the add buttons' code when one is reached for
   * (docs/performance.md).
   */
  jsBeforeInteractionGzip: 15 * KB,
  /**
   * The menu pages' (the full menu, a dish's page): the same 15 KB. Their shared modules come in two
   * chunks (astro.config.mjs, codeSplitting), not fourteen small ones.
   */
  menuJsBeforeInteractionGzip: 15 * KB,
  /** Kept under its old name for the budget test: the same figure. */
  homeJsBeforeInteractionGzip: 15 * KB,
  homeJsAfterScrollGzip: 90 * KB,
  /** The page's HTML as the browser reads it (decoded), on every public page. */
  htmlRaw: 60 * KB,
  /**
   * The Spanish pages' HTML: the same markup with text about 15% longer (the full menu's text is 13.7 KB
   * in Spanish, 11.9 KB in English), so the same pages measure 62-64 KB.
   */
  htmlRawSpanish: 64 * KB,
  /** Strictly below. */
  homeWeightPhone: 500 * KB,
  /** A promo code's check at 20 clients: its p99 (so its p95 too) in milliseconds, locally. */
  offerCheckMs: 300,
  /** Milliseconds from a cold process to the first answer of a function every visitor reaches, locally. */
  coldStartMs: 150,
} as const;

/** The React single-page app this site replaces, measured on this kind of machine with Lighthouse 13 mobile. */
export const OLD_SITE = {
  homeJsGzip: "165 KB (one chunk)",
  performance: "61-67",
  accessibility: "83",
  bestPractices: "96",
  seo: "100",
  lcp: "5.2-10.8 s",
  cls: "0.09",
  weight: "4.5 MB",
} as const;

export interface BudgetResult {
  name: string;
  limit: string;
  actual: string;
  /** "missing" when the page or figure could not be measured: --check counts it as a failure. */
  status: "pass" | "fail" | "missing";
}

export function judge(name: string, limit: string, actual: number | undefined, ok: (v: number) => boolean, format: (v: number) => string): BudgetResult {
  if (actual === undefined || !Number.isFinite(actual)) return { name, limit, actual: "not measured", status: "missing" };
  return { name, limit, actual: format(actual), status: ok(actual) ? "pass" : "fail" };
}
