// The production build served by Netlify's own local runtime (@netlify/dev): the functions bundled by
// zip-it-and-ship-it as a deploy bundles them, reached through the routes of their config.path and
// method, the files of dist/ with netlify.toml's [[headers]] and the build's _headers, and
// netlify.toml's [[redirects]]. No browser: each request goes through the runtime's request chain.
// Bundling every function takes minutes of CPU, and each call runs in a worker that imports its
// bundle afresh, so this one file carries the deployed-bundle checks (docs/testing.md).
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { NetlifyDev } from "@netlify/dev";
import { FunctionsHandler } from "@netlify/functions-dev";
import { listFunctions } from "@netlify/zip-it-and-ship-it";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "../support/database";
import { PICKUP_ORDER } from "../support/pickupOrder";
import { setRestaurantClock } from "../support/clock";
import { SECURITY_HEADERS } from "../../src/domain/contentSecurityPolicy";
import { pageWords } from "../../src/domain/i18n/ui/pages";

// Minutes on two busy cores: the runtime bundles all functions before the first call answers.
const BUNDLING = 30 * 60_000;
const ORIGIN = "http://127.0.0.1:8888";

const WEBHOOK_SECRETS = {
  SQUARE_WEBHOOK_SIGNATURE_KEY: "test-signature-key",
  SQUARE_WEBHOOK_URL: `${ORIGIN}/api/square/webhooks`,
  DOORDASH_WEBHOOK_AUTHORIZATION: "test-doordash-authorization",
  // Twilio's webhooks (a text's status, a diner's reply) check Twilio's signature with the account's token.
  TWILIO_ACCOUNT_SID: "ACtest",
  TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
  TWILIO_MESSAGING_SERVICE_SID: "MGtest",
};

let runtime: NetlifyDev;
let database: TestDatabase;
let builtDir: string;

/**
 * One request through the runtime. Netlify's edge tells a function its deploy context in a request
 * header; the local runtime adds none, so the test adds `dev` (a developer's machine) as the edge would.
 */
async function visit(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("x-nf-deploy-context", "dev");
  headers.set("x-forwarded-for", "203.0.113.9");
  const answer = await runtime.handleAndIntrospect(new Request(new URL(path, ORIGIN), { ...init, headers }));
  if (!answer) throw new Error(`Netlify's runtime had no answer for ${path}`);
  return answer;
}

beforeAll(async () => {
  builtDir = inject("builtSite");
  for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "PUBLIC_SQUARE_APPLICATION_ID"]) delete process.env[name];
  // Configured, so that the webhooks answer an unsigned call as such rather than "not set up" (503).
  Object.assign(process.env, WEBHOOK_SECRETS);
  // A Saturday noon: the kitchen takes orders.
  setRestaurantClock("2026-11-21T12:00:00-05:00");
  database = await startTestDatabase();
  runtime = new NetlifyDev({
    projectRoot: builtDir,
    skipGitignore: true,
    // The test's own real PostgreSQL (NETLIFY_DB_URL): the runtime's emulated database stays off.
    database: { enabled: false },
    aiGateway: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    serverAddress: ORIGIN,
    logger: { log: () => {}, warn: () => {}, error: console.error },
  });
  await runtime.start();
  // The first call waits for the runtime's bundles.
  await visit("/api/schedule");
}, BUNDLING);

afterAll(async () => {
  await runtime?.stop();
  await database?.stop();
  setRestaurantClock(undefined);
  for (const name of Object.keys(WEBHOOK_SECRETS)) delete process.env[name];
});

/** Each function's routes as Netlify's bundler reads them from its config: a sample path and the methods. */
async function declaredRoutes() {
  const listed = await listFunctions([join(builtDir, "netlify", "functions")], { parseISC: true });
  return listed.flatMap((fn) =>
    (fn.routes ?? []).flatMap((route) =>
      (route.methods?.length ? route.methods : ["GET"]).map((method) => ({
        name: fn.name,
        method,
        path: route.pattern.replace(/:(\w+)/g, "sample-$1"),
      })),
    ),
  );
}

describe("the deployed bundle under Netlify's runtime", () => {
  it(
    "routes each config path and method to its own function, and every function answers each of its methods without a server error",
    async () => {
      const routes = await declaredRoutes();
      expect(routes.length).toBeGreaterThan(40);
      // Which function the runtime's own router picks for each path and method (its first match wins, so
      // one function's pattern must not swallow another's path), read without starting a worker.
      // Only matching is asked of it: no function is built or called, so no geolocation or watcher is needed.
      const options = { config: { get: () => ({ functions: {} }) }, destPath: join(builtDir, ".netlify", "routes-only"), projectRoot: builtDir, settings: {}, geolocation: {} };
      const handler = new FunctionsHandler({ ...(options as unknown as ConstructorParameters<typeof FunctionsHandler>[0]), userFunctionsPath: join(builtDir, "netlify", "functions") });
      // Its scan and registry are public in the runtime's JavaScript, private only in its type declarations.
      const router = handler as unknown as { scan: Promise<void>; registry: { getFunctionForURLPath(path: string, method: string): Promise<{ func: { name: string } | null } | undefined> } };
      await router.scan;
      const misrouted: string[] = [];
      for (const { name, method, path } of routes) {
        const picked = (await router.registry.getFunctionForURLPath(path, method))?.func?.name;
        if (picked !== name) misrouted.push(`${method} ${path}: ${picked ?? "no function"} answers, not ${name}`);
      }
      expect(misrouted).toEqual([]);
      // Each call starts a worker that loads the function's bundle afresh (seconds of CPU apiece), so each
      // function is called once per method it declares, on its first path.
      const calls = routes.filter((route, at) => routes.findIndex((other) => other.name === route.name && other.method === route.method) === at);
      const failures: string[] = [];
      for (const { name, method, path } of calls) {
        const body = method === "GET" || method === "HEAD" ? undefined : "{}";
        const { type, response } = await visit(path, { method, body, headers: body ? { "content-type": "application/json" } : {} });
        await response.arrayBuffer();
        if (type !== "function" || response.status >= 500) failures.push(`${name}: ${method} ${path} answered ${response.status} (${type})`);
      }
      expect(failures).toEqual([]);
    },
    BUNDLING,
  );

  it("answers a Spanish path that does not exist with the Spanish page, under a 404 rule", async () => {
    const { type, response } = await visit("/es/no-such-page");
    expect(type).toBe("redirect");
    const html = await response.text();
    expect(html).toContain('lang="es"');
    expect(html).toContain(pageWords["notFound.heading"].es);
    expect(html).not.toContain(pageWords["notFound.heading"].en);
    // The local runtime serves a rewrite's target with the target's own status (@netlify/redirects
    // 3.1 and 4.0 alike); Netlify's edge sends the rule's. The rule, as Netlify's config parser reads it:
    type Redirect = { from?: string; to?: string; status?: number };
    // getConfig is public in the runtime's JavaScript, private only in its type declarations.
    const resolved = runtime as unknown as { getConfig(): Promise<{ config: { redirects: Redirect[] } }> };
    const rule = (await resolved.getConfig()).config.redirects.find((redirect) => redirect.from === "/es/*");
    expect(rule).toMatchObject({ to: "/es/404", status: 404 });
  });

  it("sends the build's security headers and netlify.toml's caching with a page", async () => {
    const { type, response } = await visit("/full-menu");
    expect(type).toBe("static");
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src [^;]*'sha256-/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it(
    "stores an order paid through the local test gateway once, however often the checkout sends it",
    async () => {
      const key = randomUUID();
      const send = () =>
        visit("/api/orders", { method: "POST", body: JSON.stringify(PICKUP_ORDER), headers: { "content-type": "application/json", "idempotency-key": key } });
      const first = await send();
      expect(first.response.status).toBe(201);
      const { orderId } = (await first.response.json()) as { orderId: string };
      const again = await send();
      expect(((await again.response.json()) as { orderId: string }).orderId).toBe(orderId);
      expect(await database.count("orders", "id = $1", [orderId])).toBe(1);
      expect(await database.count("sandbox_payments")).toBe(1);
      const view = await visit(`/api/orders/${orderId}`);
      expect(view.response.status).toBe(200);
      expect(await view.response.json()).toMatchObject({ status: "confirmed", total: 53.75 });
    },
    BUNDLING,
  );
});
