import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AFTER_PAINT, deferToFirstPaint, LOADER_SELECTOR } from "./afterPaint";

const CSS = "/_astro/site.0123456789ab.css";
const LOADER = `<script>requestAnimationFrame(()=>document.querySelectorAll("${LOADER_SELECTOR}"))</script>`;
const page = (head: string, body: string, loader = LOADER) => `<!DOCTYPE html><html><head>${head}</head><body>${body}${loader}</body></html>`;

describe("a built page's first paint", () => {
  it("waits for none of its module scripts: each keeps its source, typed so the parser neither fetches nor runs it", () => {
    const html = page("", `<h1>Menu</h1><script type="module" src="/_astro/menu.js?dpl=0"></script><script type="module" src="/_astro/banners.js"></script>`);
    const out = deferToFirstPaint(html);
    expect(out).toContain(`<script type="${AFTER_PAINT}" src="/_astro/menu.js?dpl=0"></script><script type="${AFTER_PAINT}" src="/_astro/banners.js"></script>`);
    expect(out).not.toContain('type="module"');
  });

  it("fails the build on an inline module script, which the loader (it imports files) would never run", () => {
    expect(() => deferToFirstPaint(page("", `<script type="module">fetch("/api/banners")</script>`))).toThrow(/inline module script/);
  });

  it("leaves classic inline scripts and JSON-LD alone: the taps kept for the add buttons, the islands' runtime", () => {
    const body = `<script>addEventListener("click",f)</script><script type="application/ld+json">{}</script>`;
    expect(deferToFirstPaint(page("", body))).toBe(page("", body));
  });

  it("takes the stylesheet moved to the end of the body out of the way of the paint, and keeps it for a browser without JavaScript", () => {
    const html = page(`<style>h1{color:red}</style>`, "<h1>Menu</h1>", `${LOADER}<link rel="stylesheet" href="${CSS}">`);
    const out = deferToFirstPaint(html);
    expect(out).toContain(`<link rel="${AFTER_PAINT}" href="${CSS}"><noscript><link rel="stylesheet" href="${CSS}"></noscript></body>`);
  });

  it("keeps a stylesheet linked in the head, where a page that could not inline its first screen needs it to paint", () => {
    const html = page(`<link rel="stylesheet" href="${CSS}" data-site-stylesheet>`, "<h1>Menu</h1>");
    expect(deferToFirstPaint(html)).toBe(html);
  });

  it("leaves a page without the loader as it is", () => {
    const html = page("", `<full-menu></full-menu><script type="module" src="/_astro/menu.js"></script>`, "");
    expect(deferToFirstPaint(html)).toBe(html);
  });

  it("marks what BaseLayout's loader looks for (its inline text cannot import the selector: its policy hash is of the source)", () => {
    expect(readFileSync(new URL("./BaseLayout.astro", import.meta.url), "utf8")).toContain(`querySelectorAll("${LOADER_SELECTOR}")`);
  });
});
