// The production build as Netlify's own CLI serves it (`netlify serve --offline`, netlify-cli from the
// bench's pinned tools): the scratch copy built by `astro build`, its functions bundled by Netlify's
// bundler, with NETLIFY_DB_URL pointing at the project's real PostgreSQL (netlify-cli 27.10 gives
// functions no database of its own). For `npm run load -- --server netlify`.
import { spawn, type ChildProcess } from "node:child_process";

export interface NetlifyServe {
  url: string;
  stop(): Promise<void>;
}

export interface NetlifyServeOptions {
  /** The built scratch copy (dist/, netlify.toml, netlify/functions). */
  siteDir: string;
  port: number;
  /** node_modules/.bin of the bench tools (netlify, deno). */
  binDir: string;
  /** What the functions read: NETLIFY_DB_URL, SQUARE_*, RESTAURANT_CLOCK... */
  env: Record<string, string>;
}

/** Starts `netlify serve` and answers once it says it is ready (a build of the functions first). */
export async function startNetlifyServe(options: NetlifyServeOptions): Promise<NetlifyServe> {
  const child: ChildProcess = spawn("netlify", ["serve", "--offline", "--port", String(options.port)], {
    cwd: options.siteDir,
    env: { ...process.env, ...options.env, PATH: `${options.binDir}:${process.env.PATH}`, BROWSER: "none", NETLIFY_TELEMETRY_DISABLED: "1" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // It runs in a process group of its own: ended with this process, whichever way this one ends.
  const killGroup = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.once("exit", killGroup);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`netlify serve did not start within 240 s:\n${output.slice(-2000)}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.NETLIFY_SERVE_LOG) process.stderr.write(chunk);
      if (/Local dev server ready/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    // Past its start, what it prints is read only when asked for (NETLIFY_SERVE_LOG=1).
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`netlify serve ended (${code}):\n${output.slice(-2000)}`));
    });
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    async stop() {
      process.off("exit", killGroup);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Its own children (the static server, the functions server) go with it: the whole group.
      killGroup();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}
