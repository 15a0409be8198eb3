// The account page's choice of texts about orders (shown only when the restaurant can text): a US mobile
// number proven by a texted code, then where the texts go and how to stop them.
import { useEffect, useState, type FormEvent } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { orderTextWords } from "../../domain/i18n/ui/orderTexts";
import { ApiError, apiRequest } from "../../lib/api";

interface TextChoice {
  available: boolean;
  phone: string | null;
}

const BUTTON = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const QUIET = "rounded-lg border border-stone-400 px-4 py-2 font-semibold hover:bg-stone-100 disabled:opacity-60";
const INPUT = "mt-1 block w-full max-w-xs rounded-lg border border-stone-400 bg-white px-3 py-2";

export default function TextsPanel({ locale }: { locale: Locale }) {
  const t = translator(orderTextWords, locale);
  const [choice, setChoice] = useState<TextChoice | null>(null);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    apiRequest<TextChoice>("/api/account/texts").then(setChoice, () => setChoice({ available: false, phone: null }));
  }, []);

  async function act(event: FormEvent | null, work: () => Promise<string | undefined>) {
    event?.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const done = await work();
      if (done) setNote({ ok: true, text: done });
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("failed") });
    } finally {
      setBusy(false);
    }
  }

  if (!choice?.available) return null;
  return (
    <section aria-labelledby="account-texts">
      <h2 id="account-texts" className="font-display text-2xl font-bold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-stone-700">{t("lead")}</p>
      {choice.phone ? (
        <>
          <p className="mt-2">{t("on", choice.phone)}</p>
          <button type="button" className={`${QUIET} mt-3`} disabled={busy} onClick={() => act(null, async () => (setChoice(await apiRequest<TextChoice>("/api/account/texts", { method: "DELETE" })), t("stopped")))}>
            {t("off")}
          </button>
        </>
      ) : codeSent ? (
        <form className="mt-3" onSubmit={(e) => act(e, async () => (setChoice(await apiRequest<TextChoice>("/api/account/texts/code", { body: { phone, code } })), undefined))}>
          <label className="block font-semibold" htmlFor="texts-code">
            {t("code.label")}
          </label>
          <input id="texts-code" className={INPUT} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          <button type="submit" className={`${BUTTON} mt-3`} disabled={busy}>
            {t("code.check")}
          </button>
        </form>
      ) : (
        <form
          className="mt-3"
          onSubmit={(e) =>
            act(e, async () => {
              await apiRequest("/api/account/texts/phone", { body: { phone } });
              setCodeSent(true);
              return t("phone.sent", phone);
            })
          }
        >
          <label className="block font-semibold" htmlFor="texts-phone">
            {t("phone.label")}
          </label>
          <input id="texts-phone" className={INPUT} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
          <button type="submit" className={`${BUTTON} mt-3`} disabled={busy}>
            {t("phone.send")}
          </button>
        </form>
      )}
      <p role={note?.ok === false ? "alert" : "status"} className={`mt-2 ${note?.ok === false ? "text-red-800" : "text-ink"}`}>
        {note?.text ?? ""}
      </p>
    </section>
  );
}
