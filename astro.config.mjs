// Astro configuration: a static site with React islands, deployed on Netlify.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { defineConfig } from "astro/config";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import devServer from "./src/integrations/devServer.ts";
import { hoistTransitiveImports } from "./src/integrations/hoistTransitiveImports.ts";
import mailCatcher from "./src/integrations/mailCatcher.ts";
import securityHeaders, { insertedScriptHashes } from "./src/integrations/securityHeaders.ts";
import criticalCss from "./src/integrations/criticalCss.ts";
import afterPaint from "./src/integrations/afterPaint.ts";
import { stylesheetFileName } from "./src/layouts/criticalCss.ts";
import { SCRIPT_ORIGINS, STYLE_ORIGINS, astroDirectives } from "./src/domain/contentSecurityPolicy.ts";

/**
 * Hashes of the `<script is:inline>` blocks in our components and pages: Astro hashes the scripts it
 * processes, not these, and the Content Security Policy allows inline code only by its hash.
 */
function inlineScriptHashes(dir = "src") {
  const hashes = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".astro")) continue;
    const source = readFileSync(join(entry.parentPath, entry.name), "utf8");
    for (const match of source.matchAll(/<script is:inline(?:\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
      hashes.push(`sha256-${createHash("sha256").update(match[1]).digest("base64")}`);
    }
  }
  return hashes;
}

/**
 * The site's stylesheet as a file of its own: BaseLayout.astro imports it as text (`global.css?inline`)
 * and links it under the name its content hash gives (src/layouts/criticalCss.ts); the middleware
 * src/layouts/firstScreenCss.ts inlines what a page's first screen needs and moves that link to the end
 * of the body. The build's compiled text (Tailwind, minified) is written to dist/_astro/ once it is done.
 */
function siteStylesheet() {
  let css;
  return {
    name: "jealous-fork:site-stylesheet",
    hooks: {
      "astro:config:setup": ({ updateConfig, addMiddleware }) => {
        // Inner to src/middleware.ts: it sees Astro's own answer and policy.
        addMiddleware({ entrypoint: new URL("./src/layouts/firstScreenCss.ts", import.meta.url), order: "post" });
        updateConfig({
          vite: {
            plugins: [
              {
                name: "jealous-fork:site-stylesheet-text",
                enforce: "post",
                transform(code, id) {
                  if (!/\/src\/layouts\/global\.css\?inline$/.test(id)) return;
                  const literal = /^export default ("(?:[^"\\]|\\.)*")/m.exec(code)?.[1];
                  if (literal) css = JSON.parse(literal);
                },
                // The sheet's url()s (the brand's font files) are Vite's placeholders until the bundle is
                // written: named here as the pages' copy names them, so the file's name is their hash.
                generateBundle() {
                  if (!css?.includes("__VITE_ASSET__")) return;
                  try {
                    css = css.replace(/__VITE_ASSET__([\w$]+)__(?:\$_(.*?)__)?/g, (_, id, postfix = "") => `/${this.getFileName(id)}${postfix}`);
                  } catch {
                    // Another environment's bundle, which did not emit these files: the right one follows.
                  }
                },
              },
            ],
          },
        });
      },
      "astro:build:done": ({ dir }) => {
        if (css === undefined) throw new Error("site stylesheet: the build never compiled src/layouts/global.css?inline");
        const folder = join(fileURLToPath(dir), "_astro");
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, stylesheetFileName(css)), css);
      },
    },
  };
}

/** A code-splitting test that captures the modules at these paths (relative to the project, or Vite's own ids). */
function chunkOf(paths) {
  // Vite marks its virtual modules with a leading NUL.
  return (id) => paths.some((path) => id.replace(/^\0/, "") === path || id.endsWith(`/${path}`));
}

export default defineConfig({
  site: process.env.URL ?? "https://jealousfork.com",
  output: "static",
  trailingSlash: "never",
  // English at the root, Spanish under /es/ (src/domain/i18n): no redirect by the browser's language.
  i18n: { locales: ["en", "es"], defaultLocale: "en", routing: { prefixDefaultLocale: false } },
  // Edge-function emulation would download Deno; the site has no edge functions of its own.
  adapter: netlify({ devFeatures: { edgeFunctions: false } }),
  // criticalCss after siteStylesheet: it reads the stylesheet file that one writes; afterPaint after
  // criticalCss: it leaves the stylesheet link that one moves to the end of the body for after the paint.
  // securityHeaders last: it narrows each finished page's policy to what the page runs, then writes the headers.
  integrations: [react(), devServer(), mailCatcher(), siteStylesheet(), criticalCss(), afterPaint(), securityHeaders()],
  vite: {
    // The browser's shared modules in two files instead of a dozen: each small chunk cost its own gzip
    // header, import and export lists and hoisted imports, and the full menu loaded 14 of them before
    // any tap (15.1 KB gzip; merged, 13.2 KB). "site" is what every public page's scripts load (the
    // cart, toasts, money, the fetch client, Vite's preload helper); "menu" what the menu pages add
    // (Miami's clock and schedule, the menu and order-time stores, image sizes).
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "site", priority: 2, test: chunkOf(["src/stores/cart.ts", "src/stores/toasts.ts", "src/domain/lineKey.ts", "src/domain/money.ts", "src/lib/api.ts", "vite/preload-helper.js"]) },
                  {
                    name: "menu",
                    priority: 1,
                    test: chunkOf(["src/stores/menu.ts", "src/stores/orderTime.ts", "src/domain/hours.ts", "src/domain/schedule.ts", "src/domain/slotLabels.ts", "src/domain/images.ts", "src/domain/i18n/calendar.ts"]),
                  },
                ],
              },
            },
          },
        },
      },
    },
    plugins: [tailwindcss(), hoistTransitiveImports()],
    build: {
      // Every processed <script> is a file of its own, never inlined into the page: a prerendered page
      // starts its scripts after its first paint (src/layouts/afterPaint.ts), so a file costs the paint
      // nothing, where inlined code was HTML on the way to it (and one more hash in every policy).
      assetsInlineLimit: (file) => (file.endsWith(".js") ? false : undefined),
    },
    // The dev server pre-bundles the islands' packages at start: found later, on a first visit,
    // they would make Vite re-bundle and reload every open page (and lose what was typed there).
    optimizeDeps: {
      include: ["react", "react/jsx-runtime", "react-dom", "react-dom/client", "nanostores", "@nanostores/persistent", "@nanostores/react", "zod"],
    },
  },
  devToolbar: { enabled: false },
  // The legal pages are the only Markdown and hold no code: no highlighter (Shiki's inline styles would
  // need a looser style policy).
  markdown: { syntaxHighlight: false },
  // One cached stylesheet file for every public page: inlined, it was two thirds of each page's HTML.
  build: { inlineStylesheets: "never" },
  // A per-page <meta> Content-Security-Policy with the hashes of every inline script and style
  // (src/domain/contentSecurityPolicy.ts); after the build src/integrations/securityHeaders.ts narrows each
  // built page's script hashes to those it runs and writes the same policy as the header of dist/_headers.
  security: {
    csp: {
      directives: astroDirectives(),
      // The cart sheet's speculation rules (src/lib/prefetchPage.ts) are inline scripts too, allowed by their hashes.
      scriptDirective: { resources: [...SCRIPT_ORIGINS], hashes: [...inlineScriptHashes(), ...insertedScriptHashes()] },
      // React islands render style="" attributes; attributes cannot run code.
      styleDirective: { resources: [...STYLE_ORIGINS, { resource: "'unsafe-inline'", kind: "attribute" }] },
    },
  },
});
