// Which Cache-Control Netlify's CDN will send for a path, read from the header rules the deploy uses
// (netlify.toml, dist/_headers and the adapter's .netlify/v1/config.json) with Netlify's own parser:
// netlify serve lets its edge-function proxy overwrite them locally, so asking the server is not enough.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchTools } from "./tools.ts";

export interface CacheRule {
  path: string;
  /** The Cache-Control of every rule matching the path, with the rule's pattern. */
  configured: { for: string; value: string }[];
  /** What netlify serve sent for it. */
  servedLocally: string | null;
  /** Two rules set different values: Netlify would combine or pick one, either way not what anyone meant. */
  conflict: boolean;
}

export async function cacheRules(tools: BenchTools, dir: string, paths: string[], served: (path: string) => Promise<string | null>): Promise<{ rules: CacheRule[]; errors: string[] }> {
  const { parseAllHeaders } = await tools.load("@netlify/headers-parser");
  const adapterConfig = join(dir, ".netlify", "v1", "config.json");
  const configHeaders = existsSync(adapterConfig) ? (JSON.parse(readFileSync(adapterConfig, "utf8")).headers ?? []) : [];
  const headersFile = join(dir, "dist", "_headers");
  const { headers, errors } = await parseAllHeaders({
    headersFiles: existsSync(headersFile) ? [headersFile] : [],
    netlifyConfigPath: join(dir, "netlify.toml"),
    configHeaders,
    minimal: false,
  });
  const rules: CacheRule[] = [];
  for (const path of paths) {
    const configured = (headers as { for: string; forRegExp: RegExp; values: Record<string, string> }[])
      .filter((rule) => rule.forRegExp.test(path))
      .flatMap((rule) => Object.entries(rule.values).filter(([name]) => name.toLowerCase() === "cache-control").map(([, value]) => ({ for: rule.for, value })));
    rules.push({ path, configured, servedLocally: await served(path), conflict: new Set(configured.map((c) => c.value)).size > 1 });
  }
  return { rules, errors: (errors as { message: string }[]).map((e) => e.message) };
}
