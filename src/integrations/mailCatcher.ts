// A mail catcher for development and tests: an SMTP server on 127.0.0.1 that keeps every message it is
// sent (parsed with mailparser) and, for people, a small web page listing them. `npm run dev` starts it
// unless SMTP_URL is set (see mailCatcherIntegration); tests start one in-process and read what was sent.
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AstroIntegration } from "astro";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  replyTo: string;
  receivedAt: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  smtpUrl: string;
  /** Where a person reads the mail (null when no web page was asked for). */
  webUrl: string | null;
  /** Every message caught so far, oldest first. */
  messages(): CaughtMail[];
  /** The first message (from now on or already caught) that `match` accepts. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  smtpPort?: number;
  /** Also serve the web page on this port (0: any free port). */
  webPort?: number;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(messages: readonly CaughtMail[]): string {
  const items = messages
    .slice()
    .reverse()
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.to.join(", "))} · from ${escapeHtml(mail.from)} · ${escapeHtml(mail.receivedAt)}</p>
<iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
<details><summary>Plain text</summary><pre>${escapeHtml(mail.text)}</pre></details></article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="10">
<title>Local mail (${messages.length})</title>
<style>body{font-family:system-ui;margin:2rem;background:#fffaf3}article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}iframe{width:100%;height:32rem;border:1px solid #eee}</style>
<h1>Mail sent by the local site (${messages.length})</h1>${items || "<p>No mail yet.</p>"}</html>`;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const waiters = new Set<{ match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: CaughtMail = {
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            text: parsed.text ?? "",
            replyTo: parsed.replyTo?.text ?? "",
            receivedAt: new Date().toISOString(),
          };
          caught.push(mail);
          for (const waiter of waiters) {
            if (waiter.match(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // smtp-server re-emits its socket server's errors (a taken port, EADDRINUSE) on itself, where an
  // unheard 'error' ends the process: the listen's failure must be heard on `smtp`, not `smtp.server`.
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.smtpPort ?? 0, "127.0.0.1", () => {
      smtp.off("error", reject);
      resolve();
    });
  });
  // A client's broken connection is re-emitted the same way; it must not stop the dev server.
  smtp.on("error", () => {});
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let web: HttpServer | undefined;
  if (options.webPort !== undefined) {
    const server = createHttpServer((req, res) => {
      if (req.url === "/messages.json") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(caught));
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(caught));
    });
    web = server;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.webPort, "127.0.0.1", () => resolve());
      });
    } catch (error) {
      // The SMTP side is already listening: a caller that falls back to other ports must not leave it behind.
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      throw error;
    }
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: web ? `http://127.0.0.1:${(web.address() as AddressInfo).port}/` : null,
    messages: () => caught.slice(),
    waitFor(match, timeoutMs = 10_000) {
      const found = caught.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: CaughtMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No such mail within ${timeoutMs} ms; caught: ${caught.map((mail) => mail.subject).join(" | ") || "none"}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (web) await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}

/**
 * The usual ports of a local mail catcher (SMTP 1025, web 1080), or any free ones when those are taken
 * (a second `npm run dev` in another folder).
 */
export async function startOnUsualPorts(usual: { smtpPort: number; webPort: number } = { smtpPort: 1025, webPort: 1080 }): Promise<MailCatcher> {
  try {
    return await startMailCatcher(usual);
  } catch {
    return startMailCatcher({ smtpPort: 0, webPort: 0 });
  }
}

/**
 * `npm run dev` without SMTP_URL: a mail catcher for the dev server's functions (SMTP_URL points at it
 * for this process), and a line saying where to read the mail. With SMTP_URL set, mail goes there.
 */
export default function mailCatcherIntegration(): AstroIntegration {
  let catcher: MailCatcher | undefined;
  return {
    name: "jealous-fork:mail-catcher",
    hooks: {
      "astro:config:setup": async ({ command, logger }) => {
        if (command !== "dev" || process.env.SMTP_URL?.trim()) return;
        catcher = await startOnUsualPorts();
        process.env.SMTP_URL = catcher.smtpUrl;
        logger.info(`Local mail: e-mails the site sends are caught, read them at ${catcher.webUrl}`);
      },
      "astro:server:start": ({ address, logger }) => {
        // Links in the caught mail lead back to this dev server.
        if (catcher && !process.env.SITE_URL?.trim()) process.env.SITE_URL = `http://localhost:${address.port}`;
        if (catcher) logger.info(`  Mail:               ${catcher.webUrl} (local catcher; set SMTP_URL to send for real)`);
      },
      "astro:server:done": async () => {
        await catcher?.stop();
        catcher = undefined;
      },
    },
  };
}
