// After a build: inlines in every prerendered page the rules of the site stylesheet its elements use
// (beasties, run on the built HTML files) and moves the stylesheet's link to the end of the body, so a
// phone paints the page without waiting for the stylesheet. The page's <meta> Content Security Policy,
// computed by Astro before this, then allows that <style> by its hash (dist/_headers allows inline
// styles already: both policies apply, so the <meta> one decides).
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import Beasties from "beasties";
import { withStyleHash } from "../domain/contentSecurityPolicy";

const META_POLICY = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** The hash a policy names an inline <style> by: sha256 of its exact text. */
export function styleHash(css: string): string {
  return `sha256-${createHash("sha256").update(css).digest("base64")}`;
}

/** Allows every <style> of `html` in its <meta> policy (the ones Astro hashed are there already). */
export function allowInlineStyles(html: string): string {
  const policy = META_POLICY.exec(html);
  if (!policy) return html;
  let next = policy[2]!;
  for (const match of html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)) next = withStyleHash(next, styleHash(match[1]!));
  return html.replace(META_POLICY, (_all, start: string, _old, end: string) => `${start}${next}${end}`);
}

/** Inlines the rules each page uses; answers the number of pages and the bytes of CSS inlined. */
export async function inlineCriticalCss(dist: string): Promise<{ pages: number; inlinedBytes: number }> {
  const beasties = new Beasties({
    path: dist,
    publicPath: "/",
    // A link at the end of the body holds no paint and needs no script (the policy allows no inline handlers).
    preload: "body",
    noscriptFallback: false,
    // The file stays whole: other pages, and this one's later screens, use the rest of it.
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    reduceInlineStyles: false,
    // Tailwind's arbitrary variants ([&_ul]:list-disc, escaped as .\[\&_ul\]\:list-disc ul): beasties
    // cannot match such escaped selectors and would leave them out, so the legal pages' lists moved when
    // the stylesheet arrived (a layout shift of 0.04-0.07). They are few: always kept.
    allowRules: [/\\&/],
    compress: true,
    logLevel: "warn",
  });
  let pages = 0;
  let inlinedBytes = 0;
  for (const entry of await readdir(dist, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, "utf8");
    if (!html.includes("data-site-stylesheet")) continue;
    const inlined = allowInlineStyles(await beasties.process(html));
    inlinedBytes += Math.max(0, inlined.length - html.length);
    pages++;
    await writeFile(file, inlined);
  }
  return { pages, inlinedBytes };
}

export default function criticalCss(): AstroIntegration {
  return {
    name: "jealous-fork:critical-css",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { pages, inlinedBytes } = await inlineCriticalCss(fileURLToPath(dir));
        logger.info(`Inlined the first-paint CSS of ${pages} pages (${Math.round(inlinedBytes / pages / 1024)} KB each on average)`);
      },
    },
  };
}
