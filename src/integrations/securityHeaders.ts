// Writes the deployed security headers after a build: Netlify reads dist/_headers besides
// netlify.toml, and this file's policy comes from src/domain/contentSecurityPolicy.ts with the script
// hashes of every built page's <meta> policy, so no header value is pasted by hand.
import { readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { GENERATED_HEADERS_MARKER, headersFile, pagePatterns, scriptHashes } from "../domain/contentSecurityPolicy";
import { builtPages } from "./builtPages";

/** The policy of a page's `<meta http-equiv="content-security-policy">`, if it has one. */
export function metaPolicy(html: string): string | undefined {
  return /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1];
}

/** The script hashes every built page's <meta> policy allows, and the built pages' files (relative to `dir`). */
export async function builtPagesPolicy(dir: string): Promise<{ hashes: Set<string>; files: string[] }> {
  const hashes = new Set<string>();
  const files: string[] = [];
  for await (const { file, html } of builtPages(dir)) {
    files.push(relative(dir, file));
    const policy = metaPolicy(html);
    for (const hash of policy ? scriptHashes(policy) : []) hashes.add(hash);
  }
  return { hashes, files };
}

/**
 * Writes `dir`/_headers: the rules already there (a _headers of public/) are kept, and the part this
 * site generated before is replaced. The adapter writes _redirects and .netlify/v1/, never _headers.
 */
export async function writeHeadersFile(dir: string): Promise<string> {
  const path = join(dir, "_headers");
  const existing = await readFile(path, "utf8").catch(() => "");
  const kept = existing.split(GENERATED_HEADERS_MARKER)[0]!.trimEnd();
  const { hashes, files } = await builtPagesPolicy(dir);
  const text = `${kept ? `${kept}\n\n` : ""}${headersFile(hashes, pagePatterns(files))}`;
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
