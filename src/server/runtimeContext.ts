// Where the code runs: Netlify's deploy context, and whether the development-only settings apply.
// Apart from the variables themselves (./config), so the rule reads on its own.

/** Netlify's runtime global; absent in scripts, set by tests (tests/support/deployContext.ts). */
type NetlifyRuntime = { Netlify?: { context?: { deploy?: { context?: string } } | null } };

/**
 * The deploy context Netlify gives this invocation: `production`, `deploy-preview`, `branch-deploy`,
 * `dev` (netlify dev, tests), or "" when it gives none.
 */
export function deployContext(): string {
  return (globalThis as NetlifyRuntime).Netlify?.context?.deploy?.context ?? "";
}

/**
 * Whether this certainly runs on a developer's machine or in tests: the context is `dev`, or there is
 * none inside the Netlify Vite plugin's emulation of `astro dev`, which gives functions no deploy
 * context but marks its process (a marker of the process, not configuration). Anything else, an
 * unknown context included, counts as deployed.
 */
export function isLocal(): boolean {
  const context = deployContext();
  if (context) return context === "dev";
  return process.env.__VITE_PLUGIN_NETLIFY_LOADED__ === "true";
}

/** Deployed (production, a deploy preview, a branch deploy) or not certainly local: production's rules apply. */
export function isDeployed(): boolean {
  return !isLocal();
}
