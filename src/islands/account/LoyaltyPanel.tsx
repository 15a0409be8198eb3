// The account page's rewards points (shown only while the restaurant's Square Loyalty program is on): prove
// a phone with a texted code, join with the terms shown in the diner's language, then the balance (negative
// as Square keeps it) and the rewards the points buy.
import { useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { loyaltyUiWords, pointsWords } from "../../domain/loyaltyUiWords";
import { checkCode, joinProgram, loadLoyalty, sendCode, type LoyaltyView } from "./loyaltyApi";
import { BUTTON, PanelNote, PhoneProofForms, usePanelActions } from "./PhoneProof";


export default function LoyaltyPanel({ locale }: { locale: Locale }) {
  const t = translator(loyaltyUiWords, locale);
  const [view, setView] = useState<LoyaltyView | null>(null);
  const [agreed, setAgreed] = useState(false);
  const { busy, note, act } = usePanelActions(t("failed"));

  const refresh = () => loadLoyalty().then(setView, () => setView({ available: false }));
  useEffect(() => {
    void refresh();
  }, []);

  if (!view?.available) return null;
  const tiers = view.tiers ?? [];
  return (
    <section aria-labelledby="account-loyalty">
      <h2 id="account-loyalty" className="font-display text-2xl font-bold">
        {t("heading")}
      </h2>
      <p className="mt-1 text-stone-700">{t("lead")}</p>

      {!view.phone ? (
        <PhoneProofForms
          id="loyalty"
          words={{ phoneLabel: t("phone.label"), send: t("phone.send"), codeLabel: t("code.label"), check: t("code.check") }}
          busy={busy}
          act={act}
          send={async (phone) => {
            // A phone proven before needs no code: the panel moves on.
            if (!(await sendCode(phone)).proven) return { sent: true, said: t("phone.sent", phone) };
            await refresh();
            return { sent: false };
          }}
          check={async (phone, code) => {
            if ((await checkCode(phone, code)).proven) await refresh();
          }}
        />
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
      <PanelNote note={note} />
    </section>
  );
}
