// The SMTP sender: nodemailer over SMTP_URL (any provider that speaks SMTP: Postmark, Resend, Amazon
// SES, Gmail), from MAIL_FROM. No SMTP_URL, no sender: messages wait in the outbox until there is one.
// nodemailer is loaded when the first message goes: every function that queues mail imports this room,
// and loading it at start took about 50 ms of a cold start that answers no mail (docs/performance.md).
import type { Transporter } from "nodemailer";
import { serverConfig } from "../config";
import type { RenderedMail } from "./layout";

export interface MailSender {
  send(to: string, mail: RenderedMail, options?: { replyTo?: string }): Promise<void>;
}

let cached: { url: string; transporter: Promise<Transporter> } | undefined;

/**
 * The sender for the configured SMTP_URL, or null when there is none. Short timeouts: a scheduled
 * function has 30 s, and a provider that hangs must fail this attempt, not the whole run.
 */
export function mailSender(): MailSender | null {
  const { SMTP_URL: url, MAIL_FROM: from } = serverConfig();
  if (!url) return null;
  if (cached?.url !== url) {
    void cached?.transporter.then((old) => old.close(), () => undefined);
    const options = new URL(url);
    // The URL's own settings, with short timeouts added.
    if (!options.searchParams.has("connectionTimeout")) options.searchParams.set("connectionTimeout", "8000");
    if (!options.searchParams.has("greetingTimeout")) options.searchParams.set("greetingTimeout", "8000");
    if (!options.searchParams.has("socketTimeout")) options.searchParams.set("socketTimeout", "12000");
    cached = { url, transporter: import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options.toString())) };
  }
  const transporter = cached.transporter;
  return {
    async send(to, mail, options = {}) {
      await (await transporter).sendMail({ from, to, subject: mail.subject, html: mail.html, text: mail.text, replyTo: options.replyTo });
    },
  };
}
