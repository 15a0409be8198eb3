// A signed-in diner already linked to a counter regular's loyalty account at the fake Square, as the
// loyalty tests start from: the account, its link and a diner session, and its jf_diner cookie.
import { randomUUID } from "node:crypto";
import { openDinerSession } from "../../src/server/accounts/sessions";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";
import type { FakeSquare } from "./fakeSquare";
import { SITE_ORIGIN } from "./functions";

export interface LoyaltyMember {
  cookie: string;
  accountId: string;
  /** The loyalty account as the fake Square keeps it. */
  loyalty: any;
}

/** A member with `balance` points, their phone in `areaCode` (a Miami one by default). */
export async function aLoyaltyMember(square: FakeSquare, balance: number, areaCode = "305"): Promise<LoyaltyMember> {
  const accountId = randomUUID();
  const phone = `+1${areaCode}555${String(Math.floor(1000 + Math.random() * 8999))}`;
  const loyalty = square.loyalty.seedAccount(phone, balance);
  await db.run(sql`INSERT INTO diner_accounts (id, email, name) VALUES (${accountId}::uuid, ${`m-${accountId.slice(0, 8)}@example.com`}, 'Ana')`);
  await db.run(sql`INSERT INTO diner_loyalty_links (account_id, loyalty_account_id, loyalty_customer_id, phone, verified_at) VALUES (${accountId}::uuid, ${loyalty.id}, ${loyalty.customer_id}, ${phone}, now())`);
  const setCookie = await openDinerSession(new Request(`${SITE_ORIGIN}/api/account/link/use`), accountId, "email-link");
  return { cookie: setCookie.split(";")[0]!, accountId, loyalty };
}
