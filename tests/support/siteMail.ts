// The site's mail in an API test file: a mail catcher of the file's own on 127.0.0.1, and the settings the
// outbox reads (SMTP_URL, MAIL_FROM, SITE_URL) pointed at it, from before the file's tests to after them.
import { afterAll, beforeAll, vi } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { deliverDueMail } from "../../src/server/mail/worker";
import { testDatabase } from "./database";

const SETTINGS = ["SMTP_URL", "MAIL_FROM", "SITE_URL"] as const;

/** Read `.catcher` inside tests and hooks. */
export function useSiteMail(): { readonly catcher: MailCatcher } {
  let started: MailCatcher | undefined;
  beforeAll(async () => {
    started = await startMailCatcher();
    Object.assign(process.env, { SMTP_URL: started.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>", SITE_URL: "https://jealousfork.example" });
  });
  afterAll(async () => {
    for (const name of SETTINGS) delete process.env[name];
    await started?.stop();
  });
  return {
    get catcher() {
      if (!started) throw new Error("The mail catcher is read before beforeAll started it");
      return started;
    },
  };
}

/**
 * Reads set-up links from the mail as the person would: each call delivers what is due and answers the
 * token of the first link to `email` that no earlier call answered, waiting until one arrives.
 */
export function setupLinkReader(siteMail: { readonly catcher: MailCatcher }): (email: string) => Promise<string> {
  const read = new Set<string>();
  return async (email) => {
    const token = await vi
      .waitFor(
        async () => {
          await deliverDueMail();
          const mailed = siteMail.catcher.messages().filter((mail) => mail.to.includes(email)).map((mail) => /\/admin\/setup#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]);
          const found = mailed.find((candidate) => candidate && !read.has(candidate));
          if (!found) throw new Error(`no new set-up link was e-mailed to ${email}`);
          return found;
        },
        { timeout: 15_000, interval: 50 },
      )
      .catch(async (error: Error) => {
        // Where the mail stood when the wait gave up: queued, held by a sender, failed, or sent and not caught.
        const outbox = await testDatabase().rows(
          "SELECT id, kind, status, attempts, next_attempt_at, last_error, now() AS at FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id",
          [email],
        );
        throw new Error(`${error.message}; its outbox rows: ${JSON.stringify(outbox)}; caught for it: ${siteMail.catcher.messages().filter((mail) => mail.to.includes(email)).length}`);
      });
    read.add(token);
    return token;
  };
}
