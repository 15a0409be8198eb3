// The public pages' JavaScript and HTML budgets, measured on the production build: dev-mode scripts are
// unbundled and prove nothing. Same rules as `npm run bench` (tools/bench/page-weight.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { BUDGETS, KB } from "../../tools/bench/budgets";
import { startSite, type RunningSite } from "../support/site";
import { measurePage, type PageWeight, type Snapshot } from "../../tools/bench/page-weight";

let server: RunningSite | undefined;
let browser: Browser | undefined;
let home: PageWeight;
let fullMenu: PageWeight;
let spanishFullMenu: PageWeight;

const files = (s: Snapshot) =>
  s.transfers
    .filter((t) => t.kind === "js")
    .map((t) => `${new URL(t.url).pathname} ${(t.gzip / KB).toFixed(1)} KB`)
    .concat(s.inlineJs.gzip ? [`inline scripts ${(s.inlineJs.gzip / KB).toFixed(1)} KB`] : [])
    .join(", ");

beforeAll(async () => {
  // The run's production build as Netlify serves it: pages are rendered on request by its functions.
  [server, browser] = await Promise.all([startSite({ clock: "2026-11-21T11:00:00-05:00" }), launchBrowser()]);
  home = await measurePage(browser!, `${server.url}/`, { scroll: true });
  fullMenu = await measurePage(browser!, `${server.url}/full-menu`);
  spanishFullMenu = await measurePage(browser!, `${server.url}/es/full-menu`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the home page's JavaScript on a phone (production build, gzip)", () => {
  it("is at most 15 KB before the visitor scrolls or taps", () => {
    expect(home.status).toBe(200);
    const js = home.initial.js.gzip;
    expect(js, `loaded before interaction: ${files(home.initial)}`).toBeLessThanOrEqual(BUDGETS.homeJsBeforeInteractionGzip);
  });

  it("is at most 90 KB once the visitor has scrolled to the bottom", () => {
    const js = home.scrolled!.js.gzip;
    expect(js, `loaded after scrolling: ${files(home.scrolled!)}`).toBeLessThanOrEqual(BUDGETS.homeJsAfterScrollGzip);
  });
});

describe("the other public pages (production build)", () => {
  it("load at most 15 KB of JavaScript (gzip) before interaction on the full menu, whose add buttons need no React", () => {
    expect(fullMenu.status).toBe(200);
    expect(fullMenu.initial.js.gzip, `loaded before interaction: ${files(fullMenu.initial)}`).toBeLessThanOrEqual(BUDGETS.menuJsBeforeInteractionGzip);
    const paths = fullMenu.initial.transfers.filter((t) => t.kind === "js").map((t) => new URL(t.url).pathname);
    expect(paths.filter((path) => /react|client\./i.test(path))).toEqual([]);
  });

  it("load as little on the Spanish full menu, whose words come with its HTML", () => {
    expect(spanishFullMenu.status).toBe(200);
    expect(spanishFullMenu.initial.js.gzip, `loaded before interaction: ${files(spanishFullMenu.initial)}`).toBeLessThanOrEqual(BUDGETS.menuJsBeforeInteractionGzip);
  });

  // The account page signed out is a plain form: its island (React and the account's code) wakes only for a diner.
  it.each(["/menu/key-lime-pie", "/es/menu/key-lime-pie", "/about", "/near/south-beach", "/es/near/south-beach", "/privacy", "/account", "/es/cuenta"])(
    "load at most 15 KB of JavaScript (gzip) before interaction on %s too",
    async (path) => {
      const page = await measurePage(browser!, `${server!.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.initial.js.gzip, `loaded before interaction: ${files(page.initial)}`).toBeLessThanOrEqual(BUDGETS.jsBeforeInteractionGzip);
    },
  );

  it.each(["/", "/about", "/gallery", "/full-menu", "/menu/key-lime-pie", "/near/south-beach", "/privacy", "/terms"])(
    "serve %s in at most 60 KB of HTML",
    async (path) => {
      const res = await fetch(`${server!.url}${path}`);
      expect(res.status).toBe(200);
      const bytes = (await res.arrayBuffer()).byteLength;
      expect(bytes, `${path}: ${(bytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGETS.htmlRaw);
    },
  );

  it.each(["/es", "/es/about", "/es/gallery", "/es/full-menu", "/es/menu/key-lime-pie", "/es/near/south-beach", "/es/privacy", "/es/terms"])(
    "serve %s in at most 64 KB of HTML, its longer Spanish text included",
    async (path) => {
      const res = await fetch(`${server!.url}${path}`);
      expect(res.status).toBe(200);
      const bytes = (await res.arrayBuffer()).byteLength;
      expect(bytes, `${path}: ${(bytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGETS.htmlRawSpanish);
    },
  );
});
