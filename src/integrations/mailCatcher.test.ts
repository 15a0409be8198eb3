import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { startMailCatcher, startOnUsualPorts, type MailCatcher } from "./mailCatcher";

const started: MailCatcher[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((catcher) => catcher.stop()));
});

async function keep(catcher: Promise<MailCatcher>): Promise<MailCatcher> {
  const running = await catcher;
  started.push(running);
  return running;
}

async function send(catcher: MailCatcher, subject: string): Promise<void> {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  await transport.sendMail({ from: "site@jealousfork.test", to: "ana@example.com", subject, text: "Hello" });
  transport.close();
}

describe("the local mail catcher", () => {
  it("refuses a taken SMTP port with an error the caller can catch, instead of ending the process", async () => {
    const first = await keep(startMailCatcher());
    const takenPort = Number(new URL(first.smtpUrl).port);
    await expect(startMailCatcher({ smtpPort: takenPort })).rejects.toMatchObject({ code: "EADDRINUSE" });
  });

  it("starts twice on the same usual ports, the second on free ones, and both catch their mail", async () => {
    // Two `npm run dev` in two folders: the second finds the usual ports taken by the first.
    const probe = await startMailCatcher({ webPort: 0 });
    const usual = { smtpPort: Number(new URL(probe.smtpUrl).port), webPort: Number(new URL(probe.webUrl!).port) };
    await probe.stop();

    const first = await keep(startOnUsualPorts(usual));
    const second = await keep(startOnUsualPorts(usual));
    expect(first.smtpUrl).toBe(`smtp://127.0.0.1:${usual.smtpPort}`);
    expect(second.smtpUrl).not.toBe(first.smtpUrl);
    expect(second.webUrl).not.toBe(first.webUrl);

    await send(first, "To the first folder");
    await send(second, "To the second folder");
    expect(first.messages().map((mail) => mail.subject)).toEqual(["To the first folder"]);
    expect(second.messages().map((mail) => mail.subject)).toEqual(["To the second folder"]);
    const page = await fetch(second.webUrl!).then((answer) => answer.text());
    expect(page).toContain("To the second folder");
  });

  it("falls back whole when only the web page's port is taken, leaving no SMTP server behind", async () => {
    const holder = await keep(startMailCatcher({ webPort: 0 }));
    const takenWebPort = Number(new URL(holder.webUrl!).port);
    const probe = await startMailCatcher();
    const freeSmtpPort = Number(new URL(probe.smtpUrl).port);
    await probe.stop();

    const catcher = await keep(startOnUsualPorts({ smtpPort: freeSmtpPort, webPort: takenWebPort }));
    expect(catcher.webUrl).not.toBe(holder.webUrl);
    // The port tried first was given back: a new catcher can take it.
    await keep(startMailCatcher({ smtpPort: freeSmtpPort }));
  });
});
