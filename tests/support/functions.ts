// Calls a Netlify function's default export the way the platform does: a real Request and a context.
import type { Context } from "@netlify/functions";

export type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text instead of JSON. */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  ip?: string;
}

export const SITE_ORIGIN = "http://127.0.0.1:4321";

/**
 * Each call comes from a client of its own unless a test names one, as different customers would: each in a
 * /24 of its own too (the block every per-network limit also counts), 250 calls before a /24 comes again.
 */
let nextClient = 0;
function anotherClient(): string {
  nextClient++;
  return `203.0.${nextClient % 250}.${(Math.floor(nextClient / 250) % 250) + 1}`;
}

/** Work the functions handed to waitUntil (mail sent after the answer, a customer linked), not yet settled. */
const backgroundWork = new Set<Promise<unknown>>();

/**
 * Waits until the work handed to waitUntil has settled, as Netlify lets an invocation finish it before the
 * instance goes. A test file ends with it (api.setup.ts): work left running would meet the next file's
 * database and fakes, since the files of a worker share its process.
 */
export async function settleBackgroundWork(): Promise<void> {
  while (backgroundWork.size > 0) await Promise.allSettled([...backgroundWork]);
}

export function makeContext(params: Record<string, string> = {}, ip = anotherClient()): Context {
  return {
    params,
    ip,
    requestId: `test-${Math.random().toString(36).slice(2)}`,
    deploy: { context: "dev", id: "test", published: false },
    waitUntil: (work: Promise<unknown>) => {
      const tracked = Promise.resolve(work).finally(() => backgroundWork.delete(tracked));
      backgroundWork.add(tracked);
    },
  } as unknown as Context;
}

export async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const req = new Request(new URL(path, SITE_ORIGIN), { method, headers, body });
  return handler(req, makeContext(options.params, options.ip));
}

/** A call of a function kept to be made later, as table-driven tests list them. */
export interface FunctionCall {
  handler: Handler;
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Makes a kept call, with `headers` over its own (a session cookie, an origin). */
export function callAs(request: FunctionCall, headers: Record<string, string> = {}): Promise<Response> {
  const { handler, path, method, body, params } = request;
  return call(handler, path, { method, body, params, headers: { ...request.headers, ...headers } });
}

/** The JSON body of an answer, asserting it is JSON. */
export async function jsonOf<T = any>(res: Response): Promise<T> {
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) throw new Error(`Expected JSON, got ${type}: ${await res.text()}`);
  return (await res.json()) as T;
}
