// The local stack `npm run load` runs against, all on 127.0.0.1: the Netlify functions bundled with
// esbuild as Netlify bundles them (one bundle, so they share a process like a warm instance), a local
// Netlify Blobs server, and a small HTTP server routing each request to the function whose
// config.path matches, with the context Netlify passes (params, ip, requestId).
import { build } from "esbuild";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { mkdtemp, mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = join(import.meta.dirname, "..", "..");

type Handler = (req: Request, context: unknown) => Promise<Response>;
interface FunctionModule {
  default: Handler;
  config: { path: string | string[]; method?: string | string[] };
}

/** The functions the load exercises: orders, order views, admin sign-in and admin edits. */
const FUNCTIONS = ["orders", "order", "admin-session", "admin-locations", "featured-item", "admin-menu-items"] as const;
export type FunctionName = (typeof FUNCTIONS)[number];

export interface Stack {
  url: string;
  /** The bundle's own modules (one instance shared with the functions): stores, for checking. */
  server: { store: (name: string) => any };
  stop(): Promise<void>;
}

/** Bundles netlify/functions/* and the store module into one ES module under node_modules/.cache. */
async function bundleFunctions(): Promise<string> {
  const outdir = join(ROOT, "node_modules", ".cache", "jealous-fork-load");
  await mkdir(outdir, { recursive: true });
  const entry = [
    ...FUNCTIONS.map((name, i) => `export { default as f${i}, config as c${i} } from "./netlify/functions/${name}.mts";`),
    `export { store } from "./src/server/stores.ts";`,
  ].join("\n");
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

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { regex: new RegExp(`^${source}$`), names };
}

interface Route {
  name: string;
  handler: Handler;
  methods: string[] | null;
  patterns: { regex: RegExp; names: string[] }[];
}

export async function startStack(options: { port: number; blobsPort: number }): Promise<Stack> {
  const directory = await mkdtemp(join(tmpdir(), "jf-load-blobs-"));
  const { BlobsServer } = await import("@netlify/blobs/server");
  const { setEnvironmentContext } = await import("@netlify/blobs");
  const blobs = new BlobsServer({ directory, token: "load-token", port: options.blobsPort });
  const { port: blobsPort } = await blobs.start();
  const blobsUrl = `http://127.0.0.1:${blobsPort}`;
  setEnvironmentContext({ siteID: "load-site", token: "load-token", edgeURL: blobsUrl, uncachedEdgeURL: blobsUrl });

  const bundle = await bundleFunctions();
  const mod = (await import(pathToFileURL(bundle).href)) as Record<string, any>;
  const routes: Route[] = FUNCTIONS.map((name, i) => {
    const { default: handler, config } = { default: mod[`f${i}`], config: mod[`c${i}`] } as FunctionModule;
    const paths = Array.isArray(config.path) ? config.path : [config.path];
    const methods = config.method ? (Array.isArray(config.method) ? config.method : [config.method]) : null;
    return { name, handler, methods, patterns: paths.map(compile) };
  });

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${options.port}`);
    for (const route of routes) {
      if (route.methods && !route.methods.includes(req.method ?? "GET")) continue;
      for (const { regex, names } of route.patterns) {
        const match = regex.exec(url.pathname);
        if (!match) continue;
        const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const hasBody = req.method !== "GET" && req.method !== "HEAD";
        const request = new Request(url, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: hasBody ? Buffer.concat(chunks) : undefined,
        });
        const context = { params, ip: "127.0.0.1", requestId: randomUUID(), waitUntil: () => {} };
        try {
          const answer = await route.handler(request, context);
          const headers: Record<string, string | string[]> = {};
          answer.headers.forEach((value, key) => {
            if (key !== "set-cookie") headers[key] = value;
          });
          const cookies = answer.headers.getSetCookie();
          if (cookies.length) headers["set-cookie"] = cookies;
          res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
        } catch (error) {
          res.writeHead(502, { "content-type": "text/plain" }).end(`function ${route.name} crashed: ${String(error)}`);
        }
        return;
      }
    }
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "No function here." }));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });

  return {
    url: `http://127.0.0.1:${options.port}`,
    server: { store: mod.store },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await blobs.stop();
      await rm(directory, { recursive: true, force: true });
      await rm(bundle, { force: true });
    },
  };
}
