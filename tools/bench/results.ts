// The shape of a bench run's results: what run.ts gathers, report.ts prints and bench-results/ keeps.
import type { BudgetResult } from "./budgets.ts";
import type { CacheRule } from "./caching.ts";
import type { FunctionBundle } from "./function-bundles.ts";
import type { LighthouseSummary } from "./lhr.ts";
import type { LoadLevel } from "./load.ts";
import type { PageWeight } from "./page-weight.ts";

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
