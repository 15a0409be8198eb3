// How long a diner waits to sign in, on the served stack: the e-mailed link's request (POST
// /api/account/link, the same work for every e-mail), and a passkey sign-in's two calls (POST
// /api/account/session/options, then POST /api/account/session with the passkey's answer, checked and
// a session opened). Budget: p95 of each at most 300 ms. The passkey is a software authenticator
// (tests/support/passkey.ts) registered on an account made through the link, as a diner's phone would.
import { SoftAuthenticator } from "../../tests/support/passkey.ts";
import { startStack } from "../load/stack.ts";

export const DINER_SIGN_IN_BUDGET_MS = 300;
/**
 * Link requests are limited to 20 per network in 15 minutes (src/server/accounts/links.ts), so each comes
 * from a network of its own (as Netlify's edge reports it): 60 diners asking at lunch, not one asking 60 times.
 */
const LINK_SAMPLES = 60;
const PASSKEY_SAMPLES = 60;

export interface DinerFigures {
  calls: { call: string; p50: number; p95: number; samples: number }[];
  failures: string[];
  withinBudget: boolean;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * `tokenOf(email)` reads the newest link e-mailed to `email` from the outbox (the bench's own database):
 * the bench plays the diner opening their e-mail.
 */
export async function measureDinerSignIn(base: string, tokenOf: (email: string) => Promise<string>): Promise<DinerFigures> {
  const failures: string[] = [];
  const post = async (path: string, body: unknown, cookie = "", network = "10.0.0.1"): Promise<{ ms: number; res: Response; json: any }> => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-nf-client-connection-ip": network, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    const ms = performance.now() - started;
    if (!res.ok) failures.push(`${path} answered ${res.status}`);
    return { ms, res, json };
  };

  const run = Date.now().toString(36);
  const link: number[] = [];
  for (let i = 0; i < LINK_SAMPLES; i++) link.push((await post("/api/account/link", { email: `bench.${run}.${i}@example.com`, name: "Bench" }, "", `10.1.${i}.1`)).ms);

  // One diner makes the account with the link, then adds a passkey with that fresh session.
  const email = `bench.${run}.0@example.com`;
  const used = await post("/api/account/link/use", { token: await tokenOf(email), confirm: true });
  const cookie = (used.res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const authenticator = new SoftAuthenticator(base);
  const start = await post("/api/account/passkeys/options", undefined, cookie);
  await post("/api/account/passkeys", { ceremonyId: start.json?.ceremonyId, response: authenticator.register(start.json?.options), label: "Bench" }, cookie);

  const options: number[] = [];
  const verify: number[] = [];
  for (let i = 0; i < PASSKEY_SAMPLES && failures.length === 0; i++) {
    const asked = await post("/api/account/session/options", undefined);
    options.push(asked.ms);
    verify.push((await post("/api/account/session", { ceremonyId: asked.json?.ceremonyId, response: authenticator.authenticate(asked.json?.options) })).ms);
  }
  const figure = (call: string, values: number[]) => ({ call, p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)), samples: values.length });
  const calls = [figure("POST /api/account/link (e-mail me a link)", link), figure("POST /api/account/session/options", options), figure("POST /api/account/session (passkey checked)", verify)];
  return { calls, failures, withinBudget: failures.length === 0 && calls.every((c) => c.samples > 0 && c.p95 <= DINER_SIGN_IN_BUDGET_MS) };
}

export function dinerReport(figures: DinerFigures): string[] {
  return [
    `Diner sign-in (budget p95 ≤ ${DINER_SIGN_IN_BUDGET_MS} ms): ${figures.withinBudget ? "holds" : "BROKEN or not measured"}`,
    ...figures.calls.map((c) => `  ${c.call}: p50 ${c.p50} ms, p95 ${c.p95} ms (${c.samples} calls)`),
    ...figures.failures.slice(0, 5).map((failure) => `  failed: ${failure}`),
  ];
}

/** The account functions bundled and served on 127.0.0.1 (`port`) with a database of their own, measured. */
export async function measureDinersOnStack(port: number): Promise<DinerFigures> {
  const stack = await startStack({ port, functions: ["account-link", "account-session", "account-passkeys", "account-profile"] });
  try {
    return await measureDinerSignIn(stack.url, async (email) => {
      const [row] = await stack.database.rows<{ payload: { token: string } }>(
        "SELECT payload FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND recipient = $1 ORDER BY id DESC LIMIT 1",
        [email],
      );
      return row?.payload.token ?? "";
    });
  } finally {
    await stack.stop();
  }
}
