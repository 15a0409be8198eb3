// A local Netlify Blobs server behind a proxy on 127.0.0.1 that can fail chosen requests with 500, so
// API tests can make the order store fail at an exact step (after a charge, say) and look afterwards.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

export interface BlobRequest {
  method: string;
  /** The decoded path, "/{siteID}/site:{store}/{key}", e.g. "/test-site/site:orders/order/abc..." */
  path: string;
}

export interface FaultyBlobs {
  /** Every request matching `when` answers 500 until healed (the client's own retries fail too). */
  failWhen(when: (request: BlobRequest) => boolean): void;
  heal(): void;
  /** How many requests were failed since the last heal. */
  failed(): number;
  stop(): Promise<void>;
}

export async function startFaultyBlobs(): Promise<FaultyBlobs> {
  const directory = await mkdtemp(join(tmpdir(), "jf-blobs-"));
  const token = "test-token";
  const server = new BlobsServer({ directory, token });
  const { port: upstreamPort } = await server.start();
  let rule: ((request: BlobRequest) => boolean) | null = null;
  let failedCount = 0;

  const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    if (rule?.({ method: req.method ?? "GET", path })) {
      failedCount += 1;
      req.resume();
      res.writeHead(500, { "content-type": "text/plain" }).end("injected fault");
      return;
    }
    const upstream = forward(
      { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  setEnvironmentContext({ siteID: "test-site", token, edgeURL: url, uncachedEdgeURL: url });

  return {
    failWhen(when) {
      rule = when;
      failedCount = 0;
    },
    heal() {
      rule = null;
    },
    failed: () => failedCount,
    async stop() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
