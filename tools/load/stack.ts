// The local stack `npm run load` (and `npm run bench:console`) run against, all on 127.0.0.1: the Netlify
// functions bundled with esbuild as Netlify bundles them (one bundle, so they share a process like a warm
// instance), a database of the run's own on the project's real PostgreSQL (tools/localPostgres.ts,
// migrations applied as on deploy), a local Blobs server for pictures, and the project's one local
// router (tools/localNetlify.ts).
import { build } from "esbuild";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startLocalBlobs } from "../../tests/support/blobs.ts";
import { startTestDatabase, stopOwnTestServer, type TestDatabase } from "../../tests/support/database.ts";
import { serveLocalNetlify, type FunctionModule } from "../localNetlify.ts";

export const ROOT = join(import.meta.dirname, "..", "..");

/** The functions the load exercises: orders, order views, admin sign-in and admin edits. */
export const LOAD_FUNCTIONS = ["orders", "order", "admin-session", "admin-locations", "featured-item", "admin-menu-items"] as const;

export interface Stack {
  url: string;
  /** The run's database, to count what was stored. */
  database: TestDatabase;
  /** The bundled functions by name: a scheduled one (no path, so not served) is called through this. */
  modules: Record<string, FunctionModule>;
  stop(): Promise<void>;
}

/** Bundles the functions into one ES module under node_modules/.cache. */
export async function bundleFunctions(functions: readonly string[]): Promise<string> {
  const outdir = join(ROOT, "node_modules", ".cache", "jealous-fork-load");
  await mkdir(outdir, { recursive: true });
  const entry = functions.map((name, i) => `export * as f${i} from "./netlify/functions/${name}.mts";`).join("\n");
  const outfile = join(outdir, `functions-${Date.now()}.mjs`);
  await build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: "load-entry.ts", loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    packages: "external",
    outfile,
    logLevel: "error",
  });
  return outfile;
}

export async function startStack(options: { port: number; functions?: readonly string[] }): Promise<Stack> {
  const functions = options.functions ?? LOAD_FUNCTIONS;
  const [database, blobs] = await Promise.all([startTestDatabase(), startLocalBlobs()]);
  const bundle = await bundleFunctions(functions);
  const mod = (await import(pathToFileURL(bundle).href)) as Record<string, FunctionModule>;
  const served = await serveLocalNetlify({ functions: functions.map((_, i) => mod[`f${i}`]!), port: options.port });
  return {
    url: served.url,
    database,
    modules: Object.fromEntries(functions.map((name, i) => [name, mod[`f${i}`]!])),
    async stop() {
      await served.stop();
      await Promise.all([database.stop(), blobs.stop()]);
      await stopOwnTestServer();
      await rm(bundle, { force: true });
    },
  };
}
