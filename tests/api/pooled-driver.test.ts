// The order path through the driver production uses: Neon's serverless Pool through @netlify/database
// (NETLIFY_DB_DRIVER=serverless), over Neon's WebSocket protocol to the tests' real PostgreSQL. A burst of
// orders lands once each and charges once each, connections stay within the pool, and nothing in the
// server's statements relies on session state a transaction-mode pooler would lose.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../src/server/platform/database";
import { testDatabase } from "../support/database";
import { startNeonProxy, type NeonProxy } from "../support/neonProxy";
import { PICKUP_ORDER, postOrder, startOrderServices, type OrderServices } from "../support/orderServices";

let proxy: NeonProxy;
let services: OrderServices;

beforeAll(async () => {
  services = await startOrderServices();
  proxy = await startNeonProxy();
  await closeDatabase();
  process.env.NETLIFY_DB_DRIVER = "serverless";
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
});
afterAll(async () => {
  await closeDatabase();
  delete process.env.NETLIFY_DB_DRIVER;
  await proxy.stop();
  await services.stop();
});

/** Connections to this file's database now, other than the one asking. */
async function connections(): Promise<number> {
  const [row] = await testDatabase().rows<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  return row!.n;
}

describe("orders through Neon's serverless driver", () => {
  it("take a burst of 20 at once: each stored, confirmed and charged once, on at most the pool's connections", { timeout: 60_000 }, async () => {
    const keys = Array.from({ length: 20 }, () => randomUUID());
    let peak = 0;
    let running = true;
    const watch = (async () => {
      while (running) {
        peak = Math.max(peak, await connections());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const answers = await Promise.all(keys.map((key) => postOrder(PICKUP_ORDER, key)));
    running = false;
    await watch;
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    // The statements went through Neon's WebSocket protocol, not node-postgres.
    expect(proxy.opened).toBeGreaterThan(0);
    const confirmed = await testDatabase().rows<{ idempotency_key: string }>("SELECT idempotency_key FROM orders WHERE status = 'confirmed'");
    expect(new Set(confirmed.map((row) => row.idempotency_key))).toEqual(new Set(keys));
    expect(services.square.charges().length).toBe(20);
    // Neon's Pool keeps at most 10 connections per instance, like node-postgres: 20 orders share them.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(10);
  });
});

/** Every TypeScript file under `folder`. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the server's statements", () => {
  it("use row locks and unique keys, never session state a pooled connection loses (session advisory locks, LISTEN, SET, PREPARE)", () => {
    const sessionState = /pg_(try_)?advisory_lock(_shared)?\s*\(|\bLISTEN\s+\w|\bUNLISTEN\b|\bSET\s+(SESSION|search_path|statement_timeout|lock_timeout)\b|\bPREPARE\s+\w+\s+(AS|\()|\bDECLARE\s+\w+\s+CURSOR\s+WITH\s+HOLD/i;
    const offenders = [...sources("src/server"), ...sources("netlify/functions")].filter((path) => sessionState.test(readFileSync(path, "utf8")));
    expect(offenders).toEqual([]);
  });
});
