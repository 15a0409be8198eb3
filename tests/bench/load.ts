// API latency and throughput with autocannon against the local server, at 1 and at 20 concurrent
// clients for a fixed time each: bounded in count and time, and only ever to 127.0.0.1.
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
}

export interface LoadTarget {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  /** A fresh body and headers per request (POST /api/orders needs a new Idempotency-Key each time). */
  next?: () => { body: string; headers: Record<string, string> };
}

export async function runLoad(tools: BenchTools, baseUrl: string, target: LoadTarget, connections: number, seconds: number): Promise<LoadLevel> {
  const { default: autocannon } = await tools.load("autocannon");
  const request: Record<string, unknown> = { method: target.method, path: target.path, headers: target.headers ?? {} };
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
    duration: seconds,
    timeout: 20,
    requests: [request],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]: [string, any]) => [code, stat.count]));
  return {
    connections,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    errors: (result.errors ?? 0) + (result.timeouts ?? 0) + (result.non2xx ?? 0),
    statuses,
  };
}

/** A key Square and our API accept: letters, digits and dashes, at most 45 characters. */
export const idempotencyKey = () => `bench-${randomUUID()}`;
