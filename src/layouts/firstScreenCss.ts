// Middleware (added by astro.config.mjs) for pages rendered on request: inlines the rules a page's first
// screen needs and moves the site stylesheet's link to the end of the body, so a phone paints the page
// without waiting for the stylesheet (src/layouts/criticalCss.ts says how the rules are chosen); then, as on
// a built page, leaves that link and the module scripts for after the first paint (src/layouts/afterPaint.ts:
// the checkout's LCP had counted its stylesheet and four scripts, fetched before its first paint). The
// policy Astro sent allows that <style> by its hash. Astro computes a page's policy before its layout
// runs, so this is done on the finished page; the layout itself waits for the page's content anyway.
import { defineMiddleware } from "astro:middleware";
import { withStyleHash } from "../domain/contentSecurityPolicy";
import { deferToFirstPaint } from "./afterPaint";
import { inlineFirstScreen, inlineWholeSheet } from "./criticalCss";
import siteCss from "./global.css?inline";

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const dev = import.meta.env.DEV;
  if ((context.isPrerendered && !dev) || !(response.headers.get("content-type") ?? "").includes("text/html") || !response.body) return response;
  const html = await response.text();
  // The development server has no built stylesheet file: it gets the whole sheet inline.
  const inlined = dev ? inlineWholeSheet(html, siteCss) : inlineFirstScreen(html, siteCss);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (inlined) {
    const policy = headers.get("content-security-policy");
    if (policy) headers.set("content-security-policy", withStyleHash(policy, inlined.styleHash));
  }
  // As on a built page (src/layouts/afterPaint.ts): its module scripts and whole stylesheet after its first paint.
  const page = dev ? (inlined?.html ?? html) : deferToFirstPaint(inlined?.html ?? html);
  return new Response(page, { status: response.status, statusText: response.statusText, headers });
});
