// The outbox worker's way to a diner e-mail (src/server/mail/worker.ts calls it for kinds diner_*): the
// message built in its language, or null when a sign-in link in it no longer opens anything.
import type { RenderedMail } from "../mail/layout";
import { isLocale } from "../../domain/i18n/locales";
import { linkIsLive } from "./links";
import { dinerMail, isDinerMail } from "./mail";

export { isDinerMail };

export async function dinerMailOf(message: { kind: string; language: string; payload: Record<string, unknown> }, base: string): Promise<RenderedMail | null> {
  if (!isDinerMail(message.kind)) return null;
  return dinerMail({ kind: message.kind, language: isLocale(message.language) ? message.language : "en", payload: message.payload }, base, linkIsLive);
}
