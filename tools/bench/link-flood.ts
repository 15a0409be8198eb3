// `node tools/bench/link-flood.ts`: how long a flood of sign-in link requests holds an order's confirmation.
// 2,000 link requests from 100 IPv6 /64s (20 each, the most one network may ask in 15 minutes; each /64 in
// a /48 of its own) are answered first, with the site's hourly link budget raised to let every one of them
// queue its e-mail (the worst case: by default the budget stops at 200). Then a diner pays for a pickup, and
// the outbox worker sends at the provider's pace (MAIL_RATE_PER_MINUTE, 60 unless set) until the order's
// confirmation reaches the mail catcher. Prints the delay from the order's answer to its confirmation, and
// how many link e-mails went out before it. Budget: at most 60 s.
import { startMailCatcher } from "../../src/integrations/mailCatcher.ts";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { startStack } from "../load/stack.ts";

const REQUESTS = 2000;
const NETWORKS = 100;
const BUDGET_MS = 60_000;

setDeployContext("dev");
const catcher = await startMailCatcher();
Object.assign(process.env, {
  SMTP_URL: catcher.smtpUrl,
  MAIL_FROM: "Jealous Fork <orders@jealousfork.example>",
  SITE_URL: "https://jealousfork.example",
  RESTAURANT_CLOCK: "2026-11-21T12:00:00-05:00",
});
const stack = await startStack({ port: 4431, functions: ["account-link", "orders", "mail-outbox"] });
// The outbox's scheduled worker (every minute in production, 20 s of sending a run), from the same bundle.
const outboxRun = (stack.modules["mail-outbox"] as unknown as { default: () => Promise<Response> }).default;
try {
  await stack.database.rows(`INSERT INTO settings (key, value) VALUES ('diner_links_hourly_budget', '5000'::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  const post = (path: string, body: unknown, network: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: stack.url, "x-nf-client-connection-ip": network, ...headers },
      body: JSON.stringify(body),
    });

  const floodStarted = performance.now();
  const statuses = new Map<number, number>();
  for (let i = 0; i < REQUESTS; i += 20) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, j) => {
        const n = i + j;
        const network = `2001:db8:${(n % NETWORKS).toString(16)}:1::${Math.floor(n / NETWORKS) + 1}`;
        return post("/api/account/link", { email: `flood.${n}@example.com` }, network);
      }),
    );
    for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  const floodMs = performance.now() - floodStarted;
  const [queued] = await stack.database.rows<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND status IN ('waiting', 'sending')");

  const diner = "diner.after.flood@example.com";
  const order = await post(
    "/api/orders",
    { items: [{ id: 1, quantity: 2 }], orderType: "pickup", customerInfo: { name: "Ana", email: diner, phone: "(305) 555-0142" }, paymentToken: "cnon:card-nonce-ok" },
    "198.51.100.7",
    { "idempotency-key": crypto.randomUUID() },
  );
  if (order.status !== 201) throw new Error(`the order answered ${order.status}: ${await order.text()}`);
  const paidAt = performance.now();
  let confirmedAt: number | undefined;
  let running = true;
  const worker = (async () => {
    while (running) await outboxRun();
  })();
  while (confirmedAt === undefined && performance.now() - paidAt < 5 * BUDGET_MS) {
    if (catcher.messages().some((mail) => mail.to.includes(diner))) confirmedAt = performance.now();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running = false;
  await worker;
  const linksBefore = catcher.messages().filter((mail) => mail.text.includes("#link=")).length;
  const delay = confirmedAt === undefined ? Infinity : confirmedAt - paidAt;
  console.log(`Link flood: ${REQUESTS} requests from ${NETWORKS} /64s in ${(floodMs / 1000).toFixed(1)} s (${[...statuses].map(([status, n]) => `${n} × ${status}`).join(", ")}), ${queued?.n ?? 0} link e-mails waiting`);
  console.log(`Order confirmation sent ${(delay / 1000).toFixed(1)} s after the order was paid (budget ${BUDGET_MS / 1000} s), ${linksBefore} link e-mails sent before it`);
  process.exitCode = delay <= BUDGET_MS ? 0 : 1;
} finally {
  await stack.stop();
  await catcher.stop();
}
process.exit();
