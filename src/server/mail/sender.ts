// The SMTP sender: nodemailer over SMTP_URL (any provider that speaks SMTP: Postmark, Resend, Amazon
// SES, Gmail), from MAIL_FROM. No SMTP_URL, no sender: messages wait in the outbox until there is one.
import nodemailer, { type Transporter } from "nodemailer";
import { serverConfig } from "../config";
import type { RenderedMail } from "./layout";

export interface MailSender {
  send(to: string, mail: RenderedMail, options?: { replyTo?: string }): Promise<void>;
}

let cached: { url: string; transporter: Transporter } | undefined;

/**
 * The sender for the configured SMTP_URL, or null when there is none. Short timeouts: a scheduled
 * function has 30 s, and a provider that hangs must fail this attempt, not the whole run.
 */
export function mailSender(): MailSender | null {
  const { SMTP_URL: url, MAIL_FROM: from } = serverConfig();
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transporter.close();
    const options = new URL(url);
    // The URL's own settings, with short timeouts added.
    if (!options.searchParams.has("connectionTimeout")) options.searchParams.set("connectionTimeout", "8000");
    if (!options.searchParams.has("greetingTimeout")) options.searchParams.set("greetingTimeout", "8000");
    if (!options.searchParams.has("socketTimeout")) options.searchParams.set("socketTimeout", "12000");
    cached = { url, transporter: nodemailer.createTransport(options.toString()) };
  }
  const transporter = cached.transporter;
  return {
    async send(to, mail, options = {}) {
      await transporter.sendMail({ from, to, subject: mail.subject, html: mail.html, text: mail.text, replyTo: options.replyTo });
    },
  };
}
