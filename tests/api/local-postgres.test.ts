// The project's own PostgreSQL starts wherever a newcomer clones it, and when it cannot start it says
// so in one sentence that names the folder and what to do: never an unhandled 'error' event.
import { chmod, mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalPostgresError, freePort, startLocalPostgres, withClient } from "../../tools/localPostgres";
import { SHARED_HOME, cloneKey, devDataFolder, postgresAccount, reachableBinaries } from "../../tools/postgres/place";
import { PortTakenError, launch } from "../../tools/postgres/server";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** A folder of the test's own that the user running Postgres may enter (as a scratch server's is). */
async function scratchFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "jf-local-pg-"));
  folders.push(folder);
  await chmod(folder, 0o755);
  return folder;
}

function holdPort(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

describe("where the local PostgreSQL lives", () => {
  it("keeps the dev server's data where the user that runs Postgres can reach it: the clone's .data, or as root a folder of the clone's own under /var/lib/jealous-fork", () => {
    const folder = devDataFolder();
    if (userInfo().uid === 0) expect(folder).toBe(join(SHARED_HOME, "clones", cloneKey(), "postgres"));
    else expect(folder).toMatch(/\.data\/postgres$/);
  });

  it("names two clones' data differently, so they never share one database by accident", () => {
    expect(cloneKey("/root/jealous-fork")).not.toBe(cloneKey("/srv/jealous-fork"));
    expect(cloneKey("/root/jealous-fork")).toBe(cloneKey("/root/jealous-fork"));
    expect(cloneKey("/root/jealous-fork")).toMatch(/^jealous-fork-[0-9a-f]{8}$/);
  });

  it("keeps its data for the next start", async () => {
    const dataDir = join(await scratchFolder(), "postgres");
    const first = await startLocalPostgres({ dataDir, port: 56300 });
    try {
      await withClient(first.url(), (client) => client.query("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')"));
    } finally {
      await first.stop();
    }
    const second = await startLocalPostgres({ dataDir, port: 56300 });
    try {
      const { rows } = await withClient(second.url(), (client) => client.query("SELECT note FROM kept"));
      expect(rows).toEqual([{ note: "still here" }]);
    } finally {
      await second.stop();
    }
  });
});

describe("a PostgreSQL that cannot start", () => {
  it.runIf(userInfo().uid === 0)("refuses, as root, a data folder inside a folder only root may enter, naming that folder and what to do", async () => {
    const closed = await mkdtemp(join(tmpdir(), "jf-root-only-"));
    folders.push(closed);
    const dataDir = join(closed, "clone", "postgres");
    const started = startLocalPostgres({ dataDir, port: 56340 });
    await expect(started).rejects.toBeInstanceOf(LocalPostgresError);
    await expect(started).rejects.toThrow(`which cannot enter ${closed}, so it cannot keep its data in ${dataDir}: choose a data folder outside folders only root may enter`);
  });

  it("refuses a data folder another PostgreSQL version wrote, in one sentence naming the folder and what to do", async () => {
    const dataDir = join(await scratchFolder(), "postgres");
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, "PG_VERSION"), "16\n");
    const started = startLocalPostgres({ dataDir, port: 56310 });
    await expect(started).rejects.toBeInstanceOf(LocalPostgresError);
    await expect(started).rejects.toThrow(`The database folder ${dataDir} was made by PostgreSQL 16`);
    await expect(started).rejects.toThrow(/move that folder aside \(or delete it: it holds development data only\), then start again\.$/);
  });

  it("says which program could not be run, as whom, and what to do, when the programs cannot be reached", async () => {
    const dataDir = join(await scratchFolder(), "postgres");
    const account = await postgresAccount();
    const unreachable = { folder: join(dataDir, "no-such-binaries"), major: "18" };
    const attempt = launch({ account, binaries: unreachable, dataDir, flags: [] }, 56320);
    await expect(attempt).rejects.toBeInstanceOf(LocalPostgresError);
    await expect(attempt).rejects.toThrow(`PostgreSQL could not start: ${join(unreachable.folder, "bin", "postgres")} could not be run as user "${account.name}" (ENOENT)`);
  });

  it("says the port is taken when another program holds it, and a start chooses a free one instead", async () => {
    const dataDir = join(await scratchFolder(), "postgres");
    const port = await freePort(56330);
    const held = await holdPort(port);
    try {
      const started = await startLocalPostgres({ dataDir, port });
      try {
        expect(started.port).toBeGreaterThan(port);
      } finally {
        await started.stop();
      }
      const account = await postgresAccount();
      const plan = { account, binaries: await reachableBinaries(account), dataDir, flags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="] };
      const attempt = launch(plan, port);
      await expect(attempt).rejects.toBeInstanceOf(PortTakenError);
      await expect(attempt).rejects.toThrow(`PostgreSQL could not listen on 127.0.0.1:${port}: another program holds that port.`);
    } finally {
      held.close();
    }
  });
});
