// The outbox worker: claims the due messages, builds each from the record as it stands now, sends it and
// notes the outcome (sent, or waiting for its next attempt with the reason). Run by the scheduled
// function every minute and, at once, after each change that queues mail; a failing provider only
// delays mail, never the order that caused it.
import { siteUrl } from "../platform/siteAddress";
import { log, redact } from "../platform/http";
import type { RenderedMail } from "./layout";
import { declineBrakeMail, type DeclineBrakeMailContext } from "./declineBrakeMail";
import { ownerTestMail } from "./ownerTestMail";
import { backlogMail } from "./backlogMail";
import { budgetAlarmMail } from "./budgetAlarm";
import { mailKindOf, type MailBuilder } from "./kinds";
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

/** The mail room's own kinds, to the restaurant's owners; every other kind is a room's (./kinds.ts). */
const OWN_KINDS: MailBuilder[] = [
  {
    kinds: ["staff_mail_backlog"],
    build: async (message, { consoleUrl }) => {
      const { since, clearedAt, largest } = message.payload as Record<string, unknown>;
      return { mail: await backlogMail({ since: String(since), clearedAt: String(clearedAt), largest: Number(largest), consoleUrl }) };
    },
  },
  {
    kinds: ["staff_decline_brake"],
    build: async (message, { consoleUrl }) => ({ mail: await declineBrakeMail({ ...(message.payload as unknown as DeclineBrakeMailContext), consoleUrl }) }),
  },
  {
    kinds: ["staff_budget_alarm"],
    build: async (message, { consoleUrl }) => ({ mail: await budgetAlarmMail(message.payload, consoleUrl) }),
  },
  {
    kinds: ["owner_test"],
    build: async (message, { consoleUrl }) => ({
      mail: await ownerTestMail({ name: String(message.payload.name ?? "owner"), consoleUrl: `${consoleUrl}#go-live`, sentAt: new Date() }),
    }),
  },
];

async function build(message: OutboxMessage): Promise<{ mail: RenderedMail; replyTo?: string }> {
  const base = siteUrl();
  const kind = OWN_KINDS.find((own) => (own.kinds as readonly string[]).includes(message.kind)) ?? mailKindOf(message.kind);
  // No room builds it here: this function did not load the composition list (src/server/participants.ts).
  // A failure, retried, rather than an undeliverable verdict: the message is fine, the function is not.
  if (!kind) throw new Error(`no room builds the e-mail kind ${message.kind} here`);
  const built = await kind.build(message, { base, consoleUrl: `${base}/admin` });
  if (typeof built === "string") throw new Undeliverable(built);
  return built;
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
