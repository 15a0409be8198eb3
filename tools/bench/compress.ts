// Netlify's CDN in front of the locally served site, for Lighthouse: it compresses text (brotli, gzip to
// older clients), resizes and re-encodes pictures as the Image CDN does (the local router passes the
// original through), and keeps what may be cached at the edge, so Lighthouse measures what a visitor
// receives from the CDN, not a page rendered for it. Kept: GET answers 200 whose CDN rules allow it
// (Netlify-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control; no private/no-store), i.e. the
// pages rendered on request (s-maxage=300 under the tag "hours") and the deploy's static files (which
// Netlify's edge keeps until the next deploy). `warm(path)` makes the one request that fills the cache;
// an answer from the cache carries `x-bench-cache: hit` and `age`, as the CDN's would.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { constants, brotliCompressSync, gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

const COMPRESSIBLE = /(text\/|javascript|json|xml|svg)/i;

export interface CompressingProxy {
  url: string;
  /** Requests a path once through the proxy (filling the edge cache); resolves to whether it is now cached. */
  warm(path: string): Promise<boolean>;
  /** Answers served from the cache, and requests that went to the local server. */
  stats(): { hits: number; misses: number };
  stop(): Promise<void>;
}

interface Stored {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Compressed once, as the CDN keeps each encoding. */
  encoded: Map<string, Buffer>;
  at: number;
}

/** What Netlify's edge reads to decide whether it may keep an answer. */
export function edgeCacheable(headers: IncomingHttpHeaders): boolean {
  const rule = String(headers["netlify-cdn-cache-control"] ?? headers["cdn-cache-control"] ?? headers["cache-control"] ?? "public");
  if (/\b(private|no-store)\b/i.test(rule)) return false;
  if (headers["set-cookie"]) return false;
  return true;
}

function encodingFor(accepts: string): "br" | "gzip" | undefined {
  return /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
}

function encode(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 9 });
}

/**
 * What Netlify's Image CDN answers for /.netlify/images?url=...&w=&h=&q=&fit=: the picture resized within
 * w x h (fit "contain", its default, keeps the proportions; never enlarged), at quality q (default 75),
 * as WebP when the browser takes it, else in its own format.
 */
async function imageCdn(original: Buffer, query: URLSearchParams, accept: string): Promise<{ body: Buffer; type: string }> {
  const number = (name: string) => (Number(query.get(name)) > 0 ? Number(query.get(name)) : undefined);
  const fit = query.get("fit") === "cover" ? "cover" : query.get("fit") === "fill" ? "fill" : "inside";
  const quality = number("q") ?? 75;
  let image = sharp(original).resize({ width: number("w"), height: number("h"), fit, withoutEnlargement: true });
  const format = query.get("fm") ?? (/image\/webp/.test(accept) ? "webp" : undefined);
  if (format === "webp") image = image.webp({ quality });
  else if (format === "avif") image = image.avif({ quality });
  else if (format === "png") image = image.png();
  else if (format === "jpg" || format === "jpeg") image = image.jpeg({ quality });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { body: data, type: `image/${info.format === "jpeg" ? "jpeg" : info.format}` };
}

/** Listens on 127.0.0.1 (a port the system picks) and forwards every request to `target`. */
export async function startCompressingProxy(target: string, options: { cache?: boolean } = {}): Promise<CompressingProxy> {
  const upstream = new URL(target);
  const cache = new Map<string, Stored>();
  let hits = 0;
  let misses = 0;

  const reply = (req: IncomingMessage, res: import("node:http").ServerResponse, stored: Stored, hit: boolean) => {
    const headers: IncomingHttpHeaders = { ...stored.headers };
    // Hop-by-hop: the body is sent whole, with its own length.
    for (const name of ["transfer-encoding", "connection", "keep-alive", "content-length"]) delete headers[name];
    // The CDN-only rules stay at the edge, as Netlify's do.
    delete headers["netlify-cdn-cache-control"];
    delete headers["netlify-cache-tag"];
    headers["x-bench-cache"] = hit ? "hit" : "miss";
    if (hit) headers.age = String(Math.floor((Date.now() - stored.at) / 1000));
    const type = String(stored.headers["content-type"] ?? "");
    const encoding = COMPRESSIBLE.test(type) && !stored.headers["content-encoding"] ? encodingFor(String(req.headers["accept-encoding"] ?? "")) : undefined;
    let body = stored.body;
    if (encoding) {
      body = stored.encoded.get(encoding) ?? encode(stored.body, encoding);
      stored.encoded.set(encoding, body);
      headers["content-encoding"] = encoding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    }
    headers["content-length"] = String(body.length);
    res.writeHead(stored.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const server = createServer((req, res) => {
    const key = req.url ?? "/";
    const cached = options.cache !== false && (req.method === "GET" || req.method === "HEAD") ? cache.get(key) : undefined;
    if (cached) {
      hits++;
      return reply(req, res, cached, true);
    }
    misses++;
    // Netlify's CDN passes the visitor's Host on; the router behind this edge sees its own, so the visitor's
    // goes as X-Forwarded-Host, which the functions' same-site check of writes reads (src/server/platform/siteOrigin.ts).
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host, "x-forwarded-host": req.headers.host, "accept-encoding": "identity" } },
      (answer: IncomingMessage) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", async () => {
          const stored: Stored = { status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks), encoded: new Map(), at: Date.now() };
          if (key.startsWith("/.netlify/images?") && stored.status === 200 && String(answer.headers["content-type"] ?? "").startsWith("image/")) {
            try {
              const image = await imageCdn(stored.body, new URL(key, "http://edge").searchParams, String(req.headers.accept ?? ""));
              stored.body = image.body;
              stored.headers = { ...answer.headers, "content-type": image.type };
            } catch {
              // A picture sharp cannot read goes out as it is.
            }
          }
          if (options.cache !== false && req.method === "GET" && stored.status === 200 && edgeCacheable(answer.headers)) cache.set(key, stored);
          reply(req, res, stored, false);
        });
      },
    );
    forward.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("proxy: the local site did not answer");
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async warm(path: string) {
      const res = await fetch(url + path, { headers: { "accept-encoding": "br, gzip" }, signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      return cache.has(path);
    },
    stats: () => ({ hits, misses }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
