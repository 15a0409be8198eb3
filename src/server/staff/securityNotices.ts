// The staff's security notices by e-mail, queued in the transaction of the change they tell of: a passkey
// added or removed, a password changed or cleared, an account recovered with a set-up link, many failed
// sign-ins on an account, and an owner's hand-overs (a person made owner or staff, an owner disabled). Sent by the outbox worker (src/server/mail/staffSecurityMail.tsx words them).
import { randomUUID } from "node:crypto";
import type { Queries } from "../platform/database";
import { mailConfigured, type SecurityNotice } from "../mail";
import { sql } from "../platform/sql";

export type { SecurityEvent, SecurityNotice } from "../mail";

/** The request that made a change, and its client address: where a notice says it came from. */
export interface Origin {
  req: Request;
  address: string;
}

/** Where a request came from, as a notice tells it. */
export function whereOf(req: Request, address: string): Pick<SecurityNotice, "userAgent" | "address"> {
  return { userAgent: (req.headers.get("user-agent") ?? "").slice(0, 200), address };
}

/** Queues the notice to each recipient (once per address, whatever its case) in `on`; nothing without mail. */
export async function queueSecurityNotice(recipients: string[], notice: SecurityNotice, on: Queries): Promise<void> {
  if (!mailConfigured()) return;
  const seen = new Set<string>();
  for (const recipient of recipients) {
    if (seen.has(recipient.toLowerCase())) continue;
    seen.add(recipient.toLowerCase());
    await on.run(sql`
      INSERT INTO mail_outbox (kind, dedupe_key, recipient, payload)
      VALUES ('staff_security_notice', ${`staff_security_notice:${notice.event}:${randomUUID()}`}, ${recipient}, ${JSON.stringify(notice)}::jsonb)`);
  }
}

/** The e-mail addresses of the enabled owners, who hear of an alarm on any account. */
export async function ownerAddresses(on: Queries): Promise<string[]> {
  const rows = await on.all<{ email: string }>(sql`SELECT email FROM staff_accounts WHERE role = 'owner' AND disabled_at IS NULL ORDER BY created_at`);
  return rows.map((row) => row.email);
}
