// Writes the deployed security headers after a build, once every other step has rewritten the pages:
// Netlify reads dist/_headers besides netlify.toml, and this file's policy comes from
// src/domain/contentSecurityPolicy.ts with the script hashes of the built pages' <meta> policies, each
// narrowed first to what its page runs, so no header value is pasted by hand.
import { readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import {
  GENERATED_HEADERS_MARKER,
  headersFile,
  narrowScriptHashes,
  pagePatterns,
  patternOf,
  runnableInlineScripts,
  scriptHashes,
} from "../domain/contentSecurityPolicy";
import { PREFETCHED_PAGES, prefetchRules } from "../domain/prefetchRules";
// The policy's hash source of an inline element's exact text: the same for a <script> as for a <style>.
import { styleHash as hashSource } from "../layouts/criticalCss";
import { builtPages } from "./builtPages";

/** The policy of a page's `<meta http-equiv="content-security-policy">`, if it has one. */
export function metaPolicy(html: string): string | undefined {
  return /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1];
}

/** The speculation rules the cart sheet inserts (src/lib/prefetchPage.ts): inline scripts no built page holds, allowed by their hashes. */
export function insertedScriptHashes(): string[] {
  return PREFETCHED_PAGES.map((path) => hashSource(prefetchRules(path)));
}

const quotedHash = (text: string) => `'${hashSource(text)}'`;

/**
 * Narrows each built page's <meta> policy to the script hashes it can use (its own inline scripts and the
 * inserted ones), writing back the pages it changes, and answers each page's file (relative to `dir`)
 * with the script hashes its policy keeps. Astro's policy lists every page's script hashes: 14 on the home page,
 * which runs 2 of them: 0.9 KB of its document and its header, before its first paint.
 */
export async function narrowBuiltPagesPolicies(dir: string): Promise<Map<string, string[]>> {
  const inserted = insertedScriptHashes().map((hash) => `'${hash}'`);
  const pages = new Map<string, string[]>();
  for await (const { file, html } of builtPages(dir)) {
    const policy = metaPolicy(html);
    if (!policy) {
      pages.set(relative(dir, file), []);
      continue;
    }
    const narrowed = narrowScriptHashes(policy, new Set([...runnableInlineScripts(html).map(quotedHash), ...inserted]));
    if (narrowed !== policy) await writeFile(file, html.replace(`content="${policy}"`, () => `content="${narrowed}"`));
    pages.set(relative(dir, file), scriptHashes(narrowed));
  }
  return pages;
}

/**
 * Writes `dir`/_headers: the rules already there (a _headers of public/) are kept, and the part this
 * site generated before is replaced. Each rule's policy allows the script hashes of the pages it covers.
 * The adapter writes _redirects and .netlify/v1/, never _headers.
 */
export async function writeHeadersFile(dir: string): Promise<string> {
  const path = join(dir, "_headers");
  const existing = await readFile(path, "utf8").catch(() => "");
  const kept = existing.split(GENERATED_HEADERS_MARKER)[0]!.trimEnd();
  const pages = await narrowBuiltPagesPolicies(dir);
  const patterns = pagePatterns(pages.keys());
  const rules = new Map<string, Set<string>>(patterns.map((pattern) => [pattern, new Set()]));
  for (const [file, hashes] of pages) for (const hash of hashes) rules.get(patternOf(file, patterns))?.add(hash);
  const text = `${kept ? `${kept}\n\n` : ""}${headersFile(rules)}`;
  await writeFile(path, text);
  return path;
}

export default function securityHeaders(): AstroIntegration {
  return {
    name: "jealous-fork-security-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const path = await writeHeadersFile(fileURLToPath(dir));
        logger.info(`Wrote the security headers to ${path}`);
      },
    },
  };
}
