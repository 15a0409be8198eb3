// API latency and throughput with autocannon against a local server, at 1 and at 20 concurrent
// clients, each level bounded by time or request count (and a 60 s timeout), only ever to 127.0.0.1.
import { randomUUID } from "node:crypto";
import type { BenchTools } from "./tools.ts";

export interface LoadLevel {
  connections: number;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Connection errors, timeouts and answers outside 2xx. */
  errors: number;
  statuses: Record<string, number>;
  samples: Record<string, string>;
}

export interface LoadTarget {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  /** A fresh body and headers per request (POST /api/orders needs a new Idempotency-Key each time). */
  next?: () => { body: string; headers: Record<string, string> };
}

/** How long one level runs: a fixed time, or a fixed number of requests (for a server too slow to answer within a time window). */
export type LoadBound = { seconds: number } | { amount: number };

export async function runLoad(tools: BenchTools, baseUrl: string, target: LoadTarget, connections: number, bound: LoadBound): Promise<LoadLevel> {
  const { default: autocannon } = await tools.load("autocannon");
  // The first answer body of each non-2xx status, so a report says what went wrong, not just how often.
  const samples: Record<string, string> = {};
  const request: Record<string, unknown> = {
    method: target.method,
    path: target.path,
    headers: target.headers ?? {},
    onResponse: (status: number, body: string) => {
      if ((status < 200 || status > 299) && !(status in samples)) samples[status] = String(body ?? "").slice(0, 200);
    },
  };
  if (target.next) {
    const next = target.next;
    request.setupRequest = (req: Record<string, any>) => {
      const { body, headers } = next();
      return { ...req, body, headers: { ...req.headers, ...headers } };
    };
  }
  const result: any = await autocannon({
    url: baseUrl,
    connections,
    ...("seconds" in bound ? { duration: bound.seconds } : { amount: bound.amount }),
    timeout: 60,
    requests: [request],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]: [string, any]) => [code, stat.count]));
  return {
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.latency.totalCount ?? result.requests.total,
    errors: (result.errors ?? 0) + (result.timeouts ?? 0) + (result.non2xx ?? 0),
    statuses,
    samples,
  };
}

/** A key Square and our API accept: letters, digits and dashes, at most 45 characters. */
export const idempotencyKey = () => `bench-${randomUUID()}`;
