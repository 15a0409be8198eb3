// `npm run bench:console`: the console's and the menu's figures (tools/bench/console.ts) on the functions
// alone, bundled and served on 127.0.0.1 with a real PostgreSQL, after a morning of orders has been placed.
import { randomUUID } from "node:crypto";
import { DEVELOPMENT_PASSWORD } from "../../src/server/staff/developmentPassword.ts";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { startFakeSquare } from "../../tests/support/fakeSquare.ts";
import { startStack } from "../load/stack.ts";
import { PICKUP_ORDER as ORDER } from "../../tests/support/pickupOrder.ts";
import { consoleReport, measureConsole } from "./console.ts";

const FUNCTIONS = [
  "menu", "schedule", "orders", "admin-session", "admin-hours", "admin-menu-items", "admin-orders", "admin-sales",
  "admin-messages", "square-status",
] as const;

setDeployContext("dev");
const square = await startFakeSquare();
Object.assign(process.env, {
  RESTAURANT_CLOCK: "2026-11-21T16:00:00Z",
  SQUARE_ACCESS_TOKEN: square.accessToken,
  SQUARE_LOCATION_ID: square.locationId,
  SQUARE_BASE_URL: square.url,
  // The morning's 25 orders are placed back to back; the pace Square takes new charges at is not what this measures.
  SQUARE_CHECKOUTS_PER_SECOND: "100",
});
const stack = await startStack({ port: 4417, functions: FUNCTIONS });
try {
  // Today's board holds orders, as on a real morning.
  // 25: under the per-network attempt limit (every order here comes from 127.0.0.1).
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`${stack.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ ...ORDER, customerInfo: { ...ORDER.customerInfo, email: `guest${i}@example.com` } }),
    });
    if (res.status !== 201) throw new Error(`an order of the morning answered ${res.status}: ${await res.text()}`);
  }
  const figures = await measureConsole(stack.url, DEVELOPMENT_PASSWORD);
  for (const line of consoleReport(figures)) console.log(line);
  process.exitCode = figures.withinBudgets ? 0 : 1;
} finally {
  await stack.stop();
  await square.stop();
}
// The bundled functions' own pool would keep the process for its idle timeout.
process.exit();
