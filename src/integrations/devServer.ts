// What `npm run dev` adds to Astro's dev server: before it starts, the local database gets the
// migrations it has not applied yet (Netlify applies them on deploy; the local emulation does not);
// once ready, it tells a developer what to click (the address, the admin password, how to pay in test
// mode), and the first page opened is not reloaded. Runs only in the dev server, never in a build or a
// deployed function.
import { join } from "node:path";
import { NetlifyDB } from "@netlify/database-dev";
import type { AstroIntegration } from "astro";
import { DEVELOPMENT_PASSWORD } from "../server/developmentPassword";
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
    `  Admin console:      ${site}/admin, password ${password}`,
    `  Payments:           ${payments}`,
  ];
}

/** Where the Netlify emulation keeps the local database (`@netlify/dev`: .netlify/db of the project). */
export const LOCAL_DATABASE = ".netlify/db";
export const MIGRATIONS = "netlify/database/migrations";

/**
 * Applies the pending migrations to the local database in `root`, before the emulation opens it (the
 * database files take one process at a time). Answers the names applied.
 */
export async function migrateLocalDatabase(root: string): Promise<string[]> {
  const database = new NetlifyDB({ directory: join(root, LOCAL_DATABASE), logger: () => {} });
  await database.start();
  try {
    return await database.applyMigrations(join(root, MIGRATIONS));
  } finally {
    await database.stop();
  }
}

export default function devServer(): AstroIntegration {
  return {
    name: "jealous-fork",
    hooks: {
      "astro:config:setup": async ({ command, config, logger }) => {
        if (command !== "dev") return;
        const applied = await migrateLocalDatabase(new URL(".", config.root).pathname);
        if (applied.length) logger.info(`Local database: applied ${applied.join(", ")}`);
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
      },
    },
  };
}
