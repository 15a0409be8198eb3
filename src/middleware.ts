// Security and CDN cache headers for pages rendered on request (checkout, the order confirmation, an unknown
// neighbourhood; the public pages are prerendered files): the generated header rules
// (dist/_headers) reach static files only, so these answers carry the same headers themselves. Astro gives
// them their Content Security Policy with this request's hashes; frame-ancestors is added here.
import { defineMiddleware } from "astro:middleware";
import { FRAME_ANCESTORS, FRAME_POLICY, securityHeadersFor } from "./domain/contentSecurityPolicy";
import { PAGE_CACHE_HEADERS } from "./server/schedule";

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeadersFor(context.url.pathname))) {
    // A page may be stricter (the confirmation sends Referrer-Policy: no-referrer): keep its own.
    if (!headers.has(name)) headers.set(name, value);
  }
  // The public pages show the staff's hours: rendered on request, cached by the CDN under a tag a save
  // purges. A page that says otherwise (the confirmation's no-store) keeps its own.
  if (!headers.has("cache-control") && (response.status === 200 || response.status === 404)) {
    for (const [name, value] of Object.entries(PAGE_CACHE_HEADERS)) headers.set(name, value);
  }
  // Astro sends these pages' policy (with this request's hashes) as a header: add what only a header can say.
  const policy = headers.get("content-security-policy");
  if (!policy) headers.set("content-security-policy", FRAME_POLICY);
  else if (!policy.includes("frame-ancestors")) headers.set("content-security-policy", `${policy.replace(/;\s*$/, "")}; ${FRAME_ANCESTORS}`);
  // A new Response: some answers (redirects) have headers that cannot be changed in place.
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});
