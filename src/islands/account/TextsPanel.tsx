// The account page's choice of texts about orders (shown only when the restaurant can text): a US mobile
// number proven by a texted code, then where the texts go and how to stop them.
import { useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { orderTextWords } from "../../domain/i18n/ui/orderTexts";
import { apiRequest } from "../../lib/api";
import { PanelNote, PhoneProofForms, usePanelActions } from "./PhoneProof";

interface TextChoice {
  available: boolean;
  phone: string | null;
}

const QUIET = "rounded-lg border border-stone-400 px-4 py-2 font-semibold hover:bg-stone-100 disabled:opacity-60";

export default function TextsPanel({ locale }: { locale: Locale }) {
  const t = translator(orderTextWords, locale);
  const [choice, setChoice] = useState<TextChoice | null>(null);
  const { busy, note, act } = usePanelActions(t("failed"));

  useEffect(() => {
    apiRequest<TextChoice>("/api/account/texts").then(setChoice, () => setChoice({ available: false, phone: null }));
  }, []);

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
          <button
            type="button"
            className={`${QUIET} mt-3`}
            disabled={busy}
            onClick={() =>
              act(null, async () => {
                setChoice(await apiRequest<TextChoice>("/api/account/texts", { method: "DELETE" }));
                return t("stopped");
              })
            }
          >
            {t("off")}
          </button>
        </>
      ) : (
        <PhoneProofForms
          id="texts"
          words={{ phoneLabel: t("phone.label"), send: t("phone.send"), codeLabel: t("code.label"), check: t("code.check") }}
          busy={busy}
          act={act}
          send={async (phone) => {
            await apiRequest("/api/account/texts/phone", { body: { phone } });
            return { sent: true, said: t("phone.sent", phone) };
          }}
          check={async (phone, code) => {
            setChoice(await apiRequest<TextChoice>("/api/account/texts/code", { body: { phone, code } }));
          }}
        />
      )}
      <PanelNote note={note} />
    </section>
  );
}
