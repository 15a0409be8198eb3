// The account page's rewards points (shown only while the restaurant's Square Loyalty program is on): prove
// a phone with a texted code, join with the terms shown in the diner's language, then the balance (negative
// as Square keeps it) and the rewards the points buy.
import { useEffect, useState, type FormEvent } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { loyaltyUiWords, pointsWords } from "../../domain/loyaltyUiWords";
import { ApiError } from "../../lib/api";
import { checkCode, joinProgram, loadLoyalty, sendCode, type LoyaltyView } from "./loyaltyApi";

const BUTTON = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const INPUT = "mt-1 block w-full max-w-xs rounded-lg border border-stone-400 bg-white px-3 py-2";

export default function LoyaltyPanel({ locale }: { locale: Locale }) {
  const t = translator(loyaltyUiWords, locale);
  const [view, setView] = useState<LoyaltyView | null>(null);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const refresh = () => loadLoyalty().then(setView, () => setView({ available: false }));
  useEffect(() => {
    void refresh();
  }, []);

  async function act(event: FormEvent | null, work: () => Promise<unknown>, done?: string) {
    event?.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      await work();
      if (done) setNote({ ok: true, text: done });
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("failed") });
    } finally {
      setBusy(false);
    }
  }

  if (!view?.available) return null;
  const tiers = view.tiers ?? [];
  return (
    <section aria-labelledby="account-loyalty">
      <h2 id="account-loyalty" className="font-display text-2xl font-bold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-stone-700">{t("lead")}</p>

      {!view.phone ? (
        codeSent ? (
          <form className="mt-3" onSubmit={(e) => act(e, async () => ((await checkCode(phone, code)).proven ? refresh() : undefined))}>
            <label className="block font-semibold" htmlFor="loyalty-code">
              {t("code.label")}
            </label>
            <input id="loyalty-code" className={INPUT} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            <button type="submit" className={`${BUTTON} mt-3`} disabled={busy}>
              {t("code.check")}
            </button>
          </form>
        ) : (
          <form
            className="mt-3"
            onSubmit={(e) =>
              act(e, async () => {
                if ((await sendCode(phone)).proven) return refresh();
                setCodeSent(true);
                setNote({ ok: true, text: t("phone.sent", phone) });
              })
            }
          >
            <label className="block font-semibold" htmlFor="loyalty-phone">
              {t("phone.label")}
            </label>
            <input id="loyalty-phone" className={INPUT} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
            <button type="submit" className={`${BUTTON} mt-3`} disabled={busy}>
              {t("phone.send")}
            </button>
          </form>
        )
      ) : (
        <p className="mt-2">{t("phone.proven", view.phone)}</p>
      )}

      {view.phone && !view.member ? (
        <form className="mt-3 rounded-lg border border-stone-200 bg-white p-3" onSubmit={(e) => act(e, async () => setView(await joinProgram()))}>
          <h3 className="font-semibold">{t("join.heading")}</h3>
          <p className="mt-1 text-stone-700">{view.terms}</p>
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            {t("join.agree")}
          </label>
          <button type="submit" className={`${BUTTON} mt-3`} disabled={busy || !agreed}>
            {t("join.button")}
          </button>
        </form>
      ) : null}

      {view.member ? <p className="mt-2 text-lg font-semibold">{t("balance", pointsWords(view.balance ?? 0, locale))}</p> : null}

      {tiers.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">{t("tiers.heading")}</h3>
          <ul className="mt-1 grid gap-1">
            {tiers.map((tier) => (
              <li key={tier.id}>{t("tier", pointsWords(tier.points, locale), tier.name)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p role={note?.ok === false ? "alert" : "status"} className={`mt-2 ${note?.ok === false ? "text-red-800" : "text-ink"}`}>
        {note?.text ?? ""}
      </p>
    </section>
  );
}
