// The site served on 127.0.0.1 the way Netlify serves it, for browser journeys, the bench and the load
// test (one router for all three): a function whose config.path matches answers first, with the
// context Netlify passes (params, ip, requestId); then a file of dist/ with the headers of
// netlify.toml's [[headers]] and of dist/_headers; then /.netlify/images (the Image CDN, passing the
// original through); then Astro's server-rendered pages. Runs under Node 24 as it is (erasable
// TypeScript only) and under Vitest.
import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";

export type Handler = (req: Request, context: any) => Promise<Response> | Response;

export interface FunctionModule {
  default: Handler;
  config?: { path?: string | string[]; method?: string | string[] };
}

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

export interface LocalNetlifyOptions {
  /** The modules of netlify/functions (those with a config.path are routed). */
  functions: FunctionModule[];
  /** A built dist/ to serve files from. */
  dist?: string;
  /** Astro's server-rendered pages (.netlify/v1/functions/ssr/ssr.mjs of a build). */
  ssr?: FunctionModule;
  /** netlify.toml's text, for its [[headers]] rules. */
  netlifyToml?: string;
  /** 0 (the default) for any free port. */
  port?: number;
  /** The client address functions see (context.ip); by default what Netlify's edge would report. */
  clientIp?: (req: IncomingMessage) => string;
}

export interface LocalNetlify {
  url: string;
  stop(): Promise<void>;
}

export interface Route {
  patterns: URLPattern[];
  methods: string[] | null;
  handler: Handler;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".ico": "image/x-icon",
};

/** The routes of the functions that declare a config.path (Netlify's URLPattern syntax). */
export function routesOf(functions: FunctionModule[]): Route[] {
  return functions
    .filter((fn) => typeof fn.default === "function" && fn.config?.path)
    .map((fn) => ({
      patterns: [fn.config!.path!].flat().map((pathname) => new URLPattern({ pathname })),
      methods: fn.config!.method ? [fn.config!.method].flat().map((method) => method.toUpperCase()) : null,
      handler: fn.default,
    }));
}

/** The [[headers]] rules of netlify.toml (the subset of TOML the file uses: `key = "basic string"`). */
export function tomlHeaderRules(toml: string): HeaderRule[] {
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
      if (!inValues) current = null;
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

/** The rules of a _headers file: a path line, then indented `Name: value` lines. */
export function headersFileRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split("\n")) {
    if (!raw.trim() || raw.trim().startsWith("#")) continue;
    if (!/^\s/.test(raw)) rules.push({ for: raw.trim(), values: {} });
    else {
      const at = raw.indexOf(":");
      const rule = rules.at(-1);
      if (rule && at > 0) rule.values[raw.slice(0, at).trim()] = raw.slice(at + 1).trim();
    }
  }
  return rules;
}

/**
 * Netlify's path patterns, as its headers parser reads them (@netlify/headers-parser, `getForRegExp`): a
 * `:name` segment is one segment, a lone `*` everything below and the folder itself ("/es/*" matches "/es"),
 * a `*` inside a segment any characters; a trailing slash is optional and case does not matter.
 */
export function ruleMatches(pattern: string, path: string): boolean {
  const escape = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&");
  const parts = pattern
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? "([^/]+)" : part === "*" ? "?(.*)" : part.split("*").map(escape).join("(.*)")));
  return new RegExp(`^/${parts.join("/")}/?$`, "iu").test(path);
}

/** The headers of the rules matching `path`; Netlify joins the values of a header several rules set. */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!ruleMatches(rule.for, path)) continue;
    for (const [name, value] of Object.entries(rule.values)) headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}

/** The address Netlify's edge reports in x-nf-client-connection-ip (a load test's clients send theirs), else this machine. */
function edgeClientAddress(req: IncomingMessage): string {
  const header = req.headers["x-nf-client-connection-ip"];
  return (Array.isArray(header) ? header[0] : header)?.trim() || "127.0.0.1";
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isFile(),
    () => false,
  );
}

/** The dist/ file for a path: the file, x.html, or x/index.html (Astro's "directory" format). */
async function staticFile(dist: string, pathname: string): Promise<string | null> {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
  for (const candidate of [join(dist, clean), join(dist, `${clean}.html`), join(dist, clean, "index.html")]) {
    if (candidate.startsWith(dist) && (await isFile(candidate))) return candidate;
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<ArrayBuffer | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export async function send(res: ServerResponse, answer: Response, extra: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string | string[]> = { ...extra };
  answer.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
}

/** What Netlify passes a function as its context (params, ip, requestId...), for one request. */
export function functionContext(req: IncomingMessage, params: Record<string, string> = {}, clientIp?: (req: IncomingMessage) => string) {
  return {
    params,
    ip: clientIp?.(req) ?? edgeClientAddress(req),
    requestId: randomUUID(),
    deploy: { context: "dev", id: "local", published: false },
    waitUntil: () => {},
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
  };
}

/** The route of `routes` that answers `method` at `pathname`, with its path parameters, or null. */
export function matchRoute(routes: Route[], method: string, pathname: string): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.methods && !route.methods.includes(method)) continue;
    for (const pattern of route.patterns) {
      const found = pattern.exec({ pathname });
      if (!found) continue;
      const params = Object.fromEntries(Object.entries(found.pathname.groups).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      return { route, params };
    }
  }
  return null;
}

/** A Node request as the Request a function receives (its body read first). */
export async function webRequest(req: IncomingMessage, url: URL): Promise<Request> {
  const body = await readBody(req);
  return new Request(url, {
    method: (req.method ?? "GET").toUpperCase(),
    headers: Object.entries(req.headers).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])) as [string, string][],
    body,
  });
}

export async function serveLocalNetlify(options: LocalNetlifyOptions): Promise<LocalNetlify> {
  const routes = routesOf(options.functions);
  let headerRules = options.netlifyToml ? tomlHeaderRules(options.netlifyToml) : [];
  if (options.dist) {
    const file = await readFile(join(options.dist, "_headers"), "utf8").catch(() => "");
    headerRules = [...headerRules, ...headersFileRules(file)];
  }
  let port = options.port ?? 0;
  const context = (req: IncomingMessage, params: Record<string, string> = {}) => functionContext(req, params, options.clientIp);

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      const method = (req.method ?? "GET").toUpperCase();
      const body = await readBody(req);
      const request = () =>
        new Request(url, {
          method,
          headers: Object.entries(req.headers).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])) as [string, string][],
          body,
        });
      const matched = matchRoute(routes, method, url.pathname);
      if (matched) return await send(res, await matched.route.handler(request(), context(req, matched.params)));
      if (options.dist && (method === "GET" || method === "HEAD")) {
        // The Image CDN reads `url` from the site's root: Astro writes it without a leading slash (url=_astro%2Fhero.webp).
        const path = url.pathname === "/.netlify/images" ? new URL(url.searchParams.get("url") ?? "/", `${url.origin}/`).pathname : url.pathname;
        if (url.pathname === "/.netlify/images" && path.startsWith("/api/")) {
          // An uploaded picture: the Image CDN fetches it from the site's own function.
          const inner = new URL(path, url);
          for (const route of routes) {
            const found = route.patterns.map((pattern) => pattern.exec({ pathname: inner.pathname })).find(Boolean);
            if (found) {
              const params = Object.fromEntries(Object.entries(found.pathname.groups).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
              return await send(res, await route.handler(new Request(inner), context(req, params)));
            }
          }
        }
        const file = await staticFile(options.dist, path);
        if (file) {
          const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
          Object.assign(headers, headersForPath(headerRules, url.pathname));
          res.writeHead(200, headers).end(method === "HEAD" ? undefined : await readFile(file));
          return;
        }
      }
      if (options.ssr) return await send(res, await options.ssr.default(request(), context(req)));
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Nothing here." }));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(error instanceof Error ? error.message : String(error));
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  port = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
