// `npm run load`: a lunch rush against the local stack (tools/load/stack.ts), bounded in count and
// time, on 127.0.0.1 only. For each payment gateway (Square's, talking to the fake Square, where every
// charge is counted; and the local sandbox gateway, whose charges are its sandbox_payments rows):
//   1. 200 distinct orders from 50 concurrent clients: 200 stored, each total recomputed here from
//      content/menu.json to the cent, each charged once, for exactly that total;
//   2. duplicate submissions sharing an idempotency key, interleaved at random: one order, one charge,
//      one 201 and the other copies 200 (they waited for it);
// then concurrent admin edits: of different records nothing is lost; of the same record the last
// write wins or the loser gets 409, and the record is whole. Prints throughput, latency p50/p95/p99
// and the counts; exits 1 if anything was lost or wrong.
//
//   npm run load [-- --gateway square|sandbox|both] [--orders 200] [--clients 50] [--networks 50] [--server local|netlify]
//
// --server local (the default, seconds): the functions bundled and served in this process by the local
// router. --server netlify (a few minutes): the production build (`astro build`) served by Netlify's CLI,
// `netlify serve --offline`, its functions on the same real PostgreSQL; each client then connects from
// an address of its own on the loopback network (127.0.0.N), since netlify serve reports the socket's
// address as the client's.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { request as httpRequest } from "node:http";
import { startFakeSquare, type FakeSquare } from "../../tests/support/fakeSquare.ts";
import { startTestDatabase, stopOwnTestServer } from "../../tests/support/database.ts";
import { buildScratch, makeScratch } from "../bench/scratch.ts";
import { ensureTools } from "../bench/tools.ts";
import { startNetlifyServe, type NetlifyServe } from "./netlifyServe.ts";
import { ROOT, startStack, type Stack } from "./stack.ts";
import { setDeployContext } from "../../tests/support/deployContext.ts";

const { values: args } = parseArgs({
  options: {
    gateway: { type: "string", default: "both" },
    orders: { type: "string", default: "200" },
    clients: { type: "string", default: "50" },
    duplicates: { type: "string", default: "20" },
    copies: { type: "string", default: "8" },
    "time-limit": { type: "string" },
    server: { type: "string", default: "local" },
    networks: { type: "string", default: "50" },
  },
});
const NETLIFY = args.server === "netlify";
/** Seconds the whole run may take: netlify serve first builds the site and bundles its functions. */
const TIME_LIMIT = Number(args["time-limit"] ?? (NETLIFY ? 900 : 240));
const ORDERS = Number(args.orders);
const CLIENTS = Number(args.clients);
/** How many client networks the attempts come from (the site limits attempts per network): as many as clients, at least. */
const NETWORKS = Math.max(CLIENTS, Number(args.networks));
const DUPLICATE_KEYS = Number(args.duplicates);
const COPIES = Number(args.copies);
const PORT = 4421;
const FAKE_SQUARE_PORT = 4422;
/** Saturday noon in Miami: Jealous Fork and Beverages are open (Jealous Burger is not). */
const CLOCK = "2026-11-21T12:00:00-05:00";
const ADMIN_PASSWORD = `load-admin-${randomUUID()}`;

// The whole run is bounded: past the limit it stops and fails rather than hang.
const deadline = setTimeout(() => {
  console.error(`load: gave up after ${TIME_LIMIT} s`);
  process.exit(1);
}, TIME_LIMIT * 1000);
deadline.unref();

// ---------------------------------------------------------------------------------------------
// The menu, read independently of the server: prices in cents, the sections open at CLOCK.
// ---------------------------------------------------------------------------------------------
interface MenuEntry {
  id: number;
  name: string;
  price: number;
  section: string;
  inStock: boolean;
  /** Option groups; a dish with a required one (min >= 1) is left out: the load prices plain dishes. */
  options?: { min?: number }[];
}
const MENU = JSON.parse(readFileSync(join(ROOT, "content", "menu.json"), "utf8")) as MenuEntry[];
const SELLABLE = MENU.filter(
  (item) => item.inStock && (item.section === "jealous-fork" || item.section === "beverages") && !(item.options ?? []).some((group) => (group.min ?? 0) > 0),
);
const PRICE_CENTS = new Map(MENU.map((item) => [item.id, Math.round(item.price * 100)]));

interface Cart {
  lines: { id: number; quantity: number }[];
  orderType: "pickup" | "delivery";
}

/** Subtotal, 7.5% tax rounded half up to the cent, 4.99 for delivery: integer cents throughout. */
function expectedTotalCents(cart: Cart): number {
  const subtotal = cart.lines.reduce((sum, line) => sum + PRICE_CENTS.get(line.id)! * line.quantity, 0);
  const tax = Math.floor((subtotal * 75 + 500) / 1000);
  return subtotal + tax + (cart.orderType === "delivery" ? 499 : 0);
}

/** A small deterministic generator, so a run can be repeated exactly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cartFor(i: number, rnd: () => number): Cart {
  const lines = new Map<number, number>();
  const count = 1 + Math.floor(rnd() * 4);
  while (lines.size < count) {
    const item = SELLABLE[Math.floor(rnd() * SELLABLE.length)]!;
    lines.set(item.id, 1 + Math.floor(rnd() * 5));
  }
  return { lines: [...lines].map(([id, quantity]) => ({ id, quantity })), orderType: i % 3 === 0 ? "delivery" : "pickup" };
}

function orderBody(i: number, cart: Cart) {
  return {
    items: cart.lines.map((line) => ({ ...line, name: MENU.find((m) => m.id === line.id)!.name, price: 0.01 })),
    orderType: cart.orderType,
    customerInfo: { name: `Load Customer ${i}`, email: `load.customer.${i}@example.com`, phone: `(305) 555-${String(1000 + i).slice(-4)}` },
    deliveryInfo:
      cart.orderType === "delivery" ? { address: `${100 + i} SW 42nd St`, city: "Miami", state: "FL", zipCode: "33175", deliveryNotes: `Load ${i}` } : null,
    paymentToken: "cnon:card-nonce-ok",
    // What a tampering browser might send: ignored, the server reprices. The total is the one the
    // customer saw (a total that differs from the menu's is refused before any charge).
    subtotal: 0.01,
    tax: 0,
    deliveryFee: 0,
    total: expectedTotalCents(cart) / 100,
  };
}

/**
 * The address a checkout attempt comes from, as Netlify's edge reports it: one of NETWORKS client networks,
 * the same for every copy of one attempt (a double click comes from one browser).
 */
function clientAddressOf(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const client = hash % NETWORKS;
  return `10.0.${Math.floor(client / 250)}.${(client % 250) + 1}`;
}

/** The loopback address a client connects from under netlify serve: 10.0.A.B becomes 127.0.A.(B+1). */
function loopbackOf(address: string): string {
  const [, , a, b] = address.split(".").map(Number);
  return `127.0.${a}.${b! + 1}`;
}

// ---------------------------------------------------------------------------------------------
// HTTP with timing
// ---------------------------------------------------------------------------------------------
interface Timed {
  status: number;
  body: any;
  ms: number;
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One HTTP request, timed. Under netlify serve it leaves from the client's own loopback address (the
 * x-nf-client-connection-ip header it carries is what the local router reports instead).
 */
async function request(url: string, init: RequestOptions = {}): Promise<Timed> {
  const started = performance.now();
  const headers = init.headers ?? {};
  const client = headers["x-nf-client-connection-ip"];
  return new Promise<Timed>((resolve) => {
    const req = httpRequest(
      url,
      { method: init.method ?? "GET", headers, timeout: NETLIFY ? 180_000 : 30_000, ...(NETLIFY && client ? { localAddress: loopbackOf(client) } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: any = text;
          try {
            body = JSON.parse(text);
          } catch {
            // kept as text
          }
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => resolve({ status: 0, body: String(error), ms: performance.now() - started }));
    req.end(init.body);
  });
}

/** Runs `tasks` with at most `clients` in flight, like that many browsers. */
async function withClients<T>(clients: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(clients, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function latencyLine(label: string, timings: Timed[], seconds: number): string {
  const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(0).padStart(5);
  return `${label.padEnd(34)} ${String(timings.length).padStart(4)} req  ${(timings.length / seconds).toFixed(1).padStart(6)} req/s  p50 ${f(percentile(ms, 50))} ms  p95 ${f(percentile(ms, 95))} ms  p99 ${f(percentile(ms, 99))} ms`;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------
const problems: string[] = [];
function check(ok: boolean, problem: string): void {
  if (!ok) problems.push(problem);
}

interface Charge {
  /** Our order number, as the charge's reference. */
  reference: string;
  amountCents: number;
  paymentId: string;
}

/** Every charge the gateway made in this phase. */
type ChargeCounter = () => Promise<Charge[]>;

function squareCharges(square: FakeSquare): ChargeCounter {
  return async () =>
    square.charges().map((payment) => ({ reference: payment.reference_id, amountCents: payment.amount_money.amount, paymentId: payment.id }));
}

/** The sandbox gateway keeps each attempt's outcome in sandbox_payments: the approved ones are its charges. */
function sandboxCharges(stack: Stack): ChargeCounter {
  return async () => {
    const rows = await stack.database.rows<{ order_number: string; payment_id: string; amount_cents: number }>(`
      SELECT o.order_number, s.outcome->'result'->>'paymentId' AS payment_id, (s.outcome->'result'->>'amountCents')::int AS amount_cents
      FROM sandbox_payments s LEFT JOIN orders o ON o.idempotency_key = s.idempotency_key
      WHERE (s.outcome->>'ok')::boolean`);
    return rows.map((row) => ({ reference: row.order_number ?? "?", amountCents: row.amount_cents, paymentId: row.payment_id }));
  };
}

/** The orders stored, as the load checks them: key, number, status and total in cents. */
async function storedOrders(stack: Stack): Promise<{ idempotencyKey: string; orderNumber: string; status: string; totals: { total: number } }[]> {
  const rows = await stack.database.rows<{ idempotency_key: string; order_number: string; status: string; total_cents: number }>(
    "SELECT idempotency_key, order_number, status, total_cents FROM orders",
  );
  return rows.map((row) => ({ idempotencyKey: row.idempotency_key, orderNumber: row.order_number, status: row.status, totals: { total: row.total_cents } }));
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------
async function ordersPhase(stack: Stack, gateway: string, charges: ChargeCounter, seed: number): Promise<string[]> {
  const lines: string[] = [];
  const rnd = random(seed);
  const carts = Array.from({ length: ORDERS }, (_, i) => cartFor(i, rnd));
  const keys = carts.map((_, i) => `load-${gateway}-${i}-${randomUUID().slice(0, 8)}`);
  const post = (body: unknown, key: string) =>
    request(`${stack.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key, "x-nf-client-connection-ip": clientAddressOf(key) },
      body: JSON.stringify(body),
    });

  // 1. Distinct orders.
  let started = performance.now();
  const placed = await withClients(CLIENTS, carts.map((cart, i) => () => post(orderBody(i, cart), keys[i]!)));
  const distinctSeconds = (performance.now() - started) / 1000;
  lines.push(latencyLine(`POST /api/orders, ${CLIENTS} clients`, placed, distinctSeconds));
  const created = placed.filter((res) => res.status === 201);
  const refused = placed.find((res) => res.status !== 201);
  check(
    created.length === ORDERS,
    `${gateway}: ${ORDERS - created.length} of ${ORDERS} orders were not accepted (${[...new Set(placed.map((r) => r.status))].join(", ")}; first: ${String(JSON.stringify(refused?.body)).slice(0, 300)})`,
  );

  // Each order read back: confirmed, total to the cent.
  started = performance.now();
  const views = await withClients(CLIENTS, created.map((res) => () => request(`${stack.url}/api/orders/${res.body.orderId}`)));
  lines.push(latencyLine("GET /api/orders/{id}", views, (performance.now() - started) / 1000));
  let exact = 0;
  const orderNumberToTotal = new Map<string, number>();
  placed.forEach((res, i) => {
    if (res.status !== 201) return;
    const view = views[created.indexOf(res)]!;
    const expected = expectedTotalCents(carts[i]!);
    orderNumberToTotal.set(res.body.orderNumber, expected);
    if (view.status === 200 && view.body.status === "confirmed" && Math.round(view.body.total * 100) === expected) exact += 1;
    else problems.push(`${gateway}: order ${i} shows ${view.status} ${view.body?.status} total ${view.body?.total}, expected ${(expected / 100).toFixed(2)}`);
  });

  // 2. Duplicates: each key submitted COPIES times, interleaved at random with jitter.
  const dupRnd = random(seed + 1);
  const dupCarts = Array.from({ length: DUPLICATE_KEYS }, (_, k) => cartFor(ORDERS + k, dupRnd));
  const dupKeys = dupCarts.map((_, k) => `load-${gateway}-dup-${k}-${randomUUID().slice(0, 8)}`);
  const submissions = dupCarts.flatMap((cart, k) => Array.from({ length: COPIES }, () => ({ k, body: orderBody(ORDERS + k, cart) })));
  for (let i = submissions.length - 1; i > 0; i--) {
    const j = Math.floor(dupRnd() * (i + 1));
    [submissions[i], submissions[j]] = [submissions[j]!, submissions[i]!];
  }
  started = performance.now();
  const dupAnswers = await withClients(
    CLIENTS,
    submissions.map(({ k, body }) => async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(dupRnd() * 25)));
      return { k, res: await post(body, dupKeys[k]!) };
    }),
  );
  lines.push(latencyLine(`POST /api/orders, ${COPIES} copies x ${DUPLICATE_KEYS} keys`, dupAnswers.map((a) => a.res), (performance.now() - started) / 1000));
  let oneOrderPerKey = 0;
  for (let k = 0; k < DUPLICATE_KEYS; k++) {
    const answers = dupAnswers.filter((a) => a.k === k).map((a) => a.res);
    // The copy that charged answers 201; every other one waits for it and answers the same order, 200.
    const ids = new Set(answers.filter((a) => a.status === 201 || a.status === 200).map((a) => a.body.orderId));
    const created = answers.filter((a) => a.status === 201).length;
    if (created === 1 && answers.every((a) => a.status === 201 || a.status === 200) && ids.size === 1) oneOrderPerKey += 1;
    else problems.push(`${gateway}: duplicate key ${k} gave statuses ${answers.map((a) => a.status).join(",")} and ${ids.size} order ids`);
    const first = answers.find((a) => a.status === 201);
    if (first) orderNumberToTotal.set(first.body.orderNumber, expectedTotalCents(dupCarts[k]!));
  }

  // Stored state and charges, counted at the gateway.
  const stored = await storedOrders(stack);
  const ourKeys = new Set([...keys, ...dupKeys]);
  const mine = stored.filter((order) => ourKeys.has(order.idempotencyKey));
  const confirmed = mine.filter((order) => order.status === "confirmed");
  const chargeList = (await charges()).filter((charge) => orderNumberToTotal.has(charge.reference));
  const chargesPerOrder = new Map<string, number>();
  for (const charge of chargeList) chargesPerOrder.set(charge.reference, (chargesPerOrder.get(charge.reference) ?? 0) + 1);
  const wrongAmounts = chargeList.filter((charge) => charge.amountCents !== orderNumberToTotal.get(charge.reference)).length;
  const chargedTwice = [...chargesPerOrder.values()].filter((count) => count > 1).length;
  const notCharged = [...orderNumberToTotal.keys()].filter((number) => !chargesPerOrder.has(number)).length;
  const expectedOrders = ORDERS + DUPLICATE_KEYS;
  check(mine.length === expectedOrders, `${gateway}: ${mine.length} order records stored, expected ${expectedOrders}`);
  check(confirmed.length === expectedOrders, `${gateway}: ${confirmed.length} confirmed, expected ${expectedOrders}`);
  check(chargeList.length === expectedOrders, `${gateway}: ${chargeList.length} charges, expected ${expectedOrders}`);
  check(chargedTwice === 0, `${gateway}: ${chargedTwice} orders charged more than once`);
  check(notCharged === 0, `${gateway}: ${notCharged} orders not charged`);
  check(wrongAmounts === 0, `${gateway}: ${wrongAmounts} charges differ from the recomputed total`);
  const storedTotalsExact = confirmed.filter((order) => orderNumberToTotal.get(order.orderNumber) === order.totals.total).length;
  check(storedTotalsExact === expectedOrders, `${gateway}: ${expectedOrders - storedTotalsExact} stored totals differ from the recomputed ones`);

  lines.push(
    `  distinct: ${created.length}/${ORDERS} accepted, ${exact} read back confirmed with the exact total`,
    `  duplicates: ${submissions.length} submissions on ${DUPLICATE_KEYS} keys -> ${oneOrderPerKey}/${DUPLICATE_KEYS} keys with one order`,
    `  stored: ${mine.length} order records (expected ${expectedOrders}), ${confirmed.length} confirmed, ${storedTotalsExact} with the recomputed total`,
    `  charged (${gateway === "square" ? "counted at the fake Square" : "sandbox gateway payment records"}): ${chargeList.length} charges for ${expectedOrders} orders, ` +
      `${chargedTwice} charged twice, ${notCharged} not charged, ${wrongAmounts} amounts off`,
  );
  return lines;
}

async function adminPhase(stack: Stack): Promise<string[]> {
  const lines: string[] = [];
  const origin = stack.url;
  const res = await fetch(`${stack.url}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  void res.arrayBuffer();
  check(res.status === 200 && cookie.length > 0, `admin: sign-in answered ${res.status}`);
  const headers = { "content-type": "application/json", origin, cookie };
  const send = (method: string, path: string, body?: unknown) =>
    request(`${stack.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

  // Different records: one stock flag on each of 30 menu items (all in one menu record, so this is
  // also many writers racing on one blob), and one field on each of 10 locations.
  const items = MENU.slice(0, 30);
  const created = await withClients(5, Array.from({ length: 10 }, (_, i) => () => send("POST", "/api/admin/locations", { name: `Load Location ${i}`, slug: `load-location-${i}-${randomUUID().slice(0, 6)}` })));
  check(created.every((c) => c.status === 201), `admin: creating locations answered ${created.map((c) => c.status).join(",")}`);
  const locationIds: string[] = created.filter((c) => c.status === 201).map((c) => c.body.id);
  let started = performance.now();
  const edits = await withClients(CLIENTS, [
    ...items.map((item) => () => send("PATCH", `/api/featured-items/${item.id}/stock`, { inStock: !item.inStock })),
    ...locationIds.map((id, i) => () => send("PATCH", `/api/admin/locations/${id}`, { description: `edited by writer ${i}` })),
  ]);
  lines.push(latencyLine("admin edits of different records", edits, (performance.now() - started) / 1000));
  const adminItems = await send("GET", "/api/admin/menu-items");
  const byId = new Map<number, any>((adminItems.body.items ?? []).map((item: any) => [item.id, item]));
  const stockKept = items.filter((item) => byId.get(item.id)?.inStock === !item.inStock).length;
  const untouchedKept = MENU.slice(30).filter((item) => byId.get(item.id)?.inStock === item.inStock).length;
  const locations = await send("GET", "/api/admin/locations");
  const locationsKept = locationIds.filter((id, i) => locations.body.locations?.find((l: any) => l.id === id)?.description === `edited by writer ${i}`).length;
  check(edits.every((e) => e.status === 200), `admin: edits of different records answered ${[...new Set(edits.map((e) => e.status))].join(",")}`);
  check(stockKept === items.length, `admin: ${items.length - stockKept} of ${items.length} stock edits lost`);
  check(untouchedKept === MENU.length - items.length, `admin: ${MENU.length - items.length - untouchedKept} untouched items changed`);
  check(locationsKept === locationIds.length, `admin: ${locationIds.length - locationsKept} of ${locationIds.length} location edits lost`);

  // The same record: 25 writers each set a matching pair of fields on one location.
  const target = locationIds[0]!;
  started = performance.now();
  const same = await withClients(CLIENTS, Array.from({ length: 25 }, (_, i) => () => send("PATCH", `/api/admin/locations/${target}`, { description: `writer ${i}`, phone: `(305) 555-${String(1000 + i)}` })));
  lines.push(latencyLine("admin edits of one record", same, (performance.now() - started) / 1000));
  const final = (await send("GET", "/api/admin/locations")).body.locations?.find((l: any) => l.id === target);
  const winner = Number(/^writer (\d+)$/.exec(final?.description ?? "")?.[1] ?? NaN);
  const whole = Number.isInteger(winner) && final.phone === `(305) 555-${1000 + winner}` && typeof final.name === "string" && final.slug && final.id === target;
  const okOrConflict = same.every((s) => s.status === 200 || s.status === 409);
  const winnerAccepted = same[winner]?.status === 200;
  check(okOrConflict, `admin: same-record edits answered ${[...new Set(same.map((s) => s.status))].join(",")}`);
  check(Boolean(whole) && winnerAccepted, `admin: the edited record is not one writer's whole edit: ${JSON.stringify(final)}`);
  // The same menu item toggled by 20 writers: the final flag is one a writer sent and the menu is whole.
  const toggles = await withClients(CLIENTS, Array.from({ length: 20 }, (_, i) => () => send("PATCH", `/api/featured-items/${MENU[0]!.id}/stock`, { inStock: i % 2 === 0 })));
  const menuAfter = await send("GET", "/api/admin/menu-items");
  check(toggles.every((t) => t.status === 200 || t.status === 409), `admin: same-item toggles answered ${[...new Set(toggles.map((t) => t.status))].join(",")}`);
  check((menuAfter.body.items ?? []).length === MENU.length, `admin: the menu has ${(menuAfter.body.items ?? []).length} items after the toggles, expected ${MENU.length}`);

  lines.push(
    `  different records: ${stockKept}/${items.length} stock edits and ${locationsKept}/${locationIds.length} location edits kept, ${untouchedKept}/${MENU.length - items.length} untouched items unchanged`,
    `  one record: ${same.filter((s) => s.status === 200).length} x 200, ${same.filter((s) => s.status === 409).length} x 409; final record is writer ${winner}'s whole edit: ${Boolean(whole)}`,
    `  one menu item toggled ${toggles.length} times: ${toggles.filter((t) => t.status === 200).length} x 200, menu whole with ${(menuAfter.body.items ?? []).length} items`,
  );
  return lines;
}

// ---------------------------------------------------------------------------------------------
/** The environment the functions read for a gateway: Square's settings pointing at the fake Square, or none. */
function gatewayEnv(gateway: string, square: FakeSquare): Record<string, string> {
  return gateway === "square"
    ? { SQUARE_ACCESS_TOKEN: square.accessToken, SQUARE_LOCATION_ID: square.locationId, SQUARE_BASE_URL: square.url, SQUARE_MAX_RETRIES: "0" }
    : {};
}

/**
 * Serves the site for one gateway. Locally: the in-process stack, started once, its environment switched.
 * Under netlify serve: the built copy served with the gateway's environment (a new process per gateway),
 * on one database for the whole run.
 */
async function serverFor(square: FakeSquare): Promise<{ serve(gateway: string): Promise<Stack>; stop(): Promise<void> }> {
  if (!NETLIFY) {
    const stack = await startStack({ port: PORT });
    return {
      async serve(gateway) {
        for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL"]) delete process.env[name];
        Object.assign(process.env, gatewayEnv(gateway, square));
        return stack;
      },
      stop: () => stack.stop(),
    };
  }
  const tools = ensureTools((line) => console.error(line));
  const scratch = makeScratch();
  console.error(`load: building the site in ${scratch.dir}`);
  await buildScratch(scratch.dir);
  const database = await startTestDatabase();
  let running: NetlifyServe | undefined;
  return {
    async serve(gateway) {
      await running?.stop();
      running = await startNetlifyServe({
        siteDir: scratch.dir,
        port: PORT,
        binDir: tools.binDir,
        env: {
          NETLIFY_DB_URL: database.url,
          NETLIFY_DB_DRIVER: "server",
          RESTAURANT_CLOCK: CLOCK,
          ADMIN_PASSWORD,
          SESSION_SECRET: process.env.SESSION_SECRET!,
          ...gatewayEnv(gateway, square),
        },
      });
      const served = running;
      return { url: served.url, database, stop: () => served.stop() };
    },
    async stop() {
      await running?.stop();
      await database.stop();
      await stopOwnTestServer();
      scratch.remove();
    },
  };
}

async function main(): Promise<void> {
  const gateways = args.gateway === "both" ? ["square", "sandbox"] : [args.gateway!];
  Object.assign(process.env, { RESTAURANT_CLOCK: CLOCK, ADMIN_PASSWORD, SESSION_SECRET: randomUUID() });
  // The lunch rush measures the site's own throughput: new charges are not held to Square's pace here.
  process.env.SQUARE_CHECKOUTS_PER_SECOND ??= "1000";
  setDeployContext("dev");
  const quiet = console.info;
  // The functions log one JSON line per order; the report is what matters here.
  console.info = () => {};
  const square = await startFakeSquare({ port: FAKE_SQUARE_PORT });
  const server = await serverFor(square);
  const report: string[] = [];
  const wallStart = performance.now();
  let stack: Stack | undefined;
  try {
    for (const [index, gateway] of gateways.entries()) {
      stack = await server.serve(gateway);
      if (index === 0) {
        report.push(`load: ${ORDERS} orders from ${CLIENTS} clients per gateway, on ${stack.url} (${NETLIFY ? "netlify serve, production build" : "local router"}, clock ${CLOCK})`);
      }
      report.push("", `[${gateway} gateway]`);
      const charges = gateway === "square" ? squareCharges(square) : sandboxCharges(stack);
      report.push(...(await ordersPhase(stack, gateway, charges, 20261121 + index)));
    }
    report.push("", "[admin]");
    report.push(...(await adminPhase(stack!)));
  } finally {
    console.info = quiet;
    await square.stop();
    await server.stop();
  }
  report.push("", `wall time ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
  console.log(report.join("\n"));
  if (problems.length > 0) {
    console.log(`\nFAILED: ${problems.length} problem(s)`);
    for (const problem of problems.slice(0, 40)) console.log(`  - ${problem}`);
    process.exit(1);
  }
  console.log("\nOK: nothing lost, nothing charged twice, every total exact.");
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
