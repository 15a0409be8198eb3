// A compressing proxy in front of the locally served site, for Lighthouse: netlify serve sends text
// uncompressed, while Netlify's CDN sends it brotli-compressed (gzip to older clients). Lighthouse
// should measure what a visitor receives, so it loads the pages through this.
import { createServer, request, type IncomingMessage } from "node:http";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { AddressInfo } from "node:net";

const COMPRESSIBLE = /(text\/|javascript|json|xml|svg)/i;

export interface CompressingProxy {
  url: string;
  stop(): Promise<void>;
}

/** Listens on 127.0.0.1 (a port the system picks) and forwards every request to `target`. */
export async function startCompressingProxy(target: string): Promise<CompressingProxy> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host, "accept-encoding": "identity" } },
      (answer: IncomingMessage) => {
        const headers = { ...answer.headers };
        const accepts = String(req.headers["accept-encoding"] ?? "");
        const type = String(answer.headers["content-type"] ?? "");
        const encoding = !COMPRESSIBLE.test(type) || answer.headers["content-encoding"] ? undefined : /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
        if (!encoding) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        delete headers["content-length"];
        headers["content-encoding"] = encoding;
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        res.writeHead(answer.statusCode ?? 502, headers);
        const zip = encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : createGzip({ level: 9 });
        answer.pipe(zip).pipe(res);
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
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
