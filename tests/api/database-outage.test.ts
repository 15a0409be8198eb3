// The database stopping in the middle of a rush and starting again: orders in flight answer 503 with a
// sentence (never a 500), no charge is left without its order record (reconciliation finds every one),
// and the same running functions take orders again once Postgres is back, without a restart.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../src/server/platform/database";
import { reconcilePendingOrders } from "../../src/server/orders/reconcile";
import { ensureDatabase, migrate, startLocalPostgres, withClient, type LocalPostgres } from "../../tools/localPostgres";
import { testDatabase } from "../support/database";
import { jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, startOrderServices, type OrderServices } from "../support/orderServices";

let services: OrderServices;
let folder: string;
let server: LocalPostgres;
let url: string;

beforeAll(async () => {
  services = await startOrderServices();
  // A server of this file's own, so stopping it leaves the other files' databases alone.
  folder = await mkdtemp(join(tmpdir(), "jf-outage-"));
  server = await startLocalPostgres({ dataDir: join(folder, "data"), port: 56200, persistent: true, scratch: true });
  await ensureDatabase(server.url(), "outage");
  url = server.url("outage");
  await migrate(url);
  await closeDatabase();
  process.env.NETLIFY_DB_URL = url;
});
afterAll(async () => {
  await closeDatabase();
  process.env.NETLIFY_DB_URL = testDatabase().url;
  await server.stop();
  await services.stop();
  await rm(folder, { recursive: true, force: true });
});

const count = (text: string) => withClient(url, async (client) => (await client.query<{ n: number }>(text)).rows[0]!.n);

describe("Postgres stopped while orders arrive, then started again", () => {
  it("answers the orders in flight 503 with a sentence, loses no charge, and takes orders again once it is back", async () => {
    expect((await postOrder(PICKUP_ORDER)).status).toBe(201);

    // Square answers slowly (well within the gateway's timeout), so orders are in flight when the database goes away.
    process.env.SQUARE_TIMEOUT_SECONDS = "5";
    services.square.fault("POST /v2/payments", { delayMs: 1_500 }, 100);
    const paymentsBefore = services.square.requestsTo("POST", "/v2/payments").length;
    const inFlight = Array.from({ length: 12 }, () => postOrder(PICKUP_ORDER).then((res) => ({ res, at: Date.now() })));
    // Stopped once some payments are on their way to Square, before Square has answered any.
    await expect.poll(() => services.square.requestsTo("POST", "/v2/payments").length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(paymentsBefore);
    const payingWhenStopped = services.square.requestsTo("POST", "/v2/payments").length - paymentsBefore;
    await server.stop();
    const stoppedAt = Date.now();
    const finished = await Promise.all(inFlight);
    const answers = finished.map((answer) => answer.res);
    process.env.SQUARE_TIMEOUT_SECONDS = "0.5";
    // At least one order was being paid when Postgres went down and answered only after it was down.
    expect(payingWhenStopped).toBeGreaterThan(0);
    expect(finished.filter((answer) => answer.at > stoppedAt).length).toBeGreaterThan(0);
    // While it is down, a new order is refused the same way.
    const whileDown = await postOrder(PICKUP_ORDER);

    // The orders in flight met the outage: the ones charged then were told so (their record stays pending).
    expect(answers.filter((res) => res.status === 503).length).toBeGreaterThan(0);
    for (const res of [...answers, whileDown]) {
      expect([201, 503]).toContain(res.status);
      if (res.status === 503) {
        expect((await jsonOf<{ error: string }>(res)).error).toMatch(
          /^(We could not take your order just now and your card was not charged|Your payment went through, but we could not save your order just now|Online ordering is unavailable right now\. Please call us at \(305\) 699-1430)/,
        );
      }
    }
    expect(whileDown.status).toBe(503);

    // Back up: the same functions (no restart) take orders again.
    services.square.clearFaults();
    await server.start();
    const after = await postOrder(PICKUP_ORDER);
    expect(after.status).toBe(201);

    // Every charge Square made has its order record, and reconciliation confirms every one left pending:
    // those charged while the database was down among them.
    const reconciled = await reconcilePendingOrders(-1);
    expect(reconciled.confirmed).toBeGreaterThan(0);
    const charges = services.square.charges();
    for (const charge of charges) {
      const owners = await withClient(url, async (client) =>
        (await client.query("SELECT status FROM orders WHERE provider_order_id = $1", [charge.order_id])).rows,
      );
      expect(owners).toEqual([{ status: "confirmed" }]);
    }
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE status = 'confirmed'")).toBe(charges.length);
  });
});
