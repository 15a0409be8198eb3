// The kinds of e-mail the outbox sends, each with the way it is built when it is sent: a registry the
// rooms fill in (their lists are joined in src/server/participants.ts), so the worker names no room.
import type { RenderedMail } from "./layout";
import type { OutboxMessage } from "./outbox";

/** Where the links of a message point: the site, and the console for staff's messages. */
export interface MailLinks {
  base: string;
  consoleUrl: string;
}

/** The message built from its records as they stand now, or why it can no longer be sent (a sentence). */
export type MailBuilt = { mail: RenderedMail; replyTo?: string } | string;

export interface MailBuilder {
  /** The outbox kinds this builds: names, or a test of the name (a family such as diner_*). */
  kinds: readonly string[] | ((kind: string) => boolean);
  build(message: OutboxMessage, links: MailLinks): Promise<MailBuilt>;
}

const registered: MailBuilder[] = [];

/** Adds the rooms' kinds; a kind added twice is built by the first that named it. */
export function registerMailKinds(kinds: readonly MailBuilder[]): void {
  for (const kind of kinds) if (!registered.includes(kind)) registered.push(kind);
}

/** The builder of a kind: one that names it, else the first family whose test takes it. */
export function mailKindOf(kind: string): MailBuilder | undefined {
  return (
    registered.find((entry) => typeof entry.kinds !== "function" && entry.kinds.includes(kind)) ??
    registered.find((entry) => typeof entry.kinds === "function" && entry.kinds(kind))
  );
}
