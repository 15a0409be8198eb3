// The offer on the order confirmation page: "Save your details for next time". One tap e-mails a sign-in
// link to the order's e-mail (with its name for a new account); the account page then offers a passkey.
// Only the API client is loaded here (no passkey code): the confirmation page stays light. A browser that
// has signed in is offered nothing to save again: the same box says the details are kept, and links the account.
// A tap on the button before the island wakes is kept (as the menu's add buttons keep theirs) and acted on then.
import { useEffect, useState } from "react";
import { localizedPath, type Locale } from "../../domain/i18n/pagePaths";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { ApiError, apiRequest } from "../../lib/api";
import { hintsSignedIn } from "./signedInHint";

/** The name BaseLayout's first script keeps an early tap on this offer's button by. */
const EARLY_TAP = "save-details";

export default function SaveDetailsOffer({ locale, email, name }: { locale: Locale; email: string; name: string }) {
  const t = translator(accountWords, locale);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  // Until awake, the button carries data-early-tap: BaseLayout's first script keeps a tap on it, replayed here.
  const [awake, setAwake] = useState(false);
  // After hydration: the server drew the page without the browser's storage.
  useEffect(() => {
    const hinted = hintsSignedIn();
    setSignedIn(hinted);
    setAwake(true);
    const kept = window.__jfTaps ?? [];
    const early = kept.find((button) => button.dataset.earlyTap === EARLY_TAP);
    if (!early) return;
    window.__jfTaps = kept.filter((button) => button.dataset.earlyTap !== EARLY_TAP);
    if (!hinted) void offer();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the island wakes
  }, []);

  async function offer() {
    setBusy(true);
    try {
      await apiRequest("/api/account/link", { body: { email, name: name.slice(0, 80) } });
      setNote({ ok: true, text: t("signIn.linkSent", email) });
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("signIn.failed") });
    } finally {
      setBusy(false);
    }
  }

  if (signedIn) {
    return (
      <section aria-labelledby="save-details-heading" className="rounded-xl border border-stone-200 bg-white p-6">
        <h2 id="save-details-heading" className="font-display text-xl font-bold">
          {t("offer.savedHeading")}
        </h2>
        <p className="mt-2 text-stone-700">{t("offer.savedText")}</p>
        <a href={localizedPath(locale, "/account")} className="mt-3 inline-block rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold hover:bg-stone-100">
          {t("offer.savedLink")}
        </a>
      </section>
    );
  }

  return (
    <section aria-labelledby="save-details-heading" className="rounded-xl border border-stone-200 bg-white p-6">
      <h2 id="save-details-heading" className="font-display text-xl font-bold">
        {t("offer.heading")}
      </h2>
      <p className="mt-2 text-stone-700">{t("offer.text")}</p>
      {note?.ok ? null : (
        <button type="button" disabled={busy} onClick={offer} data-early-tap={awake ? undefined : EARLY_TAP} className="mt-3 rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold hover:bg-stone-100 disabled:opacity-60">
          {t("offer.button")}
        </button>
      )}
      <p role={note?.ok === false ? "alert" : "status"} className={`mt-2 ${note?.ok === false ? "text-red-800" : "text-ink"}`}>
        {note?.text ?? ""}
      </p>
    </section>
  );
}
