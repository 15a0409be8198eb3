// A page the diner is about to open, fetched while they read the one before it: the cart sheet names the
// checkout as it opens, so "Proceed to Checkout" on a slow phone waits for no round trip to the server.
// Speculation rules, not `<link rel="prefetch">`: Chromium reuses a page prefetched by a rule for the next
// navigation for about five minutes whatever its caching says, where a link's prefetch of the checkout
// (`max-age=0`, so the CDN's purges reach diners at once) was fetched again on the tap. Browsers without
// speculation rules fetch nothing ahead, as before; neither does a connection set to save data.
import { PREFETCHED_PAGES, prefetchRules } from "../domain/prefetchRules";

/** The pages already named on this page: each once. */
const asked = new Set<string>();

export function prefetchPage(path: (typeof PREFETCHED_PAGES)[number]): void {
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (asked.has(path) || saveData || !HTMLScriptElement.supports?.("speculationrules")) return;
  asked.add(path);
  const rules = document.createElement("script");
  rules.type = "speculationrules";
  // Allowed by its hash in the page's policy (src/domain/prefetchRules.ts).
  rules.textContent = prefetchRules(path);
  document.head.append(rules);
}
