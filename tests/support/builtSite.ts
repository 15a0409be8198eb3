// The production build, served the way Netlify serves it, for browser tests that need what the dev
// server does not do: Astro's Content Security Policy <meta> (build only) and netlify.toml's headers.
// buildSiteCopy() builds a copy of the project (tracked and new files, not ignored ones) in a
// temporary folder, so a test never touches dist/ or .netlify/ of the working tree.
// serveBuiltSite() answers on 127.0.0.1 like Netlify: functions by their config.path first, then
// dist/ files with the matching netlify.toml [[headers]], then the Astro SSR function (`/*`).
import { execFileSync, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "@netlify/functions";

export const ROOT = join(import.meta.dirname, "..", "..");

export interface BuiltCopy {
  dir: string;
  dist: string;
  remove(): Promise<void>;
}

/** Builds a copy of the project with `env` (e.g. dummy secrets) and answers where it is. */
export async function buildSiteCopy(env: Record<string, string>, timeoutMs = 240_000): Promise<BuiltCopy> {
  const dir = await mkdtemp(join(tmpdir(), "jf-built-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const from = join(ROOT, file);
    if (!(await stat(from).catch(() => null))?.isFile()) continue; // deleted but not yet committed
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await cp(from, join(dir, file));
  }
  await symlink(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const child = spawn(process.execPath, [join(dir, "node_modules", "astro", "bin", "astro.mjs"), "build"], {
    cwd: dir,
    env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new Error(`astro build failed (${code}):\n${output.slice(-4000)}`);
  return { dir, dist: join(dir, "dist"), remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** The [[headers]] rules of netlify.toml (the subset of TOML the file uses: `key = "basic string"`). */
export function headerRules(toml: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  let inValues = false;
  for (const raw of toml.split("\n")) {
    const line = raw.trim();
    if (line === "[[headers]]") {
      current = { for: "", values: {} };
      rules.push(current);
      inValues = false;
    } else if (line.startsWith("[")) {
      inValues = current !== null && line === "[headers.values]";
      if (!inValues) current = line === "[headers.values]" ? current : null;
    } else if (current) {
      const match = /^([A-Za-z0-9-]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(#.*)?$/.exec(line);
      if (!match) continue;
      const value = match[2]!.replace(/\\(["\\])/g, "$1");
      if (inValues) current.values[match[1]!] = value;
      else if (match[1] === "for") current.for = value;
    }
  }
  return rules;
}

/** Netlify's path patterns: exact, or a trailing `*` for everything below. */
function ruleMatches(pattern: string, path: string): boolean {
  return pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".avif": "image/avif",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

type Handler = (req: Request, context: Context) => Promise<Response> | Response;
interface FunctionModule {
  default: Handler;
  config?: { path?: string | string[]; method?: string | string[] };
}

export interface ServedSite {
  url: string;
  stop(): Promise<void>;
}

/** Serves a built copy on 127.0.0.1:`port` with `functions` (the modules of netlify/functions). */
export async function serveBuiltSite(copy: BuiltCopy, functions: FunctionModule[], port: number): Promise<ServedSite> {
  const rules = headerRules(await readFile(join(ROOT, "netlify.toml"), "utf8"));
  const routes = functions
    .filter((fn) => fn.config?.path)
    .flatMap((fn) => {
      const paths = Array.isArray(fn.config!.path) ? fn.config!.path! : [fn.config!.path!];
      const methods = fn.config!.method ? [fn.config!.method].flat() : null;
      return paths.map((path) => {
        const names: string[] = [];
        const regex = new RegExp(`^${path.replace(/:(\w+)/g, (_m, name: string) => (names.push(name), "([^/]+)"))}$`);
        return { regex, names, methods, handler: fn.default };
      });
    });
  const ssr = (await import(pathToFileURL(join(copy.dir, ".netlify", "v1", "functions", "ssr", "ssr.mjs")).href)) as FunctionModule;
  const context = (params: Record<string, string> = {}) =>
    ({ params, ip: "127.0.0.1", requestId: crypto.randomUUID(), waitUntil: () => {}, cookies: { get: () => undefined, set: () => {}, delete: () => {} } }) as unknown as Context;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = () =>
      new Request(url, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [string, string][],
        body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
    const send = async (answer: Response) => {
      const headers: Record<string, string | string[]> = {};
      answer.headers.forEach((value, key) => {
        if (key !== "set-cookie") headers[key] = value;
      });
      if (answer.headers.getSetCookie().length) headers["set-cookie"] = answer.headers.getSetCookie();
      res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
    };
    try {
      for (const route of routes) {
        if (route.methods && !route.methods.includes(req.method ?? "GET")) continue;
        const match = route.regex.exec(url.pathname);
        if (!match) continue;
        return await send(await route.handler(request(), context(Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])))));
      }
      const file = await staticFile(copy.dist, url.pathname);
      if (file && (req.method === "GET" || req.method === "HEAD")) {
        const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
        for (const rule of rules) if (ruleMatches(rule.for, url.pathname)) Object.assign(headers, rule.values);
        res.writeHead(200, headers).end(await readFile(file));
        return;
      }
      return await send(await ssr.default(request(), context()));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The dist/ file for a path: the file itself or its directory's index.html (Astro's "directory" format). */
async function staticFile(dist: string, pathname: string): Promise<string | null> {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [join(dist, clean), join(dist, clean, "index.html")]) {
    if (!candidate.startsWith(dist)) continue;
    if ((await stat(candidate).catch(() => null))?.isFile()) return candidate;
  }
  return null;
}
