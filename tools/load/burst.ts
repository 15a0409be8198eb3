// `npm run load:burst`: two attacks on the local stack
// (tools/load/stack.ts), on 127.0.0.1 only, and what they achieved.
//   1. 60 simultaneous sign-ins from one address, the right password among them: how many passwords were
//      compared (at most the free failures of src/server/staff/signInWaits.ts, counted per pair of account and
//      network and per network), how many got in, how many were refused with 429 and told to wait.
//   2. 100 order attempts from one client with cards the test gateway declines, ten at a time: how many
//      reached the payment gateway (at most the 5 declines allowed, plus the attempts already in flight
//      when the fifth came back), how many were refused with 429, how many order rows were written.
// Exits 1 when a limit did not hold.
import { randomUUID } from "node:crypto";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { startStack } from "./stack.ts";
import { FREE_FAILURES, MAX_WAIT_SECONDS, waitAfter } from "../../src/server/staff/signInWaits.ts";

const PORT = 4425;
const PASSWORD = `burst-admin-${randomUUID()}`;
const ATTACKER = "198.51.100.66";
const CLOCK = "2026-11-21T12:00:00-05:00";

setDeployContext("dev");
Object.assign(process.env, { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: randomUUID(), RESTAURANT_CLOCK: CLOCK });
for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL"]) delete process.env[name];
// The functions log a line per attempt; the figures are what matter here.
for (const level of ["info", "warn"] as const) console[level] = () => {};

const stack = await startStack({ port: PORT });
const problems: string[] = [];
const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count} x ${status}`)
    .join(", ");

try {
  // 1. Sign-in burst.
  const passwords = Array.from({ length: 60 }, (_, i) => (i === 37 ? PASSWORD : `guess-${i}`));
  const signIns = await Promise.all(
    passwords.map((password) =>
      fetch(`${stack.url}/api/admin/session`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-nf-client-connection-ip": ATTACKER },
        body: JSON.stringify({ password }),
      }).then((res) => res.status),
    ),
  );
  // Each answer other than 429 compared a password (401 wrong, 200 right); a right one gives its count back.
  const signedIn = signIns.filter((status) => status === 200).length;
  const compared = signIns.filter((status) => status === 200 || status === 401).length;
  const limit = FREE_FAILURES + signedIn;
  const counted = await stack.database.rows<{ scope: string; failures: number }>("SELECT scope, failures FROM sign_in_failures ORDER BY scope");
  console.log(`sign-in burst: 60 at once from one address, the right password 38th`);
  console.log(`  answers: ${tally(signIns)}`);
  console.log(
    `  limits: ${FREE_FAILURES} failures in a row free per pair of account and network and per network, then a wait of ${waitAfter(FREE_FAILURES)} s ` +
      `doubling up to ${MAX_WAIT_SECONDS / 60} minutes (429 with Retry-After); the account's own count only raises an alarm`,
  );
  console.log(`  failures counted: ${counted.map((row) => `${row.scope} ${row.failures}`).join(", ") || "none"}`);
  console.log(`  passwords compared: ${compared} (limit ${limit}); signed in: ${signedIn}; sessions stored: ${await stack.database.count("admin_sessions")}`);
  if (compared > limit) problems.push(`${compared} passwords compared, more than ${limit}`);

  // 2. Card testing from one client.
  const attempt = (i: number) =>
    fetch(`${stack.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID(), "x-nf-client-connection-ip": ATTACKER },
      body: JSON.stringify({
        items: [{ id: 1, quantity: 1 }],
        orderType: "pickup",
        customerInfo: { name: `Tester ${i}`, email: `tester.${i}@example.com`, phone: "(305) 555-0142" },
        paymentToken: "cnon:card-nonce-declined",
        total: 17.2,
      }),
    }).then((res) => res.status);
  const statuses: number[] = [];
  // Ten at a time, as a script would pace itself.
  for (let batch = 0; batch < 10; batch++) statuses.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(batch * 10 + i)))));
  const charged = await stack.database.count("sandbox_payments");
  const orders = await stack.database.count("orders");
  console.log(`card testing: 100 order attempts from one address, every card declined`);
  console.log(`  answers: ${tally(statuses)}`);
  console.log(`  reached the payment gateway: ${charged}; order rows written: ${orders}; pending for staff: ${await stack.database.count("orders", "status = 'pending'")}`);
  // Each attempt is checked against the declines counted when it arrives: ten sent at once all pass.
  if (charged > 5 + 10 - 1) problems.push(`${charged} attempts reached the gateway, more than 5 declines and the 9 others in flight`);
} finally {
  await stack.stop();
}
if (problems.length) {
  console.log(`FAILED: ${problems.join("; ")}`);
  process.exit(1);
}
console.log("OK: the limits held.");
process.exit(0);
