// A diner's account as its page shows it, and its deletion: our personal data about the diner (the account,
// passkeys, sessions, saved addresses, links and the account e-mails in the outbox) goes at once, in one transaction.
import { db } from "../platform/database";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { listAddresses, type SavedAddress } from "./addresses";
import { listDinerPasskeys, type DinerPasskeyView } from "./passkeys";
import { listDinerSessions, type Diner, type DinerSessionView } from "./sessions";

export interface DinerAccountView {
  /** emailConfirmed: false for an account made with a passkey at a confirmation until its e-mailed link is used. */
  account: { email: string; name: string; phone: string; createdAt: string; emailConfirmed: boolean };
  addresses: SavedAddress[];
  passkeys: DinerPasskeyView[];
  sessions: DinerSessionView[];
}

export async function accountView(diner: Diner): Promise<DinerAccountView> {
  const row = await db.one<{ created_at: Date; phone: string | null }>(sql`SELECT created_at, phone FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
  return {
    account: { email: diner.email, name: diner.name, phone: row?.phone ?? "", createdAt: (row?.created_at ?? new Date()).toISOString(), emailConfirmed: diner.emailConfirmed },
    addresses: await listAddresses(diner.accountId),
    passkeys: await listDinerPasskeys(diner.accountId),
    sessions: await listDinerSessions(diner),
  };
}

/** Deletes the account and everything of ours that names the diner; orders placed as a guest are the restaurant's receipts. */
export async function deleteAccount(diner: Diner): Promise<void> {
  await db.transaction(async (tx) => {
    // Passkeys, sessions, saved addresses, ceremonies and the account's links go with it (ON DELETE CASCADE).
    await tx.run(sql`DELETE FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
    await tx.run(sql`DELETE FROM diner_links WHERE lower(email) = lower(${diner.email})`);
    await tx.run(sql`DELETE FROM mail_outbox WHERE kind LIKE 'diner\_%' AND lower(recipient) = lower(${diner.email})`);
  });
  log("info", "diner account deleted");
}
