// Starts the site's dev server (Astro + Netlify emulation: pages, functions, blobs) for browser
// journeys, with a fixed restaurant clock and blob stores of its own, on 127.0.0.1 only.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";

export interface RunningSite {
  url: string;
  /** Prefix of this run's blob stores (see src/server/stores.ts). */
  namespace: string;
  stop(): Promise<void>;
}

export interface SiteOptions {
  /** ISO 8601 instant the server takes as "now". */
  clock?: string;
  env?: Record<string, string>;
  /** How long to wait for the server to answer (default 90 s); a loaded 2-core machine needs more. */
  startTimeoutMs?: number;
}

const ROOT = join(import.meta.dirname, "..", "..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** This process's environment without Vitest's own variables, which make Astro dev misroute pages. */
function parentEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "NODE_ENV" && key !== "TEST"),
  );
}

export async function startSite(options: SiteOptions = {}): Promise<RunningSite> {
  const port = await freePort();
  const namespace = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const child: ChildProcess = spawn(
    process.execPath,
    // --ignore-lock: Astro 7 refuses a second dev server per project otherwise, and journeys (and
    // developers' servers) run side by side, each on its own port and store namespace.
    [join(ROOT, "node_modules", "astro", "bin", "astro.mjs"), "dev", "--ignore-lock", "--port", String(port), "--host", "127.0.0.1"],
    {
      cwd: ROOT,
      env: {
        ...parentEnvironment(),
        ASTRO_TELEMETRY_DISABLED: "1",
        STORE_NAMESPACE: namespace,
        ...(options.clock ? { RESTAURANT_CLOCK: options.clock } : {}),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The dev server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/robots.txt`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: it would hold a port and a core for the rest of the test run.
      if (child.pid) process.kill(-child.pid, "SIGKILL");
      throw new Error(`The dev server did not start within ${options.startTimeoutMs ?? 90_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    namespace,
    async stop() {
      if (child.pid && child.exitCode === null) {
        process.kill(-child.pid, "SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      await removeNamespace(namespace);
    },
  };
}

/**
 * Deletes the blob stores this run created. The local blobs server keeps each store in a folder
 * `site:<store name>` under `entries/<site>/` and `metadata/<site>/`; ours start with the namespace.
 */
async function removeNamespace(namespace: string): Promise<void> {
  const root = join(ROOT, ".netlify", "blobs-serve");
  for (const kind of ["entries", "metadata"]) {
    for (const site of await readdir(join(root, kind)).catch(() => [] as string[])) {
      for (const name of await readdir(join(root, kind, site)).catch(() => [] as string[])) {
        if (name.replace(/^site:/, "").startsWith(`${namespace}-`)) {
          await rm(join(root, kind, site, name), { recursive: true, force: true });
        }
      }
    }
  }
}
