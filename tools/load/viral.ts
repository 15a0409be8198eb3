// `npm run load`: a viral Friday evening against the local stack (tools/load/stack.ts: the functions
// bundled as Netlify bundles them, a database of the run's own on the project's real PostgreSQL), on
// 127.0.0.1 only. 5,000 checkout attempts in bursts of 50 at once (autocannon) for the evening's busiest
// times, the kitchen's room deciding first; the fake Square behind Square's rate limiting, answering 429
// above 10 payment calls a second. It reports p50/p95 of accepted and refused attempts, Square calls per
// accepted order and the database's peak connections, and exits 1 unless: 0 double charges, 0 charges
// without a confirmed order, 0 slots past their room, 0 Square calls for attempts refused before the
// charge, accepted p95 < 3 s, refusals p95 < 300 ms, peak connections <= 80% of max_connections, no 5xx
// but "not charged".
//
//   npm run load [-- --attempts 5000] [--burst 50] [--capacity 60] [--payments-per-second 10] [--gap-ms 0] [--port 4421]
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { parseArgs } from "node:util";
import { startFakeSquare } from "../../tests/support/fakeSquare.ts";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { startSquareRateLimit } from "../../tests/support/squareRateLimit.ts";
import { startTestDatabase, stopOwnTestServer } from "../../tests/support/database.ts";
import { bundleFunctions, ROOT } from "./stack.ts";
import { attempts, burst, EVENING_SLOTS, FRIDAY_EVENING, percentile, WARM_UP_SLOT, type Answer } from "./viralBursts.ts";
import { verdict, watchConnections } from "./viralChecks.ts";

const { values: args } = parseArgs({
  options: {
    attempts: { type: "string", default: "5000" },
    burst: { type: "string", default: "50" },
    capacity: { type: "string", default: "60" },
    "payments-per-second": { type: "string", default: "10" },
    "gap-ms": { type: "string", default: "0" },
    instances: { type: "string", default: "4" },
    "time-limit": { type: "string", default: "1200" },
    // Two runs on one machine (two clones) each need ports of their own: the site, and the fake Square one above it.
    port: { type: "string", default: "4421" },
  },
});
const ATTEMPTS = Number(args.attempts);
const BURST = Number(args.burst);
const CAPACITY = Number(args.capacity);
const PAYMENTS_PER_SECOND = Number(args["payments-per-second"]);
const GAP_MS = Number(args["gap-ms"]);
const INSTANCES = Number(args.instances);
const PORT = Number(args.port);

// The whole run is bounded: past the limit it stops and fails rather than hang.
setTimeout(() => {
  console.error(`load: gave up after ${args["time-limit"]} s`);
  process.exit(1);
}, Number(args["time-limit"]) * 1000).unref();

setDeployContext("dev");
Object.assign(process.env, { RESTAURANT_CLOCK: FRIDAY_EVENING, SESSION_SECRET: randomUUID() });
const square = await startFakeSquare({ port: PORT + 1 });
const limit = await startSquareRateLimit(square.url, { paymentsPerSecond: PAYMENTS_PER_SECOND });
Object.assign(process.env, { SQUARE_ACCESS_TOKEN: square.accessToken, SQUARE_LOCATION_ID: square.locationId, SQUARE_BASE_URL: limit.url });
const database = await startTestDatabase();
const bundle = await bundleFunctions(["orders"]);
// Function instances in processes of their own, each with its own database pool, as Netlify runs them.
// Their info lines (one per request and charge) are dropped unread, as Netlify keeps them apart; warnings
// and errors are shown. LOAD_PROFILE=folder writes each instance's CPU profile there.
cluster.setupPrimary({
  exec: `${ROOT}/tools/load/viralWorker.ts`,
  silent: true,
  execArgv: process.env.LOAD_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.LOAD_PROFILE}`] : [],
});
const instances = Array.from({ length: INSTANCES }, () => {
  const instance = cluster.fork({ LOAD_BUNDLE: bundle, LOAD_FUNCTIONS: JSON.stringify(["orders"]), LOAD_PORT: String(PORT) });
  instance.process.stdout?.resume();
  instance.process.stderr?.pipe(process.stderr);
  return instance;
});
cluster.on("exit", (instance, code) => {
  if (code) console.error(`load: a function instance (pid ${instance.process.pid}) ended with ${code}`);
});
await Promise.all(instances.map((instance) => new Promise((resolve) => instance.once("message", resolve))));
const stack = { url: `http://127.0.0.1:${PORT}`, database };
let failed = false;
try {
  // A kitchen that makes CAPACITY units of burgers a quarter hour (a dish weighs 1).
  await stack.database.rows("UPDATE slot_capacities SET weight = $1 WHERE section = 'jealous-burger' AND fulfilment = 'pickup'", [CAPACITY]);
  // Every instance warm (its database pool open, the Square SDK loaded), as a site taking orders all
  // evening is: a few orders for a later time, outside what is measured (their charges are checked too).
  const warmUp = await burst(stack.url, attempts(INSTANCES * 3).map((attempt) => ({ ...attempt, body: attempt.body.replace(/"slot":"[^"]+"/, `"slot":"${WARM_UP_SLOT}"`) })));
  const planned = attempts(ATTEMPTS);
  const answers: Answer[] = [];
  const connections = watchConnections(stack.database);
  const started = Date.now();
  for (let at = 0; at < planned.length; at += BURST) {
    answers.push(...(await burst(stack.url, planned.slice(at, at + BURST))));
    if ((at / BURST) % 20 === 19) console.log(`  ${answers.length} attempts, ${answers.filter((a) => a.status === 201).length} accepted, ${Math.round((Date.now() - started) / 1000)} s`);
    if (GAP_MS) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  const seconds = (Date.now() - started) / 1000;
  const { peak, max } = await connections.stop();
  const found = await verdict(stack.database, square);

  const of = (statuses: number[]) => answers.filter((answer) => statuses.includes(answer.status)).map((answer) => answer.ms);
  const accepted = of([201]);
  const refused = of([409, 422]);
  const busy = of([503]);
  const others = answers.filter((answer) => ![201, 409, 422, 503].includes(answer.status));
  const line = (name: string, values: number[]) =>
    `${name.padEnd(34)}${String(values.length).padStart(5)}   p50 ${String(Math.round(percentile(values, 0.5))).padStart(5)} ms   p95 ${String(Math.round(percentile(values, 0.95))).padStart(5)} ms`;
  console.log(`\nviral hour: ${answers.length} attempts in bursts of ${BURST} in ${seconds.toFixed(1)} s; ${EVENING_SLOTS.length} evening slots of ${CAPACITY} units`);
  console.log(`${INSTANCES} function instances (processes), each with its own database pool`);
  console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  console.log(line("accepted (201)", accepted));
  console.log(line("refused: no room / rule (409/422)", refused));
  console.log(line("refused: Square busy, not charged", busy));
  if (others.length) console.log(`other answers: ${others.map((answer) => answer.status).join(", ")}`);
  console.log(`Square: ${limit.requests} calls (${limit.limited} answered 429), ${(limit.requests / Math.max(1, accepted.length)).toFixed(2)} per accepted order, at most ${limit.peakInFlight} in flight`);
  console.log(`database: peak ${peak} connections of max_connections ${max} (${Math.round((100 * peak) / max)}%)`);
  console.log(
    `charges ${found.charges}, confirmed ${found.confirmed}, double charges ${found.doubleCharges}, charges without a confirmed order ${found.chargesWithoutOrder}, ` +
      `slots over capacity ${found.slotsOverCapacity}, Square orders of attempts refused before the charge ${found.squareOrdersOfUnstoredAttempts}, ` +
      `not charged (stored, then refused at Square) ${found.notCharged}, pending ${found.pending}`,
  );
  const broken = [
    found.doubleCharges > 0 && "a card charged twice",
    found.chargesWithoutOrder > 0 && "a charge without its confirmed order",
    found.slotsOverCapacity > 0 && "a slot past its room",
    found.squareOrdersOfUnstoredAttempts > 0 && "Square called for a refused attempt",
    found.confirmed !== accepted.length + warmUp.filter((answer) => answer.status === 201).length && "accepted answers and confirmed orders differ",
    percentile(accepted, 0.95) >= 3_000 && "accepted p95 over 3 s",
    percentile(refused, 0.95) >= 300 && "refusals p95 over 300 ms",
    percentile(busy, 0.95) >= 300 && found.notCharged === 0 && "busy refusals p95 over 300 ms",
    peak > 0.8 * max && "connections over 80% of max_connections",
    others.length > 0 && "answers other than 201, 409, 422 or 503",
  ].filter(Boolean);
  if (broken.length) {
    failed = true;
    console.error(`load: FAILED: ${broken.join("; ")}`);
  } else console.log("load: every check held");
} finally {
  await Promise.all(
    instances.map((instance) => new Promise((resolve) => {
      instance.once("exit", resolve);
      instance.send("stop");
      setTimeout(() => instance.kill(), 5_000).unref();
    })),
  );
  await database.stop();
  await stopOwnTestServer();
  await rm(bundle, { force: true });
  await limit.stop();
  await square.stop();
}
process.exit(failed ? 1 : 0);
