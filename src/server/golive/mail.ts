// The go-live lines of e-mail: SMTP_URL set and the provider taking a sign-in (nodemailer's verify:
// connect, greet, authenticate, quit; nothing is sent), and the outbox's last message out, last
// failure and backlog, with the button that sends the owner a test message through it.
import nodemailer from "nodemailer";
import type { GoLiveLine } from "../../domain/goLive";
import { serverConfig } from "../config";
import { redact } from "../platform/http";
import { outboxHealth, queueOwnerTestMail } from "../mail";
import { CHECK_TIMEOUT_MS, line, when, type Check, type LineSpec } from "./lines";

export const MAIL_LINES: Record<"smtp" | "outbox", LineSpec> = {
  smtp: { id: "mail-smtp", group: "E-mail", title: "Mail provider (SMTP_URL)", required: true, section: "e-mail-provider" },
  outbox: { id: "mail-outbox", group: "E-mail", title: "Outbox delivers", required: true, section: "e-mail-provider" },
};

/** A message waiting longer than this means mail is stuck, not just on its way. */
const STUCK_AFTER_MS = 15 * 60_000;

/** The server's name and port, never the user or password the URL carries. */
function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === "smtps:" ? "465" : "587")}`;
}

async function smtpLine(): Promise<GoLiveLine> {
  const s = MAIL_LINES.smtp;
  const url = serverConfig().SMTP_URL;
  if (!url) {
    return line(s, "red", "SMTP_URL is not set: order confirmations and staff e-mails wait in the outbox.", "Create an account with a transactional mail provider and put its SMTP address in SMTP_URL.");
  }
  const server = serverOf(url);
  const limit = String(CHECK_TIMEOUT_MS - 1000);
  const options = new URL(url);
  for (const name of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) options.searchParams.set(name, limit);
  const transporter = nodemailer.createTransport(options.toString());
  try {
    await transporter.verify();
    return line(s, "green", `${server} accepted the connection and the sign-in.`, "", { lastSeenWorking: new Date().toISOString() });
  } catch (error) {
    const reason = redact(error instanceof Error ? error.message : String(error)) || "no reason given";
    return line(s, "red", `${server} refused: ${reason}`, "Check the user, password, host and port in SMTP_URL against your mail provider's SMTP settings.");
  } finally {
    transporter.close();
  }
}

async function outboxLine(): Promise<GoLiveLine> {
  const s = MAIL_LINES.outbox;
  const health = await outboxHealth();
  const action = { kind: "send-test-email" } as const;
  const parts = [
    health.lastSentAt ? `Last e-mail out at ${when(health.lastSentAt)}.` : "No e-mail has gone out yet.",
    health.lastFailure ? `Last failure at ${when(health.lastFailure.at)}: ${health.lastFailure.reason}` : "No failure.",
    health.backlog ? `${health.backlog} waiting, the oldest since ${when(health.oldestWaitingSince!)}.` : "Nothing waiting.",
  ];
  const detail = parts.join(" ");
  const extra = { lastSeenWorking: health.lastSentAt, action };
  const stuck = health.oldestWaitingSince !== null && Date.now() - new Date(health.oldestWaitingSince).getTime() > STUCK_AFTER_MS;
  const failingSince = health.lastFailure && (!health.lastSentAt || health.lastFailure.at > health.lastSentAt);
  if (stuck || failingSince) return line(s, "red", detail, "Fix the mail provider line above, then send yourself a test e-mail; waiting messages go out with it.", extra);
  if (!health.lastSentAt) return line(s, "red", detail, "Send yourself a test e-mail: the line turns green once it has gone out.", extra);
  return line(s, "green", detail, "", extra);
}

export const mailCheck: Check = { specs: [MAIL_LINES.smtp], run: async () => [await smtpLine()] };
export const outboxCheck: Check = { specs: [MAIL_LINES.outbox], run: async () => [await outboxLine()] };

/** Queues a test message to the signed-in owner; the caller starts the worker at once. */
export function sendOwnerTestMail(owner: { email: string; name: string }): Promise<number> {
  return queueOwnerTestMail(owner.email, owner.name);
}
