// The outbox worker's way to a diner e-mail (dinerMailKinds below builds the kinds diner_* for the worker): the
// message built in its language, or null when a sign-in link in it no longer opens anything.
import type { MailBuilder, RenderedMail } from "../mail";
import { isLocale } from "../../domain/i18n/locales";
import { linkIsLive } from "./links";
import { dinerMail, isDinerMail } from "./mail";

export { isDinerMail };

export async function dinerMailOf(message: { kind: string; language: string; payload: Record<string, unknown> }, base: string): Promise<RenderedMail | null> {
  if (!isDinerMail(message.kind)) return null;
  return dinerMail({ kind: message.kind, language: isLocale(message.language) ? message.language : "en", payload: message.payload }, base, linkIsLive);
}

/** The outbox's diner kinds (diner_*): built in the diner's language, not sent once their link opens nothing. */
export const dinerMailKinds: MailBuilder[] = [
  {
    kinds: isDinerMail,
    build: async (message, { base }) => (await dinerMailOf(message, base).then((mail) => (mail ? { mail } : null))) ?? "The diner's sign-in link was used, replaced or has run out.",
  },
];
