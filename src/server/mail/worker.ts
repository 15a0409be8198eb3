// The outbox worker: claims the due messages, builds each from the record as it stands now, sends it and
// notes the outcome (sent, or waiting for its next attempt with the reason). Run by the scheduled
// function every minute and, at once, after each change that queues mail; a failing provider only
// delays mail, never the order that caused it.
import { siteUrl } from "../platform/siteAddress";
import { log, redact } from "../platform/http";
import { getMessage } from "../content/contactMessages";
import { getOrder } from "../orders/records";
import { orderPagePath } from "../../domain/i18n/locales";
import { toOrderViewIn } from "../orders/views";
import { withOptionsIn } from "../orders/dinerLanguage";
import { withRefunds } from "../square/orderDetails";
import type { RenderedMail } from "./layout";
import { contactMail } from "./contactMail";
import { orderMail } from "./messages";
import { COURIER_MAIL_KINDS, courierMail, type CourierMailKind } from "./courierMail";
import { withCouriers } from "../delivery/views";

const isCourierMail = (kind: string): kind is CourierMailKind => COURIER_MAIL_KINDS.includes(kind);
import { setupLinkMail } from "./setupLinkMail";
import { giftCardMail } from "./giftCardOutbox";
import { securityNoticeMail } from "./staffSecurityMail";
import type { SecurityNotice } from "../staff/securityNotices";
import { declineBrakeMail, type DeclineBrakeMailContext } from "./declineBrakeMail";
import { ownerTestMail } from "./ownerTestMail";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { hashToken } from "../staff/sessions";
import { backlogMail } from "./backlogMail";
import { dinerMailOf, isDinerMail } from "../accounts/outboxMail";
import { comeBackMailOf } from "../feedback/outboxMail";
import { markFailed, markSent, markUndeliverable, type OutboxMessage } from "./outbox";
import { claimWithinPace, isProviderBusy, markDeferred, noteBacklog } from "./pace";
import { mailSender, type MailSender } from "./sender";

export interface DeliveryReport {
  configured: boolean;
  sent: number;
  failed: number;
}

export { siteUrl } from "../platform/siteAddress";

class Undeliverable extends Error {}

async function build(message: OutboxMessage): Promise<{ mail: RenderedMail; replyTo?: string }> {
  const base = siteUrl();
  const consoleUrl = `${base}/admin`;
  if (message.kind === "staff_setup_link") {
    const { token, name, invitedBy, expiresAt } = message.payload as Record<string, unknown>;
    // Only a link still usable is sent: not one used, replaced by a newer one, or run out.
    const live =
      typeof token === "string" &&
      (await db.one(sql`SELECT 1 FROM staff_setup_links WHERE token_hash = ${hashToken(token)} AND used_at IS NULL AND expires_at > now()`));
    if (!live) throw new Undeliverable("The set-up link was used, replaced or has run out: make a new one in the Staff tab.");
    return { mail: await setupLinkMail({ name: String(name), invitedBy: String(invitedBy), url: `${base}/admin/setup#${token}`, expiresAt: String(expiresAt) }) };
  }
  if (message.kind === "gift_card_delivery" || message.kind === "gift_card_receipt") {
    const mail = await giftCardMail(message, base);
    if (!mail) throw new Undeliverable("The gift card sale no longer exists or has no active card.");
    return { mail };
  }
  if (message.kind === "staff_mail_backlog") {
    const { since, clearedAt, largest } = message.payload as Record<string, unknown>;
    return { mail: await backlogMail({ since: String(since), clearedAt: String(clearedAt), largest: Number(largest), consoleUrl }) };
  }
  if (message.kind === "staff_security_notice") {
    const notice = message.payload as unknown as SecurityNotice;
    return { mail: await securityNoticeMail({ notice, ownAccount: message.recipient.toLowerCase() === notice.accountEmail.toLowerCase(), consoleUrl }) };
  }
  if (message.kind === "staff_decline_brake") return { mail: await declineBrakeMail({ ...(message.payload as unknown as DeclineBrakeMailContext), consoleUrl }) };
  if (message.kind === "owner_test") {
    return { mail: await ownerTestMail({ name: String(message.payload.name ?? "owner"), consoleUrl: `${consoleUrl}#go-live`, sentAt: new Date() }) };
  }
  if (message.kind === "diner_come_back") {
    const mail = await comeBackMailOf(message, base);
    if (typeof mail === "string") throw new Undeliverable(mail);
    return { mail };
  }
  if (isDinerMail(message.kind)) {
    const mail = await dinerMailOf(message, base);
    if (!mail) throw new Undeliverable("The diner's sign-in link was used, replaced or has run out.");
    return { mail };
  }
  if (message.kind === "staff_contact_message") {
    const contact = message.contactMessageId ? await getMessage(message.contactMessageId) : null;
    if (!contact) throw new Undeliverable("The contact message no longer exists.");
    return { mail: await contactMail({ message: { ...contact, phone: contact.phone ?? null }, consoleUrl }), replyTo: contact.email };
  }
  const stored = message.orderId ? await getOrder(message.orderId) : null;
  if (!stored) throw new Undeliverable("The order no longer exists.");
  // The customer's messages are in the order's language (queued with it), the restaurant's copy in English.
  const locale = message.language;
  const [order] = await withCouriers(await withRefunds([stored], [await withOptionsIn(stored, toOrderViewIn(stored, locale), locale)]));
  const orderUrl = `${base}${orderPagePath(locale, stored.orderId)}`;
  if (isCourierMail(message.kind)) return { mail: await courierMail(message.kind, { order: order!, orderUrl, consoleUrl, payload: message.payload }, locale) };
  const amountCents = typeof message.payload.amountCents === "number" ? message.payload.amountCents : undefined;
  const mail = await orderMail(
    message.kind,
    {
      order: order!,
      orderUrl,
      receiptUrl: stored.payment.receiptUrl,
      amountCents,
      consoleUrl,
    },
    locale,
  );
  return { mail };
}

async function deliverOne(message: OutboxMessage, sender: MailSender): Promise<boolean> {
  try {
    const { mail, replyTo } = await build(message);
    await sender.send(message.recipient, mail, { replyTo });
    await markSent(message);
    log("info", "mail sent", { outboxId: message.id, kind: message.kind, attempt: message.attempts });
    return true;
  } catch (error) {
    // The provider's words, with any address masked: staff read them in the console.
    const reason = redact(error instanceof Error ? error.message : String(error)) || "unknown error";
    if (error instanceof Undeliverable) await markUndeliverable(message, reason);
    else if (isProviderBusy(error)) {
      await markDeferred(message, reason);
      log("warn", "mail deferred: the provider asked us to send later", { outboxId: message.id, kind: message.kind });
    } else {
      const status = await markFailed(message, reason);
      log(status === "failed" ? "error" : "warn", "mail not sent", { outboxId: message.id, kind: message.kind, attempt: message.attempts, status, reason });
    }
    return false;
  }
}

/**
 * Sends the due messages, a few at a time and no faster than the provider's pace (./pace.ts), until none
 * is due or `budgetMs` is spent (a scheduled function has 30 s); then notes a late backlog, or that it
 * cleared. Never throws: a broken database or provider is logged and left to the next run.
 */
export async function deliverDueMail(options: { budgetMs?: number; batch?: number; sender?: MailSender } = {}): Promise<DeliveryReport> {
  const sender = options.sender ?? mailSender();
  const report: DeliveryReport = { configured: sender !== null, sent: 0, failed: 0 };
  if (!sender) return report;
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  try {
    while (Date.now() < deadline) {
      const { messages: due, waitMs } = await claimWithinPace(options.batch ?? 5);
      if (due.length === 0) {
        // The allowance is spent: wait for its next message's room, unless the budget ends first.
        if (waitMs === 0 || Date.now() + waitMs >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
      const outcomes = await Promise.all(due.map((message) => deliverOne(message, sender)));
      for (const sent of outcomes) report[sent ? "sent" : "failed"]++;
    }
    await noteBacklog();
  } catch (error) {
    log("error", "mail outbox unreadable", { error: error instanceof Error ? error.message : String(error) });
  }
  return report;
}
