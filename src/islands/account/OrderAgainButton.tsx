// One tap to order a past order again: the cart is rebuilt by the server from today's menu and the
// checkout opens, filled. When nothing of it can be had today, the notices say why, here.
import { useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { orderAgain } from "./orderAgain";
import ReorderNotices from "./ReorderNotices";
import type { ReorderNotice } from "./savedApi";

interface Props {
  orderId: string;
  orderNumber: string;
  locale: Locale;
  /** The button's look: the home strip's main action, or the history's quieter one. */
  strong?: boolean;
}

export default function OrderAgainButton({ orderId, orderNumber, locale, strong = false }: Props) {
  const t = translator(savedWords, locale);
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState<ReorderNotice[] | null>(null);
  const [failed, setFailed] = useState(false);

  async function go() {
    setBusy(true);
    setFailed(false);
    try {
      const notices = await orderAgain(orderId, orderNumber, locale);
      if (notices === "kept") setBusy(false);
      else if (notices) {
        setLeft(notices);
        setBusy(false);
      }
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  const look = strong ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-stone-400 bg-white text-ink hover:bg-stone-100";
  return (
    <div className="grid gap-2">
      <button type="button" disabled={busy} onClick={() => void go()} aria-label={t("again.buttonFor", orderNumber)} className={`min-h-11 rounded-lg px-4 py-2 font-semibold disabled:opacity-60 ${look}`}>
        {busy ? t("again.working") : t("again.button")}
      </button>
      {left ? (
        <>
          <p role="alert" className="text-red-800">
            {t("again.nothing")}
          </p>
          <ReorderNotices notices={left} locale={locale} />
        </>
      ) : null}
      {failed ? (
        <p role="alert" className="text-red-800">
          {t("again.failed")}
        </p>
      ) : null}
    </div>
  );
}
