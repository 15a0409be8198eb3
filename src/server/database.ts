// The site's records in Netlify Database (Postgres): statements written with the `sql` tag (every
// value a bound parameter, never text pasted into SQL), run on the pool @netlify/database opens, and
// transactions held on one connection. An empty database is filled from content/ before first use.
import { getConnectionString, getDatabase } from "@netlify/database";
import { deployContext, isDeployed, isLocal } from "./env";
import { Unavailable } from "./errors";
import { log } from "./http";
import { seedFromContent } from "./seed";
import { sql, type Statement } from "./sql";

/** What runs statements: the pool, or one connection inside a transaction. */
export interface Queries {
  /** The rows a statement returns. */
  all<T>(statement: Statement): Promise<T[]>;
  /** The first row, or null. */
  one<T>(statement: Statement): Promise<T | null>;
  /** The number of rows a statement changed. */
  run(statement: Statement): Promise<number>;
}

interface PgLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

function queriesOn(target: PgLike): Queries {
  const all = async <T>(statement: Statement) => (await target.query(statement.text, [...statement.values])).rows as T[];
  return {
    all,
    one: async <T>(statement: Statement) => ((await all<T>(statement))[0] ?? null),
    run: async (statement) => (await target.query(statement.text, [...statement.values])).rowCount ?? 0,
  };
}

interface Pool extends PgLike {
  connect(): Promise<PgLike & { release(error?: Error | boolean): void }>;
  on(event: "error", listener: (error: Error) => void): void;
  options?: { max?: number };
}

let opened: { url: string; pool: Pool; ready: Promise<void> } | undefined;

function open(): { pool: Pool; ready: Promise<void> } {
  const url = getConnectionString();
  if (opened?.url === url) return opened;
  // The platform gave this instance another database (its URL changed): the old pool is let go.
  if (opened) void (opened.pool as unknown as { end(): Promise<void> }).end().catch(() => undefined);
  const local = isLocal();
  const pool = (local ? getDatabase({ connectionString: withUser(url) }) : getDatabase()).pool as unknown as Pool;
  // Locally the database is PGlite behind one shared session: statements of two connections would
  // run inside each other's transactions. One connection at a time keeps transactions apart.
  if (local && pool.options) pool.options.max = 1;
  // An idle connection the database closed (a restart, a timeout) is dropped and replaced by the
  // pool; without a listener its error would end the whole function instance.
  pool.on("error", (error) => log("warn", "an idle database connection was closed", { error: error.message }));
  const queries = queriesOn(pool);
  const ready = guardLiveData(queries).then(() => seedFromContent({ ...queries, transaction: (work) => transactionOn(pool, work) }));
  opened = { url, pool, ready };
  // A failed seed is tried again by the next request rather than remembered.
  ready.catch(() => {
    if (opened?.pool === pool) opened = undefined;
  });
  return opened;
}

const LIVE_DATABASE = "production-database-host";

/**
 * Previews and branch deploys are public URLs of unreviewed code: they must never write the live
 * site's records. Netlify gives each deploy preview a database branch of its own, forked from
 * production's (with a different host). Production notes its database's host; a deployed context
 * other than production that finds itself on that same host refuses every statement (fail closed),
 * which covers a branch deploy given production's database.
 */
async function guardLiveData(queries: Queries): Promise<void> {
  if (!isDeployed()) return;
  const host = new URL(getConnectionString()).host;
  if (deployContext() === "production") {
    await queries.run(sql`
      INSERT INTO settings (key, value) VALUES (${LIVE_DATABASE}, ${JSON.stringify(host)})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now() WHERE settings.value <> EXCLUDED.value`);
    return;
  }
  const live = await queries.one<{ value: string }>(sql`SELECT value FROM settings WHERE key = ${LIVE_DATABASE}`);
  if (live?.value === host) {
    log("error", "this deploy was given the live site's database; refusing to use it", { context: deployContext() });
    throw new Unavailable("This deploy has no database of its own, so it keeps away from the live site's records.");
  }
}

/** The local database's URL names no user, and pg needs one where the shell has no USER (CI, containers). */
function withUser(connectionString: string): string {
  const url = new URL(connectionString);
  if (!url.username) url.username = "postgres";
  return url.toString();
}

async function transactionOn<T>(pool: Pool, work: (tx: Queries) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(queriesOn(client));
    await client.query("COMMIT");
    client.release();
    return result;
  } catch (error) {
    const rollback = await client.query("ROLLBACK").then(
      () => undefined,
      (rollbackError: unknown) => rollbackError,
    );
    // A connection whose rollback failed is broken: the pool must not hand it out again.
    client.release(rollback instanceof Error ? rollback : undefined);
    throw error;
  }
}

/** The database, filled from content/ when it was empty. */
export interface Database extends Queries {
  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
}

async function ready(): Promise<Pool> {
  const { pool, ready: seeded } = open();
  await seeded;
  return pool;
}

export const db: Database = {
  all: async (statement) => queriesOn(await ready()).all(statement),
  one: async (statement) => queriesOn(await ready()).one(statement),
  run: async (statement) => queriesOn(await ready()).run(statement),
  transaction: async (work) => transactionOn(await ready(), work),
};

/** Closes this process's connections (tests and scripts that end). */
export async function closeDatabase(): Promise<void> {
  const current = opened;
  opened = undefined;
  await (current?.pool as unknown as { end?: () => Promise<void> } | undefined)?.end?.();
}
