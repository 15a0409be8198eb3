// The browser's one way to call our API: JSON in and out, cookies sent, and any non-OK answer
// turned into an ApiError whose message is "{status}: {body text or status text}". Every call says the
// page's language (X-Site-Locale), so the API's errors come back in it.
import { asLocale, type Locale } from "../domain/i18n/locales";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body when there was one (`{ error, issues }`). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The server's human sentence (`error` of the JSON body), when it sent one. */
  get serverMessage(): string | undefined {
    const error = (this.body as { error?: unknown } | null)?.error;
    return typeof error === "string" ? error : undefined;
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
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseOrNull(text));
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
