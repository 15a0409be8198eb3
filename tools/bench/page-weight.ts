// What a phone downloads for one page, measured in Chromium: bytes per kind (raw and gzip), requests,
// and the JavaScript before any interaction and after scrolling to the bottom. Shared by the bench and
// the budget test, so both apply the same rule.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { MOBILE } from "../../tests/support/browser.ts";

export type Kind = "js" | "css" | "html" | "image" | "font" | "data" | "other";

export interface Transfer {
  url: string;
  kind: Kind;
  status: number;
  raw: number;
  gzip: number;
  /** The bytes a visitor pays: gzip for text, the file itself for already-compressed images and fonts. */
  wire: number;
}

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface Snapshot {
  requests: number;
  byKind: Record<Kind, Bytes>;
  /** Scripts written inside the HTML (Astro's island loader, small hoisted scripts): JS all the same. */
  inlineJs: Bytes;
  /** External script files plus inline scripts. */
  js: Bytes;
  /** What a phone downloads: the sum of `wire` over every response. */
  weight: number;
  transfers: Transfer[];
}

/** The page's own HTML document. */
export interface DocumentBytes {
  /** As the browser reads it, decoded. */
  raw: number;
  /** The body bytes as the local server sent them (compressed only if it compressed). */
  served: number;
  /** The Content-Encoding the local server used, if any. */
  encoding?: string;
  /** Brotli at its highest quality, as Netlify's CDN sends HTML to browsers that accept it. */
  brotli: number;
}

export interface PageWeight {
  url: string;
  status: number;
  document?: DocumentBytes;
  /** Loaded and left alone: no scroll, no tap. */
  initial: Snapshot;
  /** After scrolling slowly to the bottom (islands with client:visible hydrate). */
  scrolled?: Snapshot;
  /** Requests to anything but 127.0.0.1, blocked as on this offline machine (third-party widgets). */
  blockedExternal: string[];
}

const TEXT = /(javascript|ecmascript|css|html|json|xml|svg|text\/)/i;

function kindOf(response: Response): Kind {
  const type = response.headers()["content-type"] ?? "";
  const resource = response.request().resourceType();
  const path = new URL(response.url()).pathname;
  if (/javascript|ecmascript/.test(type) || resource === "script" || /\.m?js$/.test(path)) return "js";
  if (/text\/css/.test(type) || resource === "stylesheet") return "css";
  if (resource === "document" || /text\/html/.test(type)) return "html";
  if (/^image\//.test(type) || resource === "image") return "image";
  if (/font/.test(type) || resource === "font") return "font";
  if (/json/.test(type) || resource === "fetch" || resource === "xhr") return "data";
  return "other";
}

const emptyBytes = (): Bytes => ({ raw: 0, gzip: 0 });
const gz = (data: Buffer | string) => gzipSync(data).length;

/** Resolves once no request has been in flight for `quietMs` (or after `maxMs`). */
async function settle(page: Page, inflight: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inflight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await page.waitForTimeout(100);
  }
  // Let client:idle islands start: they wait for an idle callback, then import their code.
  await page.evaluate(
    () => new Promise<void>((resolve) => ("requestIdleCallback" in window ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 200))),
  );
  const idleDeadline = Date.now() + 3000;
  while (inflight() > 0 && Date.now() < idleDeadline) await page.waitForTimeout(100);
}

async function inlineScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((script) => ["", "module", "text/javascript", "application/javascript"].includes((script.getAttribute("type") ?? "").toLowerCase()))
      .map((script) => script.textContent ?? ""),
  );
}

function snapshot(transfers: Transfer[], inline: string[]): Snapshot {
  const byKind = { js: emptyBytes(), css: emptyBytes(), html: emptyBytes(), image: emptyBytes(), font: emptyBytes(), data: emptyBytes(), other: emptyBytes() };
  for (const t of transfers) {
    byKind[t.kind].raw += t.raw;
    byKind[t.kind].gzip += t.gzip;
  }
  const inlineJs = inline.length ? { raw: Buffer.byteLength(inline.join("\n")), gzip: gz(inline.join("\n")) } : emptyBytes();
  return {
    requests: transfers.length,
    byKind,
    inlineJs,
    js: { raw: byKind.js.raw + inlineJs.raw, gzip: byKind.js.gzip + inlineJs.gzip },
    weight: transfers.reduce((sum, t) => sum + t.wire, 0),
    transfers: [...transfers],
  };
}

/**
 * Loads `url` in a phone-sized, offline context (with `localStorage` set first, e.g. a cart) and measures
 * it. With `scroll`, then scrolls half a screen at a time to the bottom (re-checking as the page grows)
 * and measures the total again.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  options: { scroll?: boolean; localStorage?: Record<string, string> } = {},
): Promise<PageWeight> {
  const context: BrowserContext = await browser.newContext(MOBILE);
  if (options.localStorage) {
    await context.addInitScript((values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, options.localStorage);
  }
  const origin = new URL(url).origin;
  const blockedExternal: string[] = [];
  await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*$/, (route) => {
    const target = route.request().url();
    if (target.startsWith("data:") || target.startsWith("blob:")) return route.continue();
    blockedExternal.push(target);
    return route.abort("internetdisconnected");
  });
  const page = await context.newPage();
  let inflight = 0;
  const pending: Promise<void>[] = [];
  const transfers: Transfer[] = [];
  page.on("request", () => inflight++);
  page.on("requestfailed", () => inflight--);
  page.on("response", (response) => {
    const done = (async () => {
      try {
        if (!response.url().startsWith(origin)) return;
        const kind = kindOf(response);
        // Redirects and 304s have no body of their own.
        const body = await response.body().catch(() => Buffer.alloc(0));
        const type = response.headers()["content-type"] ?? "";
        const gzip = body.length ? gz(body) : 0;
        transfers.push({ url: response.url(), kind, status: response.status(), raw: body.length, gzip, wire: TEXT.test(type) ? gzip : body.length });
      } finally {
        inflight--;
      }
    })();
    pending.push(done);
  });
  try {
    const main = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    let html: DocumentBytes | undefined;
    if (main) {
      const body = await main.body().catch(() => Buffer.alloc(0));
      const sizes = await main.request().sizes().catch(() => undefined);
      html = {
        raw: body.length,
        served: sizes?.responseBodySize ?? body.length,
        encoding: main.headers()["content-encoding"],
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    }
    await settle(page, () => inflight, 1000, 20_000);
    await Promise.all(pending);
    const initial = snapshot(transfers, await inlineScripts(page));
    let scrolled: Snapshot | undefined;
    if (options.scroll) {
      for (let step = 0; step < 400; step++) {
        const atBottom = await page.evaluate(() => {
          window.scrollBy(0, Math.round(window.innerHeight / 2));
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        await page.waitForTimeout(150);
        if (atBottom) break;
      }
      await settle(page, () => inflight, 1500, 20_000);
      await Promise.all(pending);
      scrolled = snapshot(transfers, await inlineScripts(page));
    }
    return { url, status: main?.status() ?? 0, document: html, initial, scrolled, blockedExternal };
  } finally {
    await context.close();
  }
}
