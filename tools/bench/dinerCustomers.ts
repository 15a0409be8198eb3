// One Square customer per diner, counted: 200 diners sign up through the e-mailed link (POST
// /api/account/link, then /api/account/link/use, each from a network of its own) on the bundled account
// functions, each use linking its Square customer after the answer, while the scheduled retry
// (account-square-links, every 10 minutes on Netlify) runs beside them as it may; then a quarter of the
// links are lost (a result that never came back) and the retry runs until every account is linked again.
// Square is the fake (tests/support/fakeSquare.ts), its search blind to a new profile for 60 s (Square:
// "occasionally a minute or more"), so every second attempt finds nobody and only the create's key keeps
// it from making a second profile. Counted in the fake's directory: profiles per e-mail; the goal is 0
// duplicates.
import { startFakeSquare } from "../../tests/support/fakeSquare.ts";
import { startStack } from "../load/stack.ts";

const SIGN_UPS = 200;
const SEARCH_LAG_MS = 60_000;
/** Sign-ups in flight at once: a busy lunch, not a single queue. */
const IN_FLIGHT = 10;

export interface CustomerFigures {
  signUps: number;
  searchLagSeconds: number;
  profiles: number;
  duplicates: number;
  /** Accounts left without a Square customer after the retries. */
  unlinked: number;
  creates: number;
  searches: number;
  failures: string[];
}

export async function measureSquareCustomersOnStack(port: number): Promise<CustomerFigures> {
  const square = await startFakeSquare();
  square.customers.searchLagMs = SEARCH_LAG_MS;
  const saved = { SQUARE_ACCESS_TOKEN: process.env.SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID: process.env.SQUARE_LOCATION_ID, SQUARE_BASE_URL: process.env.SQUARE_BASE_URL };
  Object.assign(process.env, { SQUARE_ACCESS_TOKEN: square.accessToken, SQUARE_LOCATION_ID: square.locationId, SQUARE_BASE_URL: square.url });
  const stack = await startStack({ port, functions: ["account-link", "account-square-links"] });
  const failures: string[] = [];
  const retry = stack.modules["account-square-links"]!.default;
  const runRetry = async () => {
    const res = await retry(new Request(`${stack.url}/.netlify/functions/account-square-links`, { method: "POST" }), {});
    if (res.status !== 204) failures.push(`the scheduled retry answered ${res.status}`);
  };
  const unlinked = async () => Number((await stack.database.rows<{ n: string }>("SELECT count(*) AS n FROM diner_accounts WHERE square_customer_id IS NULL"))[0]!.n);
  try {
    const post = (path: string, body: unknown, network: string) =>
      fetch(`${stack.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: stack.url, "x-nf-client-connection-ip": network },
        body: JSON.stringify(body),
      });
    const signUp = async (i: number) => {
      const email = `signup.${i}@example.com`;
      const network = `10.${(i >> 8) & 255}.${i & 255}.7`;
      const asked = await post("/api/account/link", { email, name: `Diner ${i}` }, network);
      if (asked.status !== 202) return void failures.push(`link for diner ${i} answered ${asked.status}`);
      const [row] = await stack.database.rows<{ payload: { token?: string } }>(
        "SELECT payload FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND recipient = $1 ORDER BY id DESC LIMIT 1",
        [email],
      );
      const used = await post("/api/account/link/use", { token: row?.payload.token ?? "", confirm: true }, network);
      if (used.status !== 200) failures.push(`link use for diner ${i} answered ${used.status}`);
    };
    let next = 0;
    let signingUp = true;
    const retrying = (async () => {
      while (signingUp) {
        await runRetry();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < SIGN_UPS) await signUp(next++);
    }));
    signingUp = false;
    await retrying;
    // The links made after each answer finish, then a quarter are lost and the retry links them again.
    for (let wait = 0; wait < 100 && (await unlinked()) > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    await stack.database.rows("UPDATE diner_accounts SET square_customer_id = NULL WHERE id IN (SELECT id FROM diner_accounts ORDER BY random() LIMIT $1)", [SIGN_UPS / 4]);
    for (let run = 0; run < 30 && (await unlinked()) > 0; run++) await runRetry();

    const profiles = [...square.customers.profiles.values()];
    const emails = new Set(profiles.map((profile) => String(profile.email_address).toLowerCase()));
    return {
      signUps: SIGN_UPS,
      searchLagSeconds: SEARCH_LAG_MS / 1000,
      profiles: profiles.length,
      duplicates: profiles.length - emails.size,
      unlinked: await unlinked(),
      creates: square.requestsTo("POST", "/v2/customers").length,
      searches: square.requestsTo("POST", "/v2/customers/search").length,
      failures,
    };
  } finally {
    await stack.stop();
    await square.stop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export function customerReport(figures: CustomerFigures): string[] {
  return [
    `One Square customer per diner (goal: 0 duplicates): ${customersHold(figures) ? "holds" : "BROKEN"}`,
    `  ${figures.signUps} sign-ups, search lag ${figures.searchLagSeconds} s: ${figures.profiles} profiles, ${figures.duplicates} duplicates, ${figures.unlinked} accounts unlinked (${figures.creates} creates and ${figures.searches} searches sent)`,
    ...figures.failures.slice(0, 5).map((failure) => `  failed: ${failure}`),
  ];
}

export function customersHold(figures: CustomerFigures): boolean {
  return figures.failures.length === 0 && figures.duplicates === 0 && figures.unlinked === 0 && figures.profiles === figures.signUps;
}
