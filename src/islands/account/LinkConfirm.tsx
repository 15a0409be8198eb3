// The question a sign-in link asks when opened in a browser that did not ask for it (or over another diner's
// session): nothing is opened until the diner says yes, so a stranger's link cannot sign a diner in as the
// stranger, and a signed-in diner is never swapped for someone else without choosing it.
import { useEffect, useId, useRef } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";

const BUTTON = "rounded-lg px-4 py-3 font-semibold disabled:opacity-60";

export default function LinkConfirm({ locale, email, busy, onYes, onNo }: { locale: Locale; email: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const t = translator(accountWords, locale);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The question replaces "Signing you in…": a screen reader hears it at once.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 grid gap-4 sm:max-w-md">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="font-display text-2xl font-bold">
        {t("confirm.question", email)}
      </h2>
      <p className="text-stone-700">{t("confirm.lead")}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={busy} onClick={onYes} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
          {t("confirm.yes")}
        </button>
        <button type="button" disabled={busy} onClick={onNo} className={`${BUTTON} border border-stone-400 bg-white text-ink hover:bg-stone-100`}>
          {t("confirm.no")}
        </button>
      </div>
    </section>
  );
}
