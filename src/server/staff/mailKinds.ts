// The outbox's staff kinds, built when they are sent: a set-up link (only while it still opens) and a
// security notice (its words in src/server/mail/staffSecurityMail.tsx).
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { hashToken } from "../platform/tokens";
import { securityNoticeMail, setupLinkMail, type MailBuilder, type SecurityNotice } from "../mail";

export const staffMailKinds: MailBuilder[] = [
  {
    kinds: ["staff_setup_link"],
    build: async (message, { base }) => {
      const { token, name, invitedBy, expiresAt } = message.payload as Record<string, unknown>;
      // Only a link still usable is sent: not one used, replaced by a newer one, or run out.
      const live =
        typeof token === "string" &&
        (await db.one(sql`SELECT 1 FROM staff_setup_links WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()`));
      if (!live) return "The set-up link was used, replaced or has run out: make a new one in the Staff tab.";
      return { mail: await setupLinkMail({ name: String(name), invitedBy: String(invitedBy), url: `${base}/admin/setup#${token}`, expiresAt: String(expiresAt) }) };
    },
  },
  {
    kinds: ["staff_security_notice"],
    build: async (message, { consoleUrl }) => {
      const notice = message.payload as unknown as SecurityNotice;
      return { mail: await securityNoticeMail({ notice, ownAccount: message.recipient.toLowerCase() === notice.accountEmail.toLowerCase(), consoleUrl }) };
    },
  },
];
