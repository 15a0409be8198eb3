// The budgets the bench judges itself: what Lighthouse CI cannot assert (JavaScript before interaction,
// the HTML as the browser reads it, the home page's weight, function cold starts). The Lighthouse budgets
// are lighthouserc.json's assertions, judged by lhci assert (tools/bench/lhci.ts).
import { BUDGETS, judge, KB, type BudgetResult } from "./budgets.ts";
import { VISITOR_FUNCTIONS } from "./function-bundles.ts";
import type { BenchResults, PageResult } from "./results.ts";
import { OFFER_CHECK } from "./apis.ts";

/** Pages about one order: React screens by nature (the card form, the live status), which Lighthouse alone judges. */
const isOrderPage = (page: PageResult) => page.path.endsWith("/checkout") || page.label === "confirmation";

/** The budgets judged here, in order: the home page, the functions, then each page. */
export function checkBudgets(results: BenchResults): BudgetResult[] {
  const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
  const home = results.pages.find((p) => p.path === "/");
  const out: BudgetResult[] = [
    judge("Home JS after scrolling to the bottom (gzip)", "<= 90 KB", home?.weight?.scrolled?.js.gzip, (v) => v <= BUDGETS.homeJsAfterScrollGzip, kb),
    judge("Home weight on a phone, scrolled to the bottom", "< 500 KB", home?.weight?.scrolled?.weight, (v) => v < BUDGETS.homeWeightPhone, kb),
  ];
  for (const name of VISITOR_FUNCTIONS) {
    const fn = results.functions.find((f) => f.name === name);
    out.push(judge(`${name} function cold start (first answer)`, `< ${BUDGETS.coldStartMs} ms`, fn?.cold?.firstAnswerMs, (v) => v < BUDGETS.coldStartMs, (v) => `${Math.round(v)} ms`));
  }
  // The p99 at 20 clients bounds the p95 the promise is about.
  const offerCheck = results.apis.find((api) => api.name === OFFER_CHECK)?.levels.find((level) => level.connections === 20);
  out.push(judge("Promo code check at 20 clients, p99 (bounds the p95)", `< ${BUDGETS.offerCheckMs} ms`, offerCheck?.p99, (v) => v < BUDGETS.offerCheckMs, (v) => `${Math.round(v)} ms`));
  // Pages skipped on purpose (--pages) are not judged; pages that should be there and are not, are.
  for (const page of results.pages.filter((p) => p.missing !== "skipped (--pages)")) {
    const name = page.path;
    const order = isOrderPage(page);
    if (!order) out.push(judge(`${name} JS before interaction (gzip)`, "<= 15 KB", page.weight?.initial.js.gzip, (v) => v <= BUDGETS.jsBeforeInteractionGzip, kb));
    const spanish = page.path.startsWith("/es");
    const htmlBudget = spanish ? BUDGETS.htmlRawSpanish : BUDGETS.htmlRaw;
    if (!order) out.push(judge(`${name} HTML (raw)`, `<= ${htmlBudget / KB} KB`, page.weight?.document?.raw, (v) => v <= htmlBudget, kb));
  }
  return out;
}
