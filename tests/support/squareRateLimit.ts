// Square's rate limiting in front of a fake Square: a proxy on 127.0.0.1 that answers Square's own 429
// (category RATE_LIMIT_ERROR, code RATE_LIMITED, the work not done) to payment calls above a number per
// second, and passes every other request through. Square publishes no number and no Retry-After; both
// are the test's choice. It counts what it saw, and how many calls were in flight at Square at once.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface RateLimitOptions {
  /** Payment calls (POST /v2/payments) Square takes in any one second; more are answered 429. */
  paymentsPerSecond: number;
  /** A Retry-After header (seconds) on the 429, which Square does not promise. */
  retryAfterSeconds?: number;
}

export interface SquareRateLimit {
  /** Where the SDK should send its calls. */
  url: string;
  /** Payment calls passed to Square, and answered 429. */
  readonly passed: number;
  readonly limited: number;
  /** Every request seen (all endpoints), and the most in flight at Square at once. */
  readonly requests: number;
  readonly peakInFlight: number;
  /** The bodies of the payment calls seen, in order (429s included), to compare retries with the first. */
  readonly paymentBodies: string[];
  reset(): void;
  stop(): Promise<void>;
}

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export async function startSquareRateLimit(squareUrl: string, options: RateLimitOptions): Promise<SquareRateLimit> {
  let passedAt: number[] = [];
  const counts = { passed: 0, limited: 0, requests: 0, inFlight: 0, peakInFlight: 0 };
  let paymentBodies: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    counts.requests += 1;
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "POST" && path === "/v2/payments") {
      paymentBodies.push(body.toString("utf8"));
      const now = Date.now();
      passedAt = passedAt.filter((at) => now - at < 1000);
      if (passedAt.length >= options.paymentsPerSecond) {
        counts.limited += 1;
        res.writeHead(429, {
          "content-type": "application/json",
          ...(options.retryAfterSeconds !== undefined ? { "retry-after": String(options.retryAfterSeconds) } : {}),
        });
        res.end(JSON.stringify({ errors: [{ category: "RATE_LIMIT_ERROR", code: "RATE_LIMITED", detail: "Rate limit exceeded." }] }));
        return;
      }
      passedAt.push(now);
      counts.passed += 1;
    }
    counts.inFlight += 1;
    counts.peakInFlight = Math.max(counts.peakInFlight, counts.inFlight);
    try {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !["host", "content-length", "connection"].includes(name))) as Record<string, string>;
      const answer = await fetch(`${squareUrl}${req.url}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    } finally {
      counts.inFlight -= 1;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get passed() {
      return counts.passed;
    },
    get limited() {
      return counts.limited;
    },
    get requests() {
      return counts.requests;
    },
    get peakInFlight() {
      return counts.peakInFlight;
    },
    get paymentBodies() {
      return paymentBodies;
    },
    reset() {
      passedAt = [];
      paymentBodies = [];
      Object.assign(counts, { passed: 0, limited: 0, requests: 0, peakInFlight: counts.inFlight });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
