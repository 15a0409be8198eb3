// The offer on the order confirmation page: "Save your details for next time". "Save with a passkey" makes
// the account on the spot from the order (name, e-mail, phone), with this device's passkey, and signs in: no
// trip to the mail app first (the server e-mails the link that confirms the e-mail afterwards). A device
// without passkeys, or an e-mail that has an account already, gets the e-mailed sign-in link instead. The
// passkey code loads only on the tap: the confirmation page stays light. A browser that has signed in is
// offered nothing to save again: the same box says the details are kept, and links the account. A tap on
// either button before the island wakes is kept (as the menu's add buttons keep theirs) and acted on then.
import { useEffect, useState } from "react";
import { localizedPath, type Locale } from "../../domain/i18n/pagePaths";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { ApiError, apiRequest } from "../../lib/api";
import { hintsSignedIn, rememberSignedIn } from "../../lib/signedInHint";

/** The names BaseLayout's first script keeps an early tap on this offer's buttons by. */
const EARLY_TAP = "save-details";
const EARLY_PASSKEY_TAP = "save-details-passkey";

export default function SaveDetailsOffer({ locale, orderId, email, name }: { locale: Locale; orderId: string; email: string; name: string }) {
  const t = translator(accountWords, locale);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [passkeys, setPasskeys] = useState(true);
  // Until awake, the button carries data-early-tap: BaseLayout's first script keeps a tap on it, replayed here.
  const [awake, setAwake] = useState(false);
  // After hydration: the server drew the page without the browser's storage.
  useEffect(() => {
    const hinted = hintsSignedIn();
    setSignedIn(hinted);
    // PublicKeyCredential is the whole of WebAuthn: without it the link is the one way.
    const canPasskey = typeof window.PublicKeyCredential === "function";
    setPasskeys(canPasskey);
    setAwake(true);
    const kept = window.__jfTaps ?? [];
    const early = kept.find((button) => button.dataset.earlyTap === EARLY_TAP || button.dataset.earlyTap === EARLY_PASSKEY_TAP);
    if (!early) return;
    window.__jfTaps = kept.filter((button) => button !== early);
    if (hinted) return;
    if (early.dataset.earlyTap === EARLY_PASSKEY_TAP && canPasskey) void saveWithPasskey();
    else void offer();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the island wakes
  }, []);

  /** E-mails the sign-in link; `why` says first why the link and not a passkey (the e-mail has an account). */
  async function offer(why = "") {
    setBusy(true);
    try {
      await apiRequest("/api/account/link", { body: { email, name: name.slice(0, 80) } });
      setNote({ ok: true, text: `${why} ${t("signIn.linkSent", email)}`.trim() });
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("signIn.failed") });
    } finally {
      setBusy(false);
    }
  }

  async function saveWithPasskey() {
    setBusy(true);
    try {
      const { deviceLabel, registerPasskey } = await import("../../lib/passkeys");
      const saved = await registerPasskey("/api/account/order-passkey/options", "/api/account/order-passkey", deviceLabel(locale), { orderId });
      if (saved === null) return; // The diner closed the device's prompt: both buttons stay.
      rememberSignedIn(true);
      setNote({ ok: true, text: t("offer.passkeySaved", email) });
    } catch (error) {
      // An e-mail with an account already: that account's way in is the e-mailed link (or its own passkey).
      if (error instanceof ApiError && error.status === 409) return offer(error.serverMessage);
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
        <>
          {passkeys ? (
            <button type="button" disabled={busy} onClick={saveWithPasskey} data-early-tap={awake ? undefined : EARLY_PASSKEY_TAP} className="mt-3 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
              {t("offer.passkey")}
            </button>
          ) : null}
          {passkeys ? <p className="mt-3 text-sm text-stone-700">{t("offer.orLink")}</p> : null}
          <button type="button" disabled={busy} onClick={() => offer()} data-early-tap={awake ? undefined : EARLY_TAP} className="mt-2 rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold hover:bg-stone-100 disabled:opacity-60">
            {t("offer.button")}
          </button>
        </>
      )}
      <p role={note?.ok === false ? "alert" : "status"} className={`mt-2 ${note?.ok === false ? "text-red-800" : "text-ink"}`}>
        {note?.text ?? ""}
      </p>
    </section>
  );
}
