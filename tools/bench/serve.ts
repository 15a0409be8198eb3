// Production-like local serving for the bench: `netlify serve --offline` builds the scratch copy with
// netlify.toml's command and serves dist/ with its headers, netlify/functions and a local Blobs server.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface ServedSite {
  url: string;
  /** Everything netlify serve printed (build output included), for diagnosing a failed run. */
  output(): string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  dir: string;
  binDir: string;
  port: number;
  functionsPort: number;
  staticPort: number;
  /** ISO instant the functions take as "now" (RESTAURANT_CLOCK). */
  clock: string;
  log: (line: string) => void;
}

/**
 * netlify serve runs its static server on 3999 unless [dev] staticServerPort says otherwise; set it
 * in the scratch copy only, so the bench keeps to its own ports without touching the real netlify.toml.
 */
function pinStaticPort(dir: string, port: number): void {
  const file = join(dir, "netlify.toml");
  const toml = readFileSync(file, "utf8");
  const line = `  staticServerPort = ${port}`;
  writeFileSync(file, /^\[dev\]\s*$/m.test(toml) ? toml.replace(/^\[dev\]\s*$/m, `[dev]\n${line}`) : `${toml}\n[dev]\n${line}\n`);
}

/** The lines that say what failed (a build error is followed by a long dump of the resolved config). */
function errorLines(output: string): string {
  return output
    .split("\n")
    .filter((line) => /error|failed/i.test(line) && !/^\s*-?\s*for:/.test(line))
    .slice(0, 8)
    .map((line) => line.trim())
    .join(" | ");
}

export async function serveProduction(options: ServeOptions): Promise<ServedSite> {
  pinStaticPort(options.dir, options.staticPort);
  const netlify = join(options.binDir, "netlify");
  const child: ChildProcess = spawn(
    netlify,
    ["serve", "--offline", "--port", String(options.port), "--functions-port", String(options.functionsPort)],
    {
      cwd: options.dir,
      env: {
        ...process.env,
        // Deno (for the adapter's edge middleware) must come first on PATH, or the first request fails.
        PATH: `${options.binDir}:${process.env.PATH ?? ""}`,
        BROWSER: "none",
        NETLIFY_TELEMETRY_DISABLED: "1",
        ASTRO_TELEMETRY_DISABLED: "1",
        RESTAURANT_CLOCK: options.clock,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (!child.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // The whole group: netlify serve starts Deno and a functions server of its own.
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, "SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 6 * 60_000;
  let lastReport = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`netlify serve exited (${child.exitCode}): ${errorLines(output)}\n${output.slice(-3000)}`);
    try {
      await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(5000) });
      break;
    } catch {
      // still building
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`netlify serve did not answer within 6 minutes:\n${output.slice(-6000)}`);
    }
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      options.log(`  ... still building (${output.trim().split("\n").at(-1)?.slice(0, 100) ?? ""})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { url, output: () => output, stop };
}
