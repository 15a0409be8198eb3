// Run-time configuration read from the environment, and the rules that only relax outside production.

/** Netlify's runtime global, absent in unit tests and scripts. */
type NetlifyRuntime = { Netlify?: { context?: { deploy?: { context?: string } } | null } };

/** "Production" is Netlify's deploy context `production`; everything else is development or preview. */
export function isProduction(): boolean {
  const context = (globalThis as NetlifyRuntime).Netlify?.context?.deploy?.context ?? process.env.CONTEXT;
  return context === "production";
}

/** A configured, non-empty environment variable, or undefined. */
export function envValue(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/**
 * The server's "now". Outside production, RESTAURANT_CLOCK (an ISO 8601 instant) fixes it so tests
 * and demos can run at any hour of the week; production always uses the real clock.
 */
export function serverNow(): Date {
  const fixed = isProduction() ? undefined : envValue("RESTAURANT_CLOCK");
  if (fixed) {
    const date = new Date(fixed);
    if (!Number.isNaN(date.getTime())) return date;
    console.warn(JSON.stringify({ level: "warn", msg: "RESTAURANT_CLOCK is not an ISO 8601 instant; using the real clock" }));
  }
  return new Date();
}
