// Each function's code as one minified esbuild bundle (everything it imports, node: built-ins aside):
// what a cold start loads, without the platform bootstrap Netlify adds to every function.
import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { build } from "esbuild";

export interface FunctionBundle {
  name: string;
  raw: number;
  gzip: number;
  /** The largest packages or folders inside the bundle, with their minified bytes. */
  largest: { input: string; bytes: number }[];
  error?: string;
}

/** node_modules/square/api/... -> square; src/server/orders.ts -> src/server. */
function groupOf(input: string): string {
  const parts = input.split("/");
  const at = parts.lastIndexOf("node_modules");
  if (at >= 0) return parts[at + 1]?.startsWith("@") ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
  return parts.slice(0, Math.min(2, parts.length - 1)).join("/") || input;
}

export async function measureFunctions(dir: string): Promise<FunctionBundle[]> {
  const folder = join(dir, "netlify", "functions");
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((f) => /\.(mts|ts|mjs|js|cjs|cts)$/.test(f) && !/\.test\./.test(f)).sort();
  } catch {
    return [];
  }
  const bundles: FunctionBundle[] = [];
  for (const file of files) {
    const name = file.replace(/\.[^.]+$/, "");
    try {
      const result = await build({
        entryPoints: [join(folder, file)],
        absWorkingDir: dir,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node24",
        minify: true,
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const output = result.outputFiles[0].contents;
      const groups = new Map<string, number>();
      for (const out of Object.values(result.metafile.outputs)) {
        for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytesInOutput);
      }
      const largest = [...groups].map(([input, bytes]) => ({ input, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, 3);
      bundles.push({ name, raw: output.length, gzip: gzipSync(output).length, largest });
    } catch (error) {
      bundles.push({ name, raw: Number.NaN, gzip: Number.NaN, largest: [], error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    }
  }
  return bundles;
}
