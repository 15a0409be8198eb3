// The site's mail in an API test file: a mail catcher of the file's own on 127.0.0.1, and the settings the
// outbox reads (SMTP_URL, MAIL_FROM, SITE_URL) pointed at it, from before the file's tests to after them.
import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";

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
