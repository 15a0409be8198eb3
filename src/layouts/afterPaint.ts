// What a page loads after its first paint instead of before it (LCP at most 1.0 s on a phone): a
// prerendered page at build (src/integrations/afterPaint.ts), one rendered on request in
// src/layouts/firstScreenCss.ts. A page's text and hero are in its HTML, and its first screen's rules are
// inlined (or, where they would not fit its HTML budget, its stylesheet is linked in its head), so the page's module scripts and,
// where the first screen's rules are inlined, the whole stylesheet are not needed to paint it. Left to the
// parser, they are requested at once and run before the first paint: on a slow phone network each is one
// more request on the way to the largest paint. They are marked here, and the
// small loader in BaseLayout.astro starts them once the browser reports the first contentful paint. Without
// JavaScript the stylesheet still arrives (a <noscript> link). A tap on an add button before the scripts
// run is kept for them (BaseLayout.astro), as before.

/** The type that keeps a module script from running, and the rel that keeps a stylesheet from loading, until the loader imports or links them. */
export const AFTER_PAINT = "after-paint";

/** A module script: always a file of its own (astro.config.mjs keeps the build from inlining any). */
const MODULE_SCRIPT = /<script type="module"((?:\s[^>]*)?)>/g;
/** The whole stylesheet's link at the end of the body, where src/layouts/criticalCss.ts moved it. */
const BODY_STYLESHEET = /<link rel="stylesheet" href="([^"]+)">(?=<\/body>)/;

/** What the loader looks for: a page without the loader (one not laid out by BaseLayout) is left as it is. */
export const LOADER_SELECTOR = `[type=${AFTER_PAINT}],[rel=${AFTER_PAINT}]`;

/**
 * The page with its module scripts and its end-of-body stylesheet left for after its first paint, if it
 * has the loader. The loader imports files: an inline module script would never run, so it fails the build.
 */
export function deferToFirstPaint(html: string): string {
  if (!html.includes(LOADER_SELECTOR)) return html;
  const out = html.replace(MODULE_SCRIPT, (all, attributes: string) => {
    if (!/\ssrc=/.test(attributes)) throw new Error(`after paint: an inline module script (${all}...) would never run; the build must write it as a file (astro.config.mjs, assetsInlineLimit)`);
    return `<script type="${AFTER_PAINT}"${attributes}>`;
  });
  return out.replace(BODY_STYLESHEET, (_all, href: string) => `<link rel="${AFTER_PAINT}" href="${href}"><noscript><link rel="stylesheet" href="${href}"></noscript>`);
}
