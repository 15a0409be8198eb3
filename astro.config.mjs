// Astro configuration: a static site with React islands, deployed on Netlify.
import { defineConfig } from "astro/config";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  site: process.env.URL ?? "https://jealousfork.com",
  output: "static",
  trailingSlash: "never",
  // Edge-function emulation would download Deno; the site has no edge functions of its own.
  adapter: netlify({ devFeatures: { edgeFunctions: false } }),
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    // Dev servers running side by side (browser tests) pre-bundle dependencies in folders of their
    // own: sharing node_modules/.vite makes each one invalidate the others' ("Outdated Optimize Dep").
    ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
  },
  devToolbar: { enabled: false },
});
