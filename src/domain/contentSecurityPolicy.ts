// The site's Content Security Policy in one place: our own origin plus exactly the third parties the
// pages use (Square's card form, the reservation widget, the map). astro.config.mjs builds the
// per-page <meta> policy (with hashes of Astro's inline scripts) from it, and netlify.toml's header
// policy must say the same: tests/api/built-site.test.ts compares the two after a build.

/** Square Web Payments SDK, sandbox and production (Square's "Content Security Policy" page). */
export const SQUARE_SCRIPT_ORIGINS = ["https://sandbox.web.squarecdn.com", "https://web.squarecdn.com"] as const;
/** Where the card form's iframe sends the card (tokenization) and Square's SDK reports its errors. */
export const SQUARE_CONNECT_ORIGINS = [
  "https://pci-connect.squareup.com",
  "https://pci-connect.squareupsandbox.com",
  "https://o160250.ingest.sentry.io",
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
  "connect-src": ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...SQUARE_CONNECT_ORIGINS],
  "frame-src": ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...RESERVATION_ORIGINS, ...MAP_FRAME_ORIGINS],
  "img-src": ["'self'", "data:", "blob:", ...SQUARE_SCRIPT_ORIGINS],
  "font-src": ["'self'", ...SQUARE_SCRIPT_ORIGINS],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

/** Script origins besides our own; inline scripts are allowed only by their hashes. */
export const SCRIPT_ORIGINS: readonly string[] = ["'self'", ...SQUARE_SCRIPT_ORIGINS, ...RESERVATION_ORIGINS];
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
 * The security headers netlify.toml sends with every static file, minus the page policy (which needs
 * the build's script hashes). Pages rendered on request (src/middleware.ts) send these themselves:
 * Netlify's [[headers]] rules do not reach function answers.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy":
    'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), accelerometer=(), gyroscope=(), magnetometer=(), browsing-topics=(), payment=(self "https://web.squarecdn.com" "https://sandbox.web.squarecdn.com")',
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
};

/** A header-only policy for pages rendered on request; their script and style rules are in Astro's <meta>. */
export const FRAME_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";
