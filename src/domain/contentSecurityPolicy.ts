// The site's Content Security Policy and security headers in one place: our own origin plus exactly
// the third parties the pages use (Square's card form, the reservation widget, the map).
// astro.config.mjs builds each page's <meta> policy from it; src/integrations/securityHeaders.ts
// writes the deployed headers (dist/_headers) from it after a build; src/middleware.ts sends it with
// pages rendered on request. contentSecurityPolicy.test.ts and tests/e2e/built-site.e2e.ts prove it.

/** Square Web Payments SDK, sandbox and production (Square's "Content Security Policy" page). */
export const SQUARE_SCRIPT_ORIGINS = ["https://sandbox.web.squarecdn.com", "https://web.squarecdn.com"] as const;
/** Where the card form's iframe sends the card (tokenization) and Square's SDK reports its errors. */
export const SQUARE_CONNECT_ORIGINS = [
  "https://pci-connect.squareup.com",
  "https://pci-connect.squareupsandbox.com",
  "https://o160250.ingest.sentry.io",
] as const;

/**
 * What Square's wallets load besides Square's own SDK (Square's "Content Security Policy" page): Google
 * Pay's script and its frame, Cash App Pay's kit (production and sandbox) and the Cash App API it calls.
 */
export const WALLET_SCRIPT_ORIGINS = ["https://pay.google.com", "https://kit.cash.app", "https://sandbox.kit.cash.app"] as const;
export const WALLET_CONNECT_ORIGINS = ["https://pay.google.com", "https://api.cash.app", "https://sandbox.api.cash.app"] as const;
export const WALLET_FRAME_ORIGINS = ["https://pay.google.com"] as const;
/** The fonts Square's card field and buttons use. */
export const SQUARE_FONT_ORIGINS = ["https://square-fonts-production-f.squarecdn.com", "https://d1g145x70srn7h.cloudfront.net"] as const;
/**
 * Buyer verification (3-D Secure): Square's SDK opens Cardinal Commerce's frames (production and its staging
 * for the sandbox), inside which the card issuer's own challenge page runs.
 */
export const VERIFICATION_FRAME_ORIGINS = [
  "https://geoissuer.cardinalcommerce.com",
  "https://centinelapi.cardinalcommerce.com",
  "https://centinelapistag.cardinalcommerce.com",
] as const;

/** Resy's booking widget: embed.js is its script; the booking dialog is an iframe from the same host. */
export const RESERVATION_ORIGINS = ["https://widgets.resy.com"] as const;
/** The contact section's map, an embedded Google Maps iframe loaded when the visitor asks for it. */
export const MAP_FRAME_ORIGINS = ["https://www.google.com"] as const;

/**
 * Every directive except script-src (whose inline hashes Astro computes per page) and the header-only
 * frame-ancestors. 'unsafe-inline' appears only in style-src-attr: React islands render style=""
 * attributes, which cannot run code.
 */
export const POLICY_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  "default-src": ["'self'"],
  "connect-src": ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...SQUARE_CONNECT_ORIGINS, ...WALLET_CONNECT_ORIGINS, ...VERIFICATION_FRAME_ORIGINS],
  "frame-src": ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...WALLET_FRAME_ORIGINS, ...VERIFICATION_FRAME_ORIGINS, ...RESERVATION_ORIGINS, ...MAP_FRAME_ORIGINS],
  "img-src": ["'self'", "data:", "blob:", ...SQUARE_SCRIPT_ORIGINS],
  "font-src": ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...SQUARE_FONT_ORIGINS],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

/** Script origins besides our own; inline scripts are allowed only by their hashes. */
export const SCRIPT_ORIGINS: readonly string[] = ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...WALLET_SCRIPT_ORIGINS, ...RESERVATION_ORIGINS];
/** Style origins besides our own (Square's SDK loads its stylesheet from its CDN). */
export const STYLE_ORIGINS: readonly string[] = ["'self'", ...SQUARE_SCRIPT_ORIGINS];

/** The directives as Astro's `security.csp.directives` wants them: "name value value". */
export function astroDirectives(): string[] {
  return Object.entries(POLICY_DIRECTIVES).map(([name, values]) => `${name} ${values.join(" ")}`);
}

/** Parses a policy string into directive -> values (lower-cased names, values kept as written). */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/**
 * The security headers every page is sent with, besides the policy: the built pages by dist/_headers
 * (`headersFile`), pages rendered on request by src/middleware.ts (header files do not reach function
 * answers).
 */
/** The powerful features no page of ours uses. */
const PERMISSIONS_OFF =
  "camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), accelerometer=(), gyroscope=(), magnetometer=(), browsing-topics=()";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": `${PERMISSIONS_OFF}, payment=()`,
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
};

/**
 * The checkout alone may ask for a payment (the Payment Request API behind Apple Pay and Google Pay): our
 * page and the frames of Square's SDK and of Google Pay. Every other page allows no one.
 */
export const CHECKOUT_PAYMENT_ORIGINS = ["self", ...SQUARE_SCRIPT_ORIGINS.map((origin) => `"${origin}"`), ...WALLET_FRAME_ORIGINS.map((origin) => `"${origin}"`)] as const;

/** The pages that take a payment: the checkout, in each language. */
export function takesPayment(pathname: string): boolean {
  return /^(\/es)?\/checkout\/?$/.test(pathname);
}

/** The security headers of a page rendered on request: the checkout's Permissions-Policy lets it take a payment. */
export function securityHeadersFor(pathname: string): Readonly<Record<string, string>> {
  if (!takesPayment(pathname)) return SECURITY_HEADERS;
  return { ...SECURITY_HEADERS, "Permissions-Policy": `${PERMISSIONS_OFF}, payment=(${CHECKOUT_PAYMENT_ORIGINS.join(" ")})` };
}

/** What only a header can say: no site may frame ours. */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** A header-only policy for pages rendered on request; their script and style rules are in Astro's policy. */
export const FRAME_POLICY = [FRAME_ANCESTORS, ...(["object-src", "base-uri"] as const).map((name) => `${name} ${POLICY_DIRECTIVES[name]!.join(" ")}`)].join("; ");

/**
 * Astro's development island loader: Netlify's local emulation (`npm run dev`) serves pages under the
 * generated header policy of the last build (dist/_headers) too; a production build never has it.
 */
export const DEVELOPMENT_SCRIPT_HASHES: readonly string[] = ["'sha256-SHXg3YtOAVshUMT3f+eElYDgbV0kaujWj8DSaXSS4Vs='"];

/**
 * The policy header of every built page: what must hold before its <meta> policy is read and what a <meta>
 * cannot say. Inline scripts run only by their hash (`scriptHashes`: those of the built pages' <meta>
 * policies) and scripts load only from our origin and the third parties'; no plugin, no other base, no form
 * sent elsewhere, no framing. The rest of the allow-list (connections, frames, pictures, fonts, styles) is in
 * each page's <meta> policy (Astro's, from POLICY_DIRECTIVES): a browser applies both policies, so each
 * directive is decided by the one that states it. Repeating the whole allow-list here put 1.9 KB of
 * headers on every built page, past the first round trip a slow phone's document fits in (docs/performance.md).
 */
export function headerPolicy(scriptHashes: Iterable<string>): string {
  const hashes = [...new Set([...DEVELOPMENT_SCRIPT_HASHES, ...scriptHashes])].sort();
  const directives: [string, readonly string[]][] = [
    ["script-src", [...SCRIPT_ORIGINS, ...hashes]],
    ...(["object-src", "base-uri", "form-action"] as const).map((name): [string, readonly string[]] => [name, POLICY_DIRECTIVES[name]!]),
  ];
  return [...directives.map(([name, values]) => `${name} ${values.join(" ")}`), FRAME_ANCESTORS].join("; ");
}

/** The script-src hashes of a policy ("'sha256-...'", quoted as a policy writes them). */
export function scriptHashes(policy: string): string[] {
  return (parsePolicy(policy).get("script-src") ?? []).filter((source) => /^'sha(256|384|512)-/.test(source));
}

/** Marks the part of a _headers file this site generates, so a rebuild replaces only that part. */
export const GENERATED_HEADERS_MARKER = "# Security headers generated from src/domain/contentSecurityPolicy.ts";

/**
 * What every file is sent with. A font, a stylesheet or a hashed script is not a document: a page's policy,
 * framing and feature rules mean nothing on it, and its 2.4 KB of them went with every one of the files a
 * phone fetches before its first paint (docs/performance.md).
 */
export const FILE_HEADERS: Readonly<Record<string, string>> = { "X-Content-Type-Options": "nosniff" };

/** The path segments a built page answers at: "es/menu/tacos/index.html" -> es, menu, tacos; "404.html" -> 404. */
function pageSegments(file: string): string[] {
  const parts = file.split(/[\\/]/).filter(Boolean);
  if (parts.at(-1) === "index.html") parts.pop();
  else parts.push(parts.pop()!.replace(/\.html$/, ""));
  return parts;
}

/**
 * The _headers paths of the built pages (paths of their HTML files in dist/: "index.html",
 * "full-menu/index.html", "es/menu/tacos/index.html"): "/" and each page at the top ("/full-menu", "/404"),
 * and a folder of pages as a whole ("/es/*"). Netlify joins the values of a header two matching rules set,
 * so no path is covered twice.
 */
export function pagePatterns(files: Iterable<string>): string[] {
  const top = new Set<string>();
  const folders = new Set<string>();
  for (const file of files) {
    const parts = pageSegments(file);
    if (parts.length > 1) folders.add(parts[0]!);
    else top.add(parts[0] ?? "");
  }
  // Netlify reads "/es/*" as "/es" followed by anything, so it already covers "/es" and "/essentials".
  const exact = [...top].filter((name) => name === "" || ![...folders].some((folder) => name.startsWith(folder))).map((name) => `/${name}`);
  return [...exact.sort(), ...[...folders].sort().map((name) => `/${name}/*`)];
}

/** The _headers rule (of `pagePatterns`) that covers a built page's file. */
export function patternOf(file: string, patterns: readonly string[]): string {
  const path = `/${pageSegments(file).join("/")}`;
  return patterns.find((pattern) => (pattern.endsWith("/*") ? path.startsWith(pattern.slice(0, -2)) : pattern === path)) ?? path;
}

/**
 * Netlify's _headers rules: nosniff for every file; the policy and the other security headers for every
 * built page, each rule's policy allowing the script hashes of the pages it covers (`pages`: rule ->
 * hashes, the rules of `pagePatterns`). Pages rendered on request send their own (src/middleware.ts).
 */
export function headersFile(pages: ReadonlyMap<string, Iterable<string>>): string {
  const fileNames = new Set(Object.keys(FILE_HEADERS));
  const others = Object.entries(SECURITY_HEADERS).filter(([name]) => !fileNames.has(name));
  const rule = (path: string, values: [string, string][]) => [path, ...values.map(([name, value]) => `  ${name}: ${value}`)];
  return [
    GENERATED_HEADERS_MARKER,
    ...rule("/*", Object.entries(FILE_HEADERS)),
    ...[...pages].flatMap(([path, hashes]) => rule(path, [["Content-Security-Policy", headerPolicy(hashes)], ...others])),
    "",
  ].join("\n");
}

/** Inline scripts that run (not JSON data blocks such as the structured data) in a page's HTML. */
export function runnableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , body]) => body!);
}

/**
 * A policy whose script hashes are narrowed to `keep`: Astro lists the hash of every inline script of the
 * whole site in every page's policy; a page needs only its own and those its scripts insert. Hashes are
 * only ever removed, and every other source stays as it is.
 */
export function narrowScriptHashes(policy: string, keep: ReadonlySet<string>): string {
  return policy
    .split(";")
    .map((part) => {
      const [name] = part.trim().split(/\s+/);
      if (name?.toLowerCase() !== "script-src" && name?.toLowerCase() !== "script-src-elem") return part;
      return part.replace(/\s*'sha(256|384|512)-[^']*'/g, (source) => (keep.has(source.trim()) ? source : ""));
    })
    .join(";");
}

/**
 * A policy that also allows one inline <style> by its hash (a page's first-screen rules, inlined after
 * Astro computed its policy): added to style-src, and to style-src-elem when the policy has one.
 */
export function withStyleHash(policy: string, hash: string): string {
  const source = `'${hash}'`;
  let found = false;
  const parts = policy.split(";").map((part) => {
    const name = part.trim().split(/\s+/)[0]?.toLowerCase();
    if (name !== "style-src" && name !== "style-src-elem") return part;
    found = true;
    return part.includes(source) ? part : `${part.replace(/\s+$/, "")} ${source}`;
  });
  return found ? parts.join(";") : `${policy.replace(/;\s*$/, "")}; style-src ${STYLE_ORIGINS.join(" ")} ${source}`;
}
