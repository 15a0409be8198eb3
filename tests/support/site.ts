// The site for browser journeys: the run's production build (tests/support/e2e.globalSetup.ts) served
// on 127.0.0.1 as Netlify serves it (tools/localNetlify.ts), its functions running in this process
// against a database of this journey's own and a local blobs server, at a fixed restaurant clock.
// Starting one takes a second or two, so each journey file (or block) starts its own.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import { serveLocalNetlify, type FunctionModule } from "../../tools/localNetlify";
import { closeDatabase } from "../../src/server/platform/database";
import { startLocalBlobs } from "./blobs";
import { startTestDatabase, type TestDatabase } from "./database";
import { setDeployContext } from "./deployContext";

export const ROOT = join(import.meta.dirname, "..", "..");

export interface RunningSite {
  url: string;
  /** The built copy's root (dist/ inside). */
  builtDir: string;
  database: TestDatabase;
  /** Sets the instant the server takes as "now" (the restaurant's clock) from here on. */
  setClock(instant: string): void;
  stop(): Promise<void>;
}

export interface SiteOptions {
  /** ISO 8601 instant the server takes as "now". */
  clock?: string;
  /** Environment of the functions (ADMIN_PASSWORD, SQUARE_*...); unset names are removed while it runs. */
  env?: Record<string, string | undefined>;
}

const functions = Object.values(import.meta.glob("../../netlify/functions/*.mts", { eager: true })) as FunctionModule[];

export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const builtDir = inject("builtSite");
  setDeployContext("dev");
  const changed = { RESTAURANT_CLOCK: options.clock, ...options.env };
  const previous = Object.fromEntries(Object.keys(changed).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(changed);
  const [database, blobs] = await Promise.all([startTestDatabase(), startLocalBlobs()]);
  const ssr = (await import(pathToFileURL(join(builtDir, ".netlify", "v1", "functions", "ssr", "ssr.mjs")).href)) as FunctionModule;
  const served = await serveLocalNetlify({
    functions,
    dist: join(builtDir, "dist"),
    ssr,
    netlifyToml: await readFile(join(ROOT, "netlify.toml"), "utf8"),
  });
  return {
    url: served.url,
    builtDir,
    database,
    setClock: (instant) => apply({ RESTAURANT_CLOCK: instant }),
    async stop() {
      await served.stop();
      await closeDatabase();
      await Promise.all([database.stop(), blobs.stop()]);
      apply(previous);
    },
  };
}
