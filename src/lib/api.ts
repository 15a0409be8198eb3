// The browser's one way to call our API: JSON in and out, cookies sent, and any non-OK answer
// turned into an ApiError whose message is "{status}: {body text or status text}", with the answer's
// own words typed ({ error, code, issues }) and its Retry-After. Every call says the page's language
// (X-Site-Locale), so the API's errors come back in it.
import { asLocale, type Locale } from "../domain/i18n/locales";

/** One problem of a refused request, as the API lists them (`{ path, message }`). */
export interface ApiIssue {
  path: string;
  message: string;
}

/** What a refusal's JSON body holds: the human sentence, the machine's word for it, and the fields at fault. */
export interface ApiErrorBody {
  error?: string;
  /** The server's word for the refusal where the browser acts on it (e.g. "verification_required"). */
  code?: string;
  issues?: ApiIssue[];
}

// Kept small on purpose: this module is in the first script of every page with live data (the menus).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body (as the API sends it) when there was one; null when the answer was not JSON. */
    readonly body: ApiErrorBody | null,
    /** Seconds the answer asked to wait before trying again (its Retry-After), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The server's human sentence (`error` of the JSON body), when it sent one. */
  get serverMessage(): string | undefined {
    return typeof this.body?.error === "string" ? this.body.error : undefined;
  }
}

/** Sent on the window after a write (any method but GET) is answered OK: the console refreshes what it shows of it. */
export const API_CHANGED_EVENT = "api:changed";

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls the API and answers its JSON (null for an empty body). A refusal throws ApiError; a network
 * that fails throws the platform's TypeError, and an answer that is not JSON a SyntaxError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", "x-site-locale": pageLocale(), ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const res = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: "include",
    signal: options.signal,
  });
  const text = await res.text();
  if (!res.ok) {
    // Our API sends Retry-After in seconds (absent: 0, so undefined).
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseOrNull(text) as ApiErrorBody | null, Number(res.headers.get("retry-after")) || undefined);
  }
  if (method !== "GET" && typeof dispatchEvent === "function") {
    dispatchEvent(new CustomEvent(API_CHANGED_EVENT, { detail: path }));
  }
  return (text ? JSON.parse(text) : null) as T;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The language of the page this script runs on (its <html lang>, set by BaseLayout from the route). */
export function pageLocale(): Locale {
  return typeof document === "undefined" ? "en" : asLocale(document.documentElement.lang);
}

/** A cached public answer in the page's language: "/api/menu" on English pages, "/api/menu?lang=es" on Spanish ones. */
export function inPageLanguage(path: string): string {
  const locale = pageLocale();
  return locale === "en" ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${locale}`;
}
