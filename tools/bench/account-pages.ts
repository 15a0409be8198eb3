// `node tools/bench/account-pages.ts [runs]`: Lighthouse mobile (median of `runs`, default 3) on the diner's
// account pages, /account and /es/cuenta, signed out (as `npm run bench` measures them) and signed in with
// everything the page can show: a past order, a saved phone and address, a passkey and the session. The
// production build is served by the local router with its functions and a database of its own, through
// the edge-cache proxy as run.ts measures pages; the bench plays the diner opening the sign-in e-mail (a
// local mail catcher), and Lighthouse sends that session's cookie with the signed-in variants only
// (`?as=diner`). Judged by lighthouserc.json's assertions: accessibility 100 on every account page.
import { startMailCatcher } from "../../src/integrations/mailCatcher.ts";
import { SoftAuthenticator } from "../../tests/support/passkey.ts";
import { startCompressingProxy } from "./compress.ts";
import { runLighthouseCi } from "./lhci.ts";
import { buildScratch, makeScratch } from "./scratch.ts";
import { serveBuilt } from "./serve.ts";
import { menuItems, orderBody } from "./site.ts";
import { ensureTools } from "./tools.ts";

const PORTS = { site: 4437 };
/** Saturday 21 November 2026, 11:00 in Miami: the day menu is open, so the diner's order can be served. */
const CLOCK = "2026-11-21T16:00:00Z";
const runs = Number(process.argv[2] ?? 3);
const EMAIL = "regular@example.com";
const log = (line: string) => console.error(line);

/** A diner made through the e-mailed link, with an order, a phone, an address and a passkey: their session cookie. */
async function signedInDiner(base: string, catcher: Awaited<ReturnType<typeof startMailCatcher>>): Promise<string> {
  const post = async (path: string, body: unknown, cookie = "", method = "POST") => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const [item] = menuItems(await (await fetch(`${base}/api/menu`)).json()).filter((i) => i.inStock !== false && i.isAvailable !== false);
  if (!item) throw new Error("GET /api/menu has no dish to order");
  const order = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID(), origin: base },
    body: orderBody(item, EMAIL),
  });
  if (order.status !== 201) throw new Error(`the diner's order answered ${order.status}: ${await order.text()}`);
  await post("/api/account/link", { email: EMAIL, name: "Ana Pérez" });
  const mail = await catcher.waitFor((sent) => sent.to.includes(EMAIL) && sent.text.includes("#link="), 30_000);
  const token = /#link=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  const used = await post("/api/account/link/use", { token, confirm: true });
  const cookie = (used.headers.get("set-cookie") ?? "").split(";")[0]!;
  const authenticator = new SoftAuthenticator(base);
  const start = await (await post("/api/account/passkeys/options", undefined, cookie)).json();
  await post("/api/account/passkeys", { ceremonyId: start.ceremonyId, response: authenticator.register(start.options), label: "Pixel 9" }, cookie);
  await post("/api/account", { name: "Ana Pérez", phone: "(305) 555-0142" }, cookie, "PATCH");
  const address = { label: "Home", name: "Ana Pérez", phone: "(305) 555-0142", email: EMAIL, address: "1200 SW 8th St", unit: "Apt 4B", city: "Miami", state: "FL", zipCode: "33135", deliveryNotes: "Gate code 1234" };
  await post("/api/account/addresses", address, cookie);
  return cookie;
}

const tools = ensureTools(log);
const scratch = makeScratch();
const catcher = await startMailCatcher();
try {
  await buildScratch(scratch.dir, { NETLIFY_DB_URL: "" });
  // The served functions send their mail to the catcher (serveBuilt passes this process's environment on).
  Object.assign(process.env, { SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>" });
  const served = await serveBuilt({ dir: scratch.dir, port: PORTS.site, clock: CLOCK, site: true, log: () => {} });
  const proxy = await startCompressingProxy(served.url);
  const rows: string[] = [];
  let broken = 0;
  try {
    const cookie = await signedInDiner(served.url, catcher);
    const paths = ["/account", "/es/cuenta", "/account?as=diner", "/es/cuenta?as=diner"];
    for (const path of paths) {
      await fetch(proxy.url + path).then((res) => res.arrayBuffer());
      await proxy.warm(path);
    }
    const cookies = { "/account?as=diner": cookie, "/es/cuenta?as=diner": cookie };
    // The browser's hint that it signed in (src/lib/signedInHint.ts), as after any sign-in there.
    const hint = { "jealous-fork-diner": "1" };
    const storage = { "/account?as=diner": hint, "/es/cuenta?as=diner": hint };
    const { summaries, budgets, errors } = await runLighthouseCi(tools, paths.map((path) => proxy.url + path), runs, storage, log, cookies);
    for (const error of errors) log(`  lhci: ${error}`);
    for (const path of paths) {
      const summary = summaries.get(proxy.url + path);
      if (!summary) continue;
      const { median, diagnostics } = summary;
      const failing = diagnostics.failing.map((finding) => `${finding.id}${finding.items.length ? ` (${finding.items.slice(0, 2).join("; ")})` : ""}`).join(", ");
      rows.push(
        `| ${path} | ${median.scores.accessibility} | ${median.scores.performance} | ${median.scores["best-practices"]} | ${median.scores.seo} | ${Math.round(median.lcp)} | ${median.cls} | ${failing || "none"} | ${summary.errors.length} |`,
      );
    }
    for (const budget of budgets.filter((b) => b.status !== "pass")) {
      broken += 1;
      log(`  budget ${budget.status}: ${budget.name} ${budget.actual} (${budget.limit})`);
    }
    const accessibility = budgets.filter((b) => b.name.includes(" accessibility "));
    log(`Accessibility 100: ${accessibility.filter((b) => b.status === "pass").length} of ${accessibility.length} account pages`);
  } finally {
    await proxy.stop();
    await served.stop();
  }
  console.log(`Lighthouse mobile, median of ${runs} runs, the account pages through the edge cache (warm, brotli); ?as=diner: signed in\n`);
  console.log("| Page | Accessibility | Perf | Best practices | SEO | LCP ms | CLS | Audits below full score | Failed runs |");
  console.log("|------|---------------|------|----------------|-----|--------|-----|-------------------------|-------------|");
  for (const row of rows) console.log(row);
  process.exitCode = broken ? 1 : 0;
} finally {
  await catcher.stop();
  scratch.remove();
}
