// Where the code runs and the server's "now", over the configuration of ./config: every development
// relaxation (a known admin password, the test gateway, a fixed clock) applies only where the code is
// certainly not deployed.
import { configText, deployContext, isDeployed, isLocal, serverConfig, type ConfigVariableName } from "./config";

export { deployContext, isDeployed, isLocal };

/**
 * The prefix that keeps a deploy preview's or a branch deploy's records apart from production's:
 * they are public URLs of unreviewed code, and must never change the live site's data.
 */
export function deployedDataPrefix(): string | undefined {
  const context = deployContext();
  return context === "deploy-preview" || context === "branch-deploy" ? context : undefined;
}

/**
 * A configured, non-empty, valid variable as trimmed text, or undefined (a development-only one is
 * undefined when deployed). Prefer the typed `serverConfig()` of ./config.
 */
export function envValue(name: ConfigVariableName): string | undefined {
  return configText(name);
}

/**
 * The server's "now". Locally, RESTAURANT_CLOCK (an ISO 8601 instant) fixes it so tests and demos
 * can run at any hour of the week; deployed code always uses the real clock.
 */
export function serverNow(): Date {
  const fixed = serverConfig().RESTAURANT_CLOCK;
  return fixed ? new Date(fixed.getTime()) : new Date();
}
