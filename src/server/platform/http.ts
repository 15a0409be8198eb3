// HTTP helpers shared by every function: JSON answers, the API's error shape, safe body parsing, and
// structured logs that carry the request id of the request they belong to.
import { AsyncLocalStorage } from "node:async_hooks";
import type { z } from "zod";
import site from "../../../content/site.json";
import { InvalidRequest, ServiceError, statusOf, TooLarge, UnsupportedMediaType } from "./errors";
import { isLocale, localeOfRequest, type Locale } from "../../domain/i18n/locales";
import { errorText, said, type Said } from "../../domain/i18n/ui/errors";
import { issueSaid } from "./issueCodes";

/** The language to answer in: the site's own X-Site-Locale header, else Accept-Language; English when neither says. */
export function requestLocale(req: Request): Locale {
  return localeOfRequest(req.headers);
}

/**
 * The language of an answer the CDN caches: `?lang=es` only. The CDN keys its copies by URL, so a
 * language taken from a header would hand one visitor's Spanish to the next visitor.
 */
export function urlLocale(req: Request): Locale {
  const lang = new URL(req.url).searchParams.get("lang");
  return isLocale(lang) ? lang : "en";
}

export interface ErrorIssue {
  path: string;
  /** The English message (the schema's own words, or the English of `said`). */
  message: string;
  /** The stable code of the problem, when it has one. */
  code?: string;
  /** Its words in every language: the answer shows them in the request's (never sent as such). */
  said?: Said;
}

/** A field problem known by its code: its English message and its words in every language. */
export function issue(path: string, refusal: Said): ErrorIssue {
  return { path, message: errorText(refusal, "en"), code: refusal.code, said: refusal };
}

/** Issues as an answer shows them: each message in `locale`, with its code, nothing internal. */
function issuesIn(issues: ErrorIssue[] | undefined, locale: Locale): ErrorIssue[] | undefined {
  return issues?.map(({ path, message, code, said: words }) => ({
    path,
    // English keeps the schema's own message (clients read it); other languages take the code's words.
    message: words && locale !== "en" ? errorText(words, locale) : message,
    ...(code ? { code } : {}),
  }));
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  // netlify.toml's headers reach static files only; function answers say it themselves.
  headers.set("x-content-type-options", "nosniff");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** `{ error, code?, issues? }` with the given status: the one error shape of the API. */
export function errorResponse(status: number, error: string, issues?: ErrorIssue[], init: ResponseInit = {}, code?: string): Response {
  const shown = issuesIn(issues, "en");
  return json({ error, ...(code ? { code } : {}), ...(shown?.length ? { issues: shown } : {}) }, { ...init, status });
}

/** An error answer in the request's language: `refusal`'s words, its code, and its issues' words. */
function refusalResponse(req: Request, status: number, refusal: Said, issues?: ErrorIssue[], init: ResponseInit = {}): Response {
  const locale = requestLocale(req);
  return errorResponse(status, errorText(refusal, locale), issuesIn(issues, locale), init, refusal.code);
}

export function methodNotAllowed(allowed: string[]): Response {
  return errorResponse(405, `Method not allowed. Use ${allowed.join(" or ")}.`, undefined, {
    headers: { allow: allowed.join(", ") },
  });
}

/** zod's problems as the answer's issues: the schema's English message, with each problem's code. */
export function zodIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.slice(0, 20).map((problem) => {
    const path = problem.path.map(String).join(".") || "(body)";
    const words = issueSaid(problem, path);
    return { path, message: problem.message, code: words.code, said: words };
  });
}

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Reads a JSON body and validates it with `schema`. Refuses a wrong media type, a body over `maxBytes`,
 * text that is not JSON or too deeply nested, and input the schema rejects (each its service error).
 */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = DEFAULT_BODY_LIMIT,
): Promise<z.infer<S>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new UnsupportedMediaType(said("json_required"));
  }
  const text = await readTextWithin(req, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InvalidRequest(said("invalid_json"));
  }
  if (depthOf(data) > 8) throw new InvalidRequest(said("body_too_deep"));
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new InvalidRequest(said("invalid_fields"), zodIssues(parsed.error));
  return parsed.data;
}

async function readTextWithin(req: Request, maxBytes: number): Promise<string> {
  const bytes = await readBytesWithin(req, maxBytes, said("body_too_large", maxBytes));
  return new TextDecoder().decode(bytes);
}

/** The body's bytes, reading no further than `maxBytes`: past it, TooLarge with `tooLargeMessage`. */
export async function readBytesWithin(req: Request, maxBytes: number, tooLargeMessage: string | Said): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new TooLarge(tooLargeMessage);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TooLarge(tooLargeMessage);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > 8 || value === null || typeof value !== "object") return depth;
  let max = depth + 1;
  for (const child of Object.values(value)) max = Math.max(max, depthOf(child, depth + 1));
  return max;
}

/** The request a log line belongs to: set by handle() for everything that runs inside a request. */
const requestScope = new AsyncLocalStorage<{ requestId: string | undefined }>();

/**
 * Wraps a handler so a service error becomes its JSON answer (its status from statusOf()) and anything
 * unexpected becomes a logged 500 that says nothing internal. Every log() line written while it runs
 * carries the request id (context.requestId), however deep in src/server it is written.
 */
export function handle<C extends { requestId?: string }>(
  fn: (req: Request, context: C) => Promise<Response>,
): (req: Request, context: C) => Promise<Response> {
  return (req, context) =>
    requestScope.run({ requestId: context?.requestId }, async () => {
      try {
        return await fn(req, context);
      } catch (error) {
        if (error instanceof ServiceError) {
          const status = statusOf(error);
          if (error.said) return refusalResponse(req, status, error.said, error.issues, { headers: error.headers });
          return errorResponse(status, error.message, error.issues, { headers: error.headers });
        }
        if (isDatabaseDown(error)) {
          log("error", "the database cannot be reached", { path: loggedPath(req.url), code: (error as { code?: string }).code });
          return refusalResponse(req, 503, DATABASE_DOWN, undefined, { headers: { "retry-after": "60" } });
        }
        log("error", "unhandled error", {
          path: loggedPath(req.url),
          error: error instanceof Error ? error.message : String(error),
        });
        return refusalResponse(req, 500, said("internal_error"));
      }
    });
}

/** What a visitor reads when the records cannot be reached: the pages are files and stay up, ordering does not. */
export const DATABASE_DOWN: Said = said("database_unavailable", site.phone);

/** Connection failures of the database (refused, reset, shut down, cannot connect now), not a statement's error. */
export function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|57P0[123]|08\d{3})$/.test(code)) return true;
  return error instanceof Error && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(error.message);
}

/** Field names whose values never reach a log line, whatever a caller passes. */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|authori[sz]ation|card|nonce|source_?id|e-?mail|cvv/i;
/**
 * An order's own id is the key to its page (the customer's name, phone and address for 30 days): log
 * lines name the order number instead, and a field named for the id is masked whatever a caller passes.
 */
const ORDER_ID_FIELD = /^(order_?id|public_?(order_?)?id)$/i;

/** A request's path for the log: an order's id in it (/api/orders/{id}, /api/admin/orders/{id}/...) masked. */
function loggedPath(url: string): string {
  return new URL(url).pathname.replace(/(\/orders\/)[^/]+/, "$1[order]");
}

/**
 * A last line of defence for free text (error messages): e-mail addresses, card tokens and
 * card-number-like digit runs are masked. Callers still pass ids and counts, not customer data.
 */
export function redact(text: string): string {
  return text
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g, "[email]")
    .replace(/\b(cnon|ccof|cnon:card-nonce)[:\w-]*/gi, "[token]")
    .replace(/\b(?:\d[ -]?){13,19}\b/g, "[number]");
}

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(key) || ORDER_ID_FIELD.test(key)) clean[key] = "[redacted]";
    else if (typeof value === "string") clean[key] = redact(value);
    else clean[key] = value;
  }
  return clean;
}

/**
 * One JSON line per event, with the current request's id. Callers pass ids and counts, never
 * secrets, tokens, card data or customer details; scrub() masks what slips through anyway.
 */
export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}): void {
  const requestId = requestScope.getStore()?.requestId;
  const line = JSON.stringify({ level, msg: redact(msg), ...(requestId ? { requestId } : {}), ...scrub(fields) });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}
