// Production-like local serving for the bench: the scratch copy built with `astro build` (as Netlify
// builds it), then served by tools/bench/handler-server.ts --site in a child process of its own: the
// static files of dist/ with the deploy's header rules, every function, and the pages rendered on request
// by Astro's SSR function, all through the project's one local router (tools/localNetlify.ts), on a
// real PostgreSQL (tools/localPostgres.ts) and a local Blobs server. `netlify serve --offline` (netlify-cli 27.10) is not
// used any more: it rendered the pages but has no Netlify Database for the functions (POST /api/orders
// answered 500, so there was no confirmation page to measure), and it does not cache as the CDN does.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildScratch } from "./scratch.ts";

export interface ServedSite {
  url: string;
  /** What the server printed, for diagnosing a failed run. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  dir: string;
  port: number;
  /** ISO instant the functions take as "now" (RESTAURANT_CLOCK). */
  clock: string;
  /** Serve the built pages and files too, not only the functions. */
  site: boolean;
  log: (line: string) => void;
}

/** Builds the scratch copy (production mode, outside Vitest). */
export async function buildSite(dir: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  // A database a bench step left in NETLIFY_DB_URL is not the site's: the build publishes content/.
  await buildScratch(dir, { NETLIFY_DB_URL: "" });
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** tools/bench/handler-server.ts in a child process, so it and the load generator or Chromium each get a core. */
export async function serveBuilt(options: ServeOptions): Promise<ServedSite> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "handler-server.ts"), options.dir, String(options.port), ...(options.site ? ["--site"] : [])], {
    cwd: options.dir,
    env: { ...process.env, RESTAURANT_CLOCK: options.clock },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stderr.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (!child.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  const ready = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the local server did not start:\n${output}`)), 120_000);
    child.stdout.on("data", (chunk: Buffer) => {
      const line = chunk.toString();
      if (line.startsWith("ready")) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once("exit", (code) => reject(new Error(`the local server exited (${code}):\n${output}`)));
  });
  options.log(`Local router on 127.0.0.1:${options.port} (${ready.replace("ready ", "")})`);
  return { url: `http://127.0.0.1:${options.port}`, output: () => output, stop };
}
