// The speculation rules that prefetch the checkout while the cart sheet is open (src/lib/prefetchPage.ts),
// as exact text: the pages' policy allows inline scripts by hash only, and Chromium ignores
// 'inline-speculation-rules' in a policy that lists hashes, so each text's hash is in every page's policy
// (insertedScriptHashes in src/integrations/securityHeaders.ts).

/** The pages a cart sheet prefetches: the checkout in each language. */
export const PREFETCHED_PAGES = ["/checkout", "/es/checkout"] as const;

/** The rules naming one page to prefetch at once, as the script element carries them. */
export function prefetchRules(path: string): string {
  return JSON.stringify({ prefetch: [{ source: "list", urls: [path], eagerness: "immediate" }] });
}
