// After a build: inlines in every prerendered page the site stylesheet's rules its first screen uses
// (src/layouts/criticalCss.ts, the same choice the middleware makes for pages rendered on request) and
// moves the stylesheet's link to the end of the body, so a phone paints without waiting for it. The
// page's <meta> Content Security Policy, computed by Astro before this, then allows that <style> by its
// hash (the header policy of dist/_headers says nothing of styles: both policies apply, so the <meta> one decides).
// Measured against beasties run on the same files (docs/performance.md, "The stylesheet"): beasties inlines every rule
// a page's elements use, 23-24 KB a page (the home page's HTML 83 KB, over its 60 KB budget), where the
// first screen's rules keep it within budget, so this one stays.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { withStyleHash } from "../domain/contentSecurityPolicy";
import { inlineFirstScreen, stylesheetFileName } from "../layouts/criticalCss";
import { rewriteBuiltPages } from "./builtPages";

const META_POLICY = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** Inlines the first screen's rules of every built page that links the site stylesheet; answers how many. */
export async function inlineBuiltPages(dist: string): Promise<number> {
  // Each stylesheet read and checked once, not once per page.
  const sheets = new Map<string, string>();
  for (const name of (await readdir(join(dist, "_astro"))).filter((file) => /^site\.[0-9a-f]+\.css$/.test(file))) {
    const css = await readFile(join(dist, "_astro", name), "utf8");
    if (stylesheetFileName(css) !== name) throw new Error(`critical CSS: ${name} does not hold the stylesheet its name says`);
    sheets.set(name, css);
  }
  return rewriteBuiltPages(dist, (html) => {
    const linked = [...sheets.keys()].find((name) => html.includes(`/_astro/${name}`));
    const inlined = linked ? inlineFirstScreen(html, sheets.get(linked)!) : null;
    if (!inlined) return null;
    return inlined.html.replace(META_POLICY, (_all, start: string, policy: string, end: string) => `${start}${withStyleHash(policy, inlined.styleHash)}${end}`);
  });
}

export default function criticalCss(): AstroIntegration {
  return {
    name: "jealous-fork:critical-css",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        logger.info(`Inlined the first screen's CSS of ${await inlineBuiltPages(fileURLToPath(dir))} prerendered pages`);
      },
    },
  };
}
