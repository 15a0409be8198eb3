// Signed in: who, their passkeys (add one on this device, remove one; first of all while there is none),
// where they are signed in (end a session elsewhere), sign out, and "Delete my account".
import { useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { miamiDateTime } from "../../domain/clockFormat";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { ApiError } from "../../lib/api";
import { browserSupportsWebAuthn } from "../../lib/passkeys";
import Icon from "../Icon";
import { CloseIcon } from "../../lib/icons";
import LoyaltyPanel from "./LoyaltyPanel";
import TextsPanel from "./TextsPanel";
import OrderHistory from "./OrderHistory";
import SavedDetailsSection from "./SavedDetailsSection";
import SavedCardsSection from "./SavedCardsSection";
import type { CardOnFile } from "../../domain/savedCards";
import { addPasskey, deleteAccount, endSession, removePasskey, signOut, type AccountView, type PastOrder } from "./accountApi";

const BUTTON = "rounded-lg px-4 py-2 font-semibold disabled:opacity-60";
const QUIET = `${BUTTON} border border-stone-400 bg-white text-ink hover:bg-stone-100`;

interface Props {
  locale: Locale;
  view: AccountView;
  /** The diner's orders, loaded with the account. */
  orders: PastOrder[];
  /** The diner's cards on file (read from Square), loaded with the account. */
  cards: CardOnFile[];
  /** Read the account again (after a change), or go back to signed out (null). */
  onChange: (signedOut?: boolean) => void;
}

export default function AccountDetails({ locale, view, orders, cards, onChange }: Props) {
  const t = translator(accountWords, locale);
  const [note, setNote] = useState<{ ok: boolean; text: string; at: "passkeys" | "delete"; stale?: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Spanish times as "12:15 p. m." (src/domain/clockFormat.ts), in Miami's time as every time on the site.
  const when = (iso: string) => miamiDateTime(iso, locale, { dateStyle: "medium", timeStyle: "short" });
  // "Safari on iPhone", as the server read the session's browser (never the raw user-agent string).
  const sessionName = ({ browser, device }: AccountView["sessions"][number]) =>
    browser && device ? t("sessions.device", browser, device) : browser || device || t("sessions.unknown");

  async function act(work: () => Promise<unknown>, done?: string, signedOut = false, at: "passkeys" | "delete" = "passkeys") {
    setNote(null);
    try {
      const result = await work();
      if (result === false) return;
      if (done) setNote({ ok: true, text: done, at });
      onChange(signedOut);
    } catch (error) {
      // 403: the session is older than 5 minutes; the sentence says so, and the diner can sign in again here.
      const stale = error instanceof ApiError && error.status === 403;
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("signIn.failed"), at, stale });
    }
  }

  const noteAt = (at: "passkeys" | "delete") => (
    <>
      <p role={note?.at === at && !note.ok ? "alert" : "status"} className={`mt-2 ${note?.at === at && !note.ok ? "text-red-800" : "text-ink"}`}>
        {note?.at === at ? note.text : ""}
      </p>
      {note?.at === at && note.stale ? (
        <button type="button" className={`${QUIET} mt-2`} onClick={() => act(signOut, undefined, true)}>
          {t("fresh.signInAgain")}
        </button>
      ) : null}
    </>
  );

  // No passkey yet (an account just made by the e-mailed link): "Add a passkey" comes first, under the greeting.
  const passkeys = (
    <section aria-labelledby="account-passkeys">
      <h2 id="account-passkeys" className="font-display text-2xl font-bold">
        {t("passkeys.heading")}
      </h2>
      {view.passkeys.length === 0 ? <p className="mt-2 text-stone-700">{t("passkeys.none")}</p> : null}
      <ul className="mt-2 grid gap-2">
        {view.passkeys.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-3">
            <span>{passkey.label || t("passkeys.unnamed")}</span>
            <button type="button" className={QUIET} aria-label={t("passkeys.remove", passkey.label || t("passkeys.unnamed"))} onClick={() => act(() => removePasskey(passkey.id))}>
              <Icon icon={CloseIcon} size={18} />
            </button>
          </li>
        ))}
      </ul>
      {browserSupportsWebAuthn() ? (
        // The main button only while the account has no passkey: once it has one, adding another is a quiet choice.
        <button type="button" className={view.passkeys.length ? `${QUIET} mt-3` : `${BUTTON} mt-3 bg-brand-600 text-white hover:bg-brand-700`} onClick={() => act(addPasskey, t("passkeys.added"))}>
          {t("passkeys.add")}
        </button>
      ) : (
        <p className="mt-2 text-stone-700">{t("passkeys.unsupported")}</p>
      )}
      {noteAt("passkeys")}
    </section>
  );

  return (
    <div className="mt-8 grid gap-10">
      <section aria-labelledby="account-who">
        <h2 id="account-who" className="font-display text-2xl font-bold">
          {t("signedIn.greeting", view.account.name)}
        </h2>
        <p className="mt-1 text-stone-700">{t("signedIn.email", view.account.email)}</p>
        {view.account.emailConfirmed === false ? <p className="mt-1 text-stone-700">{t("signedIn.confirmEmail", view.account.email)}</p> : null}
        <button type="button" className={`${QUIET} mt-3`} onClick={() => act(signOut, undefined, true)}>
          {t("signedIn.signOut")}
        </button>
      </section>

      {view.passkeys.length === 0 && passkeys}

      <OrderHistory locale={locale} orders={orders} />

      <LoyaltyPanel locale={locale} />

      <TextsPanel locale={locale} />

      <SavedDetailsSection locale={locale} account={view.account} addresses={view.addresses} onChange={() => onChange()} />

      <SavedCardsSection locale={locale} account={view.account} cards={cards} />

      {view.passkeys.length > 0 && passkeys}

      <section aria-labelledby="account-sessions">
        <h2 id="account-sessions" className="font-display text-2xl font-bold">
          {t("sessions.heading")}
        </h2>
        <ul className="mt-2 grid gap-2">
          {view.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-3">
              <span>
                <span className="block font-semibold">{sessionName(session)}</span>
                {session.current && <span className="block text-sm text-ink-700">{t("sessions.current")}</span>}
                <span className="block text-sm text-stone-700">{t("sessions.since", when(session.createdAt))}</span>
              </span>
              {session.current ? null : (
                <button type="button" className={QUIET} onClick={() => act(() => endSession(session.id))}>
                  {t("sessions.end")}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="account-delete">
        <h2 id="account-delete" className="font-display text-2xl font-bold">
          {t("delete.heading")}
        </h2>
        <p className="mt-2 text-stone-700">{t("delete.explain")}</p>
        <p className="mt-2 text-stone-700">{t("delete.square")}</p>
        {confirming ? (
          <button type="button" className={`${BUTTON} mt-3 bg-red-800 text-white hover:bg-red-900`} onClick={() => act(deleteAccount, undefined, true, "delete")}>
            {t("delete.confirm")}
          </button>
        ) : (
          <button type="button" className={`${QUIET} mt-3`} onClick={() => setConfirming(true)}>
            {t("delete.heading")}
          </button>
        )}
        {noteAt("delete")}
      </section>
    </div>
  );
}
