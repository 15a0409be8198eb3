// The functions' own cost without netlify serve's emulator (which loads a function afresh per request):
// each netlify/functions file bundled with esbuild, served through its default export by node:http on
// 127.0.0.1, with a local Blobs server. Run by the bench as a child process: node handler-server.ts DIR PORT.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { setDeployContext } from "../../tests/support/deployContext.ts";

type Handler = (req: Request, context: unknown) => Promise<Response> | Response;
interface Route {
  name: string;
  patterns: URLPattern[];
  methods?: string[];
  handler: Handler;
}

// A bench of the local stack: the code runs as it does under `astro dev` (src/server/env.ts).
setDeployContext("dev");

const [dir, portText] = process.argv.slice(2);
const port = Number(portText);
const folder = join(dir, "netlify", "functions");
// Inside the scratch copy so that bare imports resolve through its node_modules link.
const outDir = join(dir, ".bench-functions");
mkdirSync(outDir, { recursive: true });

const routes: Route[] = [];
for (const file of readdirSync(folder).filter((f) => /\.(mts|ts|mjs|js)$/.test(f) && !/\.test\./.test(f))) {
  const name = file.replace(/\.[^.]+$/, "");
  try {
    const outfile = join(outDir, `${name}.mjs`);
    await build({ entryPoints: [join(folder, file)], absWorkingDir: dir, bundle: true, packages: "external", platform: "node", format: "esm", target: "node24", outfile, logLevel: "silent" });
    const mod = await import(pathToFileURL(outfile).href);
    const paths: string[] = [mod.config?.path ?? []].flat();
    if (typeof mod.default !== "function" || !paths.length) continue;
    const methods = mod.config?.method ? [mod.config.method].flat().map((m: string) => m.toUpperCase()) : undefined;
    routes.push({ name, patterns: paths.map((pathname) => new URLPattern({ pathname })), methods, handler: mod.default });
  } catch (error) {
    process.stderr.write(`skipping ${name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}\n`);
  }
}

const { BlobsServer } = await import(pathToFileURL(join(dir, "node_modules", "@netlify", "blobs", "dist", "server.js")).href);
const { setEnvironmentContext } = await import(pathToFileURL(join(dir, "node_modules", "@netlify", "blobs", "dist", "main.js")).href);
const blobsDir = mkdtempSync(join(tmpdir(), "jf-bench-blobs-"));
const token = "bench-token";
const blobs = new BlobsServer({ directory: blobsDir, token });
const { port: blobsPort } = await blobs.start();
const blobsUrl = `http://127.0.0.1:${blobsPort}`;
setEnvironmentContext({ siteID: "bench-site", token, edgeURL: blobsUrl, uncachedEdgeURL: blobsUrl });

const cookies = { get: () => undefined, set: () => {}, delete: () => {} };
const server = createServer(async (incoming, outgoing) => {
  try {
    const url = new URL(incoming.url ?? "/", `http://127.0.0.1:${port}`);
    const method = (incoming.method ?? "GET").toUpperCase();
    let match: { route: Route; params: Record<string, string> } | undefined;
    for (const route of routes) {
      if (route.methods && !route.methods.includes(method)) continue;
      for (const pattern of route.patterns) {
        const found = pattern.exec({ pathname: url.pathname });
        if (found) {
          match = { route, params: Object.fromEntries(Object.entries(found.pathname.groups).filter((e): e is [string, string] => typeof e[1] === "string")) };
          break;
        }
      }
      if (match) break;
    }
    if (!match) {
      outgoing.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(key, value);
    const body = chunks.length && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
    const request = new Request(url, { method, headers, body });
    const context = {
      params: match.params,
      ip: "127.0.0.1",
      requestId: Math.random().toString(36).slice(2),
      deploy: { context: "dev", id: "bench", published: false },
      cookies,
      waitUntil: () => {},
    };
    const response = await match.route.handler(request, context);
    const out = Buffer.from(await response.arrayBuffer());
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(out);
  } catch (error) {
    outgoing.writeHead(500, { "content-type": "text/plain" }).end(error instanceof Error ? error.message : String(error));
  }
});
server.listen(port, "127.0.0.1", () => process.stdout.write(`ready ${routes.map((r) => r.name).join(",")}\n`));

const stop = async () => {
  server.close();
  await blobs.stop();
  rmSync(blobsDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
