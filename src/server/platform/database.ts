// The site's records in Netlify Database (Postgres): statements written with the `sql` tag (every
// value a bound parameter, never text pasted into SQL), run on a pool of the driver Netlify names, and
// transactions held on one connection. An empty database is filled from content/ before first use.
import { deployContext, isDeployed } from "../env";
import { Unavailable } from "./errors";
import { DATABASE_DOWN, log } from "./http";
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

interface PooledConnection extends PgLike {
  release(error?: Error | boolean): void;
  on(event: "error", listener: (error: Error) => void): void;
  off(event: "error", listener: (error: Error) => void): void;
}

interface Pool extends PgLike {
  connect(): Promise<PooledConnection>;
  on(event: "error", listener: (error: Error) => void): void;
}

let opened: { url: string; pool: Promise<Pool>; ready: Promise<Pool> } | undefined;

/** Netlify's runtime environment where there is one (as @netlify/database reads it), else process.env. */
function environment(name: string): string | undefined {
  const runtime = (globalThis as { Netlify?: { env?: { get(key: string): string | undefined } } }).Netlify;
  return runtime?.env?.get(name) ?? process.env[name];
}

/** The database Netlify gives this instance (NETLIFY_DB_URL; the local emulation sets it too). */
function connectionString(): string {
  const url = environment("NETLIFY_DB_URL");
  if (!url) throw new Unavailable("The site's database is not configured (no NETLIFY_DB_URL).");
  return url;
}

/**
 * The pool of the driver Netlify names, chosen as @netlify/database's getDatabase() chooses it: Neon's
 * serverless pool when NETLIFY_DB_DRIVER is "serverless", node-postgres otherwise (a server Netlify
 * reaches over TCP, and the real PostgreSQL that development and tests run). Each is loaded on first
 * use: @netlify/database imports both drivers with ws and waddler (some 200 KB minified), which every
 * cold start would compile for one of them. Deployed or local, the same pool of several connections.
 */
async function newPool(url: string): Promise<Pool> {
  if (environment("NETLIFY_DB_DRIVER") === "serverless") {
    const { getDatabase } = await import("@netlify/database");
    return getDatabase({ connectionString: url }).pool as unknown as Pool;
  }
  const { default: pg } = await import("pg");
  // A database that does not answer within 5 s is down for this request: the visitor hears so (503)
  // instead of waiting for the function's own time limit.
  return new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5_000 }) as unknown as Pool;
}

function open(): { pool: Promise<Pool>; ready: Promise<Pool> } {
  const url = connectionString();
  if (opened?.url === url) return opened;
  // The platform gave this instance another database (its URL changed): the old pool is let go.
  if (opened) void opened.pool.then((old) => (old as unknown as { end(): Promise<void> }).end()).catch(() => undefined);
  const pool = newPool(url).then((created) => {
    // An idle connection the database closed (a restart, a timeout) is dropped and replaced by the
    // pool; without a listener its error would end the whole function instance.
    created.on("error", (error) => log("warn", "an idle database connection was closed", { error: error.message }));
    return created;
  });
  const ready = pool.then(async (created) => {
    const queries = queriesOn(created);
    await guardLiveData(url, queries);
    await seedFromContent({ ...queries, transaction: (work) => transactionOn(created, work) });
    return created;
  });
  const current = { url, pool, ready };
  opened = current;
  // A failed seed is tried again by the next request rather than remembered.
  ready.catch(() => {
    if (opened === current) opened = undefined;
  });
  return current;
}

const LIVE_DATABASE = "production-database-host";

/**
 * Previews and branch deploys are public URLs of unreviewed code: they must never write the live
 * site's records. Netlify gives each deploy preview a database branch of its own, forked from
 * production's (with a different host). Production notes its database (host and name); a deployed context
 * other than production that finds itself on that same database refuses every statement (fail closed),
 * which covers a branch deploy given production's database.
 */
async function guardLiveData(url: string, queries: Queries): Promise<void> {
  if (!isDeployed()) return;
  // A database is its server and its name: two databases of one server are two databases.
  const { host, pathname } = new URL(url);
  const identity = `${host}${pathname}`;
  if (deployContext() === "production") {
    await queries.run(sql`
      INSERT INTO settings (key, value) VALUES (${LIVE_DATABASE}, ${JSON.stringify(identity)})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now() WHERE settings.value <> EXCLUDED.value`);
    return;
  }
  const live = await queries.one<{ value: string }>(sql`SELECT value FROM settings WHERE key = ${LIVE_DATABASE}`);
  if (live?.value === identity) {
    log("error", "this deploy was given the live site's database; refusing to use it", { context: deployContext() });
    throw new Unavailable("This deploy has no database of its own, so it keeps away from the live site's records.");
  }
}

/** Postgres's answers that ask for the whole transaction to be run again: serialization failure, deadlock. */
const RETRY_CODES = new Set(["40001", "40P01"]);
/** How many times a transaction is run before its conflict is reported (as any other error). */
export const TRANSACTION_ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined;
}

/**
 * Whether an error says the database could not be reached or went away mid-statement (a restart, a
 * network cut, a full connection slot list) rather than refusing the statement itself.
 */
export function isUnreachable(error: unknown): boolean {
  // Node reports a connection refused on every address of a host name as one AggregateError.
  const inner = (error as { errors?: unknown[] } | null)?.errors;
  if (Array.isArray(inner) && inner.some(isUnreachable)) return true;
  const code = sqlState(error);
  if (typeof code === "string" && (/^08/.test(code) || ["57P01", "57P02", "57P03", "53300", "3D000"].includes(code))) return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"].includes(code)) return true;
  const message = error instanceof Error ? error.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

/** The visitor hears that ordering is down and is given the phone (the pages themselves are files and stay up). */
const UNREACHABLE = DATABASE_DOWN;

/** Runs `work`, telling a database that cannot be reached as Unavailable (503 with a sentence). */
async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    log("error", "the database cannot be reached", { error: error instanceof Error ? error.message : String(error), code: sqlState(error) });
    throw new Unavailable(UNREACHABLE);
  }
}

async function transactionOnce<T>(pool: Pool, work: (tx: Queries) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // The database going away while this connection is out of the pool (a restart) is an error event
  // on it: without a listener it would end the whole function instance. The statement fails anyway.
  const dropped = (error: Error) => log("warn", "a database connection in use was closed", { error: error.message });
  client.on("error", dropped);
  try {
    await client.query("BEGIN");
    const result = await work(queriesOn(client));
    await client.query("COMMIT");
    client.off("error", dropped);
    client.release();
    return result;
  } catch (error) {
    const rollback = await client.query("ROLLBACK").then(
      () => undefined,
      (rollbackError: unknown) => rollbackError,
    );
    client.off("error", dropped);
    // A connection whose rollback failed is broken: the pool must not hand it out again.
    client.release(rollback instanceof Error ? rollback : undefined);
    throw error;
  }
}

/**
 * One transaction on one connection. Where Postgres gives up on it because another transaction ran
 * at the same time (a serialization failure or a deadlock), the whole of it runs again, a bounded number
 * of times with a short random pause, as Postgres's documentation asks of its clients: `work` must then
 * do nothing outside the database that may not be done twice. Still breaking off after that, it is a
 * 503 with a sentence, never a 500.
 */
async function transactionOn<T>(pool: Pool, work: (tx: Queries) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transactionOnce(pool, work);
    } catch (error) {
      const code = sqlState(error);
      if (!code || !RETRY_CODES.has(code)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) {
        log("error", "a transaction kept meeting others and was given up", { code, attempts: attempt });
        throw new Unavailable("The restaurant's records are very busy right now. Please try again in a moment.");
      }
      log("warn", "a transaction met another and runs again", { code, attempt });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
    }
  }
}

/** The database, filled from content/ when it was empty. */
export interface Database extends Queries {
  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
}

function ready(): Promise<Pool> {
  return open().ready;
}

export const db: Database = {
  all: (statement) => reaching(async () => queriesOn(await ready()).all(statement)),
  one: (statement) => reaching(async () => queriesOn(await ready()).one(statement)),
  run: (statement) => reaching(async () => queriesOn(await ready()).run(statement)),
  transaction: (work) => reaching(async () => transactionOn(await ready(), work)),
};

/** Closes this process's connections (tests and scripts that end). */
export async function closeDatabase(): Promise<void> {
  const current = opened;
  opened = undefined;
  const pool = await current?.pool.catch(() => undefined);
  await (pool as unknown as { end?: () => Promise<void> } | undefined)?.end?.();
}
