// The cookie a browser holds after asking for a sign-in link (jf_link_asker): API tests that ask for a link
// and use it "in the same browser" send it on both calls. A fixed value: one browser per test file. And a
// diner signed in that way, as a browser holds them (the jf_diner cookie).
import { call, SITE_ORIGIN } from "./functions";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import accountLink from "../../netlify/functions/account-link.mts";

export const ASKING_BROWSER = `jf_link_asker=${"b".repeat(43)}`;

/** Signs `email` in by the e-mailed link in the asking browser: the diner's cookie ("jf_diner=..."). */
export async function signedInDiner(email: string, name = "Ana"): Promise<string> {
  await call(accountLink, "/api/account/link", { body: { email, name }, headers: { origin: SITE_ORIGIN, cookie: ASKING_BROWSER } });
  const row = await db.one<{ payload: { token: string } }>(
    sql`SELECT payload FROM mail_outbox WHERE kind = 'diner_sign_in_link' AND recipient = ${email} ORDER BY created_at DESC LIMIT 1`,
  );
  const used = await call(accountLink, "/api/account/link/use", { body: { token: row!.payload.token }, headers: { origin: SITE_ORIGIN, cookie: ASKING_BROWSER } });
  if (used.status !== 200) throw new Error(`the link did not sign in: ${used.status} ${await used.text()}`);
  return (used.headers.get("set-cookie") ?? "").split(";")[0]!;
}
