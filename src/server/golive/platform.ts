// The go-live lines of the site's own platform: the build hook (set, and what its last call answered),
// the database (every migration of this deploy applied; the live-database guard of previews), and the
// secrets (SESSION_SECRET strong enough; ADMIN_PASSWORD gone once the owner has a sign-in of their own).
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { GoLiveLine } from "../../domain/goLive";
import { MIN_DEPLOYED_PASSWORD_LENGTH } from "../staff";
import { serverConfig } from "../config";
import { db } from "../platform/database";
import { deployContext, isDeployed } from "../env";
import { lastOutcome } from "../platform/serviceOutcomes";
import { sql } from "../platform/sql";
import { lastFour, line, when, type Check, type LineSpec } from "./lines";
import { ownerHasOwnCredentials } from "./ownerCredentials";

const spec = (id: string, group: LineSpec["group"], title: string, section: string, required = true): LineSpec => ({ id, group, title, required, section });
export const PLATFORM_LINES = {
  buildHook: spec("build-hook", "Build hook", "Console changes rebuild the pages", "build-hook"),
  migrations: spec("database-migrations", "Database", "Migrations applied", "netlify-site"),
  guard: spec("database-guard", "Database", "Previews keep away from the live data", "netlify-site"),
  sessionSecret: spec("session-secret", "Secrets", "SESSION_SECRET is strong", "variables-per-context"),
  setupPassword: spec("admin-password", "Secrets", "Set-up password retired", "first-owner"),
};

/** The migrations of this deploy: netlify/database/migrations, shipped with the function (netlify.toml's included_files). */
const MIGRATIONS_DIRECTORY = join(process.cwd(), "netlify", "database", "migrations");

async function buildHookLine(): Promise<GoLiveLine> {
  const s = PLATFORM_LINES.buildHook;
  const hook = serverConfig().BUILD_HOOK_URL;
  if (!hook) return line(s, "red", "BUILD_HOOK_URL is not set: hours, menu and location changes reach the pages only at the next deploy.", "In Netlify, Site configuration > Build hooks, add a hook and put its URL in BUILD_HOOK_URL.");
  const { hostname, pathname } = new URL(hook);
  if (hostname !== "api.netlify.com" || !pathname.startsWith("/build_hooks/")) {
    return line(s, "red", `BUILD_HOOK_URL (${lastFour(hook)}) is not a Netlify build hook (https://api.netlify.com/build_hooks/...).`, "Copy the hook's URL from Netlify's Build hooks list into BUILD_HOOK_URL.");
  }
  const outcome = await lastOutcome("build-hook");
  if (!outcome) return line(s, "green", `Set (${lastFour(hook)}); not called yet. It is called a minute after a console change that a page shows.`, "");
  if (!outcome.ok) {
    return line(s, "red", `The last call, at ${when(outcome.at)}: ${outcome.detail}`, "Make a new build hook in Netlify and put its URL in BUILD_HOOK_URL; the call is tried again every minute.", { lastSeenWorking: outcome.lastOkAt });
  }
  return line(s, "green", `The last call, at ${when(outcome.at)}: ${outcome.detail}`, "", { lastSeenWorking: outcome.at });
}

async function migrationLines(): Promise<GoLiveLine[]> {
  const s = PLATFORM_LINES.migrations;
  const files = (await readdir(MIGRATIONS_DIRECTORY)).filter((name) => name.endsWith(".sql")).map((name) => name.slice(0, -4));
  const rows = await db.all<{ name: string }>(sql`SELECT name FROM netlify.migrations`).catch(() => null);
  if (!rows) {
    return [line(s, "red", "Netlify's record of applied migrations (netlify.migrations) could not be read.", "Check in Netlify that the site's database is enabled, then deploy again.")];
  }
  const applied = new Set(rows.map((row) => row.name));
  const missing = files.filter((name) => !applied.has(name)).sort();
  if (missing.length > 0) {
    return [line(s, "red", `${missing.length} of ${files.length} migrations are not applied: ${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", ..." : ""}.`, "Deploy again from Netlify (Deploys > Trigger deploy): Netlify applies migrations on deploy; the deploy log says why one failed.")];
  }
  return [line(s, "green", `All ${files.length} migrations of this deploy are applied.`, "")];
}

async function guardLine(): Promise<GoLiveLine> {
  const s = PLATFORM_LINES.guard;
  if (!isDeployed()) return line(s, "amber", "Not deployed: the guard works on Netlify, where previews get a database of their own.", "Nothing to do here; it is checked on the deployed site.", { required: false });
  const context = deployContext();
  if (context !== "production") return line(s, "green", `This ${context || "deploy"} uses a database of its own, not the live site's.`, "");
  const noted = await db.one(sql`SELECT 1 FROM settings WHERE key = 'production-database-host'`);
  return noted
    ? line(s, "green", "Production's database is noted: previews and branch deploys given it refuse to use it.", "")
    : line(s, "red", "Production's database is not noted yet, so a preview given it would not know to refuse it.", "Open any page of the live site's console once; if this stays red, redeploy production.");
}

/** A secret long and varied enough not to be guessed: 32 characters or more, of at least 12 different ones. */
export function isStrongSecret(secret: string): boolean {
  return secret.length >= 32 && new Set(secret).size >= 12;
}

async function secretLines(): Promise<GoLiveLine[]> {
  const L = PLATFORM_LINES;
  const { SESSION_SECRET: secret, ADMIN_PASSWORD: password } = serverConfig();
  const deployed = isDeployed();
  const makeOne = "Put 32 or more random characters in SESSION_SECRET (for example the output of `openssl rand -hex 32`).";
  const secretLine = !secret
    ? deployed
      ? line(L.sessionSecret, "red", "SESSION_SECRET is not set.", makeOne)
      : line(L.sessionSecret, "amber", "Not set here: locally a random one is kept in the database.", "Set it on Netlify for every deploy context.", { required: false })
    : isStrongSecret(secret)
      ? line(L.sessionSecret, "green", `Set: ${secret.length} characters.`, "")
      : line(L.sessionSecret, "red", `Set, but only ${secret.length} characters of ${new Set(secret).size} kinds: a short or repetitive secret can be guessed.`, makeOne);
  const hasOwn = await ownerHasOwnCredentials();
  let passwordLine: GoLiveLine;
  if (password && hasOwn) {
    passwordLine = line(L.setupPassword, "red", "ADMIN_PASSWORD is still set although the owner signs in with a password or passkey of their own: it is a second key to the console.", "Remove ADMIN_PASSWORD in Netlify (every context), then redeploy.");
  } else if (password) {
    const short = deployed && password.length < MIN_DEPLOYED_PASSWORD_LENGTH;
    passwordLine = short
      ? line(L.setupPassword, "red", `ADMIN_PASSWORD is shorter than ${MIN_DEPLOYED_PASSWORD_LENGTH} characters.`, `Make it at least ${MIN_DEPLOYED_PASSWORD_LENGTH} characters, sign in, and add your own passkey or password.`)
      : line(L.setupPassword, "red", "ADMIN_PASSWORD is needed until the owner adds a password or passkey of their own.", "In the Sessions tab, add a passkey of your own (or set a password through a set-up link from the Staff tab); then remove ADMIN_PASSWORD.");
  } else {
    passwordLine = hasOwn
      ? line(L.setupPassword, "green", "ADMIN_PASSWORD is not set, and the owner signs in with their own password or passkey.", "")
      : deployed
        ? line(L.setupPassword, "red", "No owner has a password or passkey of their own, and ADMIN_PASSWORD is not set.", "Set ADMIN_PASSWORD (16+ characters) and OWNER_EMAIL, sign in, and add your own passkey or password.")
        : line(L.setupPassword, "amber", "Locally the development password signs the owner in.", "Nothing to do locally.", { required: false });
  }
  return [secretLine, passwordLine];
}

export const buildHookCheck: Check = { specs: [PLATFORM_LINES.buildHook], run: async () => [await buildHookLine()] };
export const databaseCheck: Check = {
  specs: [PLATFORM_LINES.migrations, PLATFORM_LINES.guard],
  run: async () => [...(await migrationLines()), await guardLine()],
};
export const secretsCheck: Check = { specs: [PLATFORM_LINES.sessionSecret, PLATFORM_LINES.setupPassword], run: secretLines };
