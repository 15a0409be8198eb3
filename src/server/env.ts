// Run-time configuration read from the environment, and where the code runs: every development
// relaxation (a known admin password, the test gateway, a fixed clock) applies only where the code is
// certainly not deployed.

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
 * context but marks its process. Anything else, an unknown context included, counts as deployed.
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

/**
 * The prefix that keeps a deploy preview's or a branch deploy's records apart from production's:
 * they are public URLs of unreviewed code, and must never change the live site's data.
 */
export function deployedDataPrefix(): string | undefined {
  const context = deployContext();
  return context === "deploy-preview" || context === "branch-deploy" ? context : undefined;
}

/** A configured, non-empty environment variable, or undefined. */
export function envValue(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The server's "now". Locally, RESTAURANT_CLOCK (an ISO 8601 instant) fixes it so tests and demos
 * can run at any hour of the week; deployed code always uses the real clock.
 */
export function serverNow(): Date {
  const fixed = isDeployed() ? undefined : envValue("RESTAURANT_CLOCK");
  if (fixed) {
    const date = new Date(fixed);
    if (!Number.isNaN(date.getTime())) return date;
    console.warn(JSON.stringify({ level: "warn", msg: "RESTAURANT_CLOCK is not an ISO 8601 instant; using the real clock" }));
  }
  return new Date();
}
