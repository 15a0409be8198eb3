// HTTP helpers shared by every function: JSON answers, the API's error shape, and safe body parsing.
import type { z } from "zod";

export interface ErrorIssue {
  path: string;
  message: string;
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** `{ error, issues? }` with the given status: the one error shape of the API. */
export function errorResponse(status: number, error: string, issues?: ErrorIssue[], init: ResponseInit = {}): Response {
  return json(issues?.length ? { error, issues } : { error }, { ...init, status });
}

export function methodNotAllowed(allowed: string[]): Response {
  return errorResponse(405, `Method not allowed. Use ${allowed.join(" or ")}.`, undefined, {
    headers: { allow: allowed.join(", ") },
  });
}

/** Thrown inside server code to end a request with a given status and message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function zodIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.slice(0, 20).map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Reads a JSON body and validates it with `schema`. Refuses a wrong media type (415), a body over
 * `maxBytes` (413), text that is not JSON or too deeply nested (400) and input the schema rejects (400).
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = DEFAULT_BODY_LIMIT,
): Promise<z.infer<S>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, "Send the request body as JSON with the header Content-Type: application/json.");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, `The request body is too large (limit ${maxBytes} bytes).`);
  const text = await readTextWithin(req, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  if (depthOf(data) > 8) throw new HttpError(400, "The request body is nested too deeply.");
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(400, "Some fields are missing or invalid.", zodIssues(parsed.error));
  return parsed.data;
}

async function readTextWithin(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, `The request body is too large (limit ${maxBytes} bytes).`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > 8 || value === null || typeof value !== "object") return depth;
  let max = depth + 1;
  for (const child of Object.values(value)) max = Math.max(max, depthOf(child, depth + 1));
  return max;
}

/**
 * Wraps a handler so an HttpError becomes its JSON answer and anything unexpected becomes a
 * logged 500 that says nothing internal. Logs carry the request id, never bodies.
 */
export function handle<C extends { requestId?: string }>(
  fn: (req: Request, context: C) => Promise<Response>,
): (req: Request, context: C) => Promise<Response> {
  return async (req, context) => {
    try {
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.issues);
      log("error", "unhandled error", {
        requestId: context?.requestId,
        path: new URL(req.url).pathname,
        error: error instanceof Error ? error.message : String(error),
      });
      return errorResponse(500, "Something went wrong on our side. Please try again.");
    }
  };
}

/** One JSON line per event; callers pass ids and counts, never secrets, tokens or card data. */
export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, msg, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}
