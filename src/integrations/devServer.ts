// What `npm run dev` adds to Astro's dev server: before it starts, the project's own PostgreSQL
// (tools/localPostgres.ts: data in .data/postgres, or as root under /var/lib/jealous-fork, kept between starts) with the migrations it has not
// applied yet (Netlify applies them on deploy), which the functions reach through NETLIFY_DB_URL in
// place of the Netlify emulation's one-session PGlite (turned off); once ready, it tells a developer
// what to click and where the database listens, and the first page opened is not reloaded. Stopping
// the dev server stops Postgres. Runs only in the dev server, never in a build or a deployed function.
import netlifyVitePlugin from "@netlify/vite-plugin";
import type { AstroIntegration } from "astro";
import type { Plugin } from "vite";
import { devFunctions } from "./devFunctions";
import { DEV_DATA, DEV_PORT, LocalPostgresError, ensureDatabase, migrate, startLocalPostgres, type LocalPostgres } from "../../tools/localPostgres.ts";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "../server/staff";
import { TEST_OUTCOME_LABELS } from "../domain/payment";

/** The lines printed at start, from the environment the dev server's functions will read. */
export function welcomeLines(port: number, env: NodeJS.ProcessEnv = process.env): string[] {
  const site = `http://localhost:${port}`;
  const password = env.ADMIN_PASSWORD?.trim()
    ? "the ADMIN_PASSWORD set in your environment"
    : `"${DEVELOPMENT_PASSWORD}" (development only: set ADMIN_PASSWORD to change it)`;
  const payments =
    env.SQUARE_ACCESS_TOKEN?.trim() && env.PUBLIC_SQUARE_APPLICATION_ID?.trim()
      ? "Square's card form with your credentials: in sandbox, card 4111 1111 1111 1111, CVV 111, any future expiry"
      : `no Square credentials, so the checkout shows a TEST MODE card form: choose "${TEST_OUTCOME_LABELS.approved}" and press Pay (no card is charged)`;
  return [
    `Jealous Fork is ready at ${site}/`,
    `  Menu and ordering:  ${site}/full-menu`,
    `  Admin console:      ${site}/admin, as ${env.OWNER_EMAIL?.trim() || DEVELOPMENT_OWNER_EMAIL} with the password ${password}`,
    `  Payments:           ${payments}`,
  ];
}

/** The dev server's database on its local PostgreSQL. */
export const DEV_DATABASE = "jealous_fork";

export interface DevDatabase {
  server: LocalPostgres;
  url: string;
  /** The migrations this start applied. */
  applied: string[];
}

/**
 * Starts the local PostgreSQL in `dataDir` (creating it on the first start), creates the site's
 * database and applies its pending migrations.
 */
export async function startDevDatabase(dataDir = DEV_DATA, port = DEV_PORT): Promise<DevDatabase> {
  const server = await startLocalPostgres({ dataDir, port });
  try {
    await ensureDatabase(server.url(), DEV_DATABASE);
    const url = server.url(DEV_DATABASE);
    return { server, url, applied: await migrate(url) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The lines that say where the database is. */
export function databaseLines(database: Pick<DevDatabase, "server" | "url">): string[] {
  return [
    `  Database:           PostgreSQL on 127.0.0.1:${database.server.port} (data in ${database.server.dataDir})`,
    `  Open it:            ${database.server.psql(DEV_DATABASE)}`,
  ];
}

/**
 * The Netlify emulation's Vite plugin, as @astrojs/netlify added it, with the emulation's own database
 * (PGlite, one shared session) and its functions turned off: the adapter has no option for either, so
 * the plugin is made again with the adapter's options for this site (images through the local Image CDN
 * with no remote patterns, no environment variables from a linked site, no edge functions) plus
 * `database: off` and `functions: off`. Its functions bundled all of netlify/functions before the first
 * answer (most of a minute on two cores); src/integrations/devFunctions.ts serves them instead.
 */
function withoutEmulatedDatabase(plugins: unknown[]): boolean {
  for (const entry of plugins) {
    if (Array.isArray(entry)) {
      if (withoutEmulatedDatabase(entry)) return true;
      continue;
    }
    const plugin = entry as Plugin | null;
    if (plugin?.name !== "vite-plugin-netlify") continue;
    const [replacement] = netlifyVitePlugin({
      images: { enabled: true, remoteURLPatterns: [] },
      environmentVariables: { enabled: false },
      edgeFunctions: { enabled: false },
      database: { enabled: false },
      functions: { enabled: false },
    }) as Plugin[];
    Object.assign(plugin, replacement);
    return true;
  }
  return false;
}

// One database per dev process: Astro restarts its server (a config edit) without ending the process.
const RUNNING = Symbol.for("jealous-fork.dev-database");
type WithDatabase = typeof globalThis & { [RUNNING]?: Promise<DevDatabase> };

export default function devServer(): AstroIntegration {
  return {
    name: "jealous-fork",
    hooks: {
      "astro:config:setup": async ({ command, config, logger, updateConfig }) => {
        if (command !== "dev") return;
        updateConfig({ vite: { plugins: [devFunctions()] } });
        if (!withoutEmulatedDatabase(config.vite.plugins ?? [])) {
          throw new Error("jealous-fork: the Netlify emulation's Vite plugin was not found; @astrojs/netlify must come first.");
        }
        const global = globalThis as WithDatabase;
        const first = !global[RUNNING];
        global[RUNNING] ??= startDevDatabase();
        const database = await global[RUNNING].catch((error: unknown) => {
          // A database that cannot start is said in one sentence (the folder, what to do), not a stack.
          if (!(error instanceof LocalPostgresError)) throw error;
          logger.error(error.message);
          process.exit(1);
        });
        if (first && database.applied.length) logger.info(`Database: applied ${database.applied.join(", ")}`);
        process.env.NETLIFY_DB_URL = database.url;
        process.env.NETLIFY_DB_DRIVER = "server";
      },
      // At start the content sync rewrites .astro/content-assets.mjs, and Astro answers that change with
      // a page reload. With no browser connected yet, Vite keeps the reload and hands it to the first
      // page that connects, so a newcomer's first page loads twice. A reload for no one is dropped.
      "astro:server:setup": ({ server }) => {
        const hot = server.environments.client.hot;
        const send = hot.send.bind(hot) as (...args: unknown[]) => void;
        hot.send = ((...args: unknown[]) => {
          const payload = args[0] as { type?: string } | undefined;
          if (payload?.type === "full-reload" && server.ws.clients.size === 0) return;
          send(...args);
        }) as typeof hot.send;
      },
      "astro:server:start": ({ address, logger }) => {
        for (const line of welcomeLines(address.port)) logger.info(line);
        const database = (globalThis as WithDatabase)[RUNNING];
        if (database) void database.then((started) => databaseLines(started).forEach((line) => logger.info(line)));
      },
    },
  };
}
