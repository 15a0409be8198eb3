// The headcount and the trays: each tray says how many it serves, a stepper sets how many of it, and one
// tap fills that tray for the whole headcount; the summary says whom the trays feed and what they cost.
import { cateringTotals, traysToServe } from "../../domain/catering";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { cateringWords } from "../../domain/i18n/ui/catering";
import { INPUT_CLASS } from "../../lib/formStyles";
import type { CateringMenu } from "./types";

interface Props {
  locale: Locale;
  menu: CateringMenu;
  headcount: number;
  onHeadcount: (people: number) => void;
  quantities: Record<string, number>;
  onQuantity: (slug: string, quantity: number) => void;
}

const STEP = "h-11 w-11 rounded-full border border-stone-400 text-xl font-bold disabled:opacity-40";

export default function TrayPicker({ locale, menu, headcount, onHeadcount, quantities, onQuantity }: Props) {
  const t = translator(cateringWords, locale);
  const chosen = menu.trays.map((tray) => ({ tray: { id: 0, serves: tray.serves, priceCents: tray.priceCents }, quantity: quantities[tray.slug] ?? 0 }));
  const totals = cateringTotals(chosen);
  return (
    <div>
      <div className="flex items-end gap-3">
        <label className="block">
          <span className="block font-semibold">{t("headcount.label")}</span>
          <input
            className={`${INPUT_CLASS} w-28`}
            type="number"
            inputMode="numeric"
            min={menu.rules.minPeople}
            max={500}
            value={headcount}
            onChange={(event) => onHeadcount(Math.max(0, Math.min(500, Number(event.target.value) || 0)))}
          />
        </label>
        <button type="button" className={STEP} aria-label={t("headcount.less")} onClick={() => onHeadcount(Math.max(1, headcount - 1))}>−</button>
        <button type="button" className={STEP} aria-label={t("headcount.more")} onClick={() => onHeadcount(Math.min(500, headcount + 1))}>+</button>
      </div>
      <h2 className="mt-8 font-display text-2xl font-bold">{t("trays.heading")}</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2">
        {menu.trays.map((tray) => {
          const quantity = quantities[tray.slug] ?? 0;
          const fill = traysToServe(tray.serves, headcount);
          return (
            <li key={tray.slug} className="rounded-xl border border-stone-300 bg-white p-4">
              <h3 className="text-lg font-bold">{tray.name}</h3>
              <p className="text-sm text-stone-700">{tray.description}</p>
              <p className="mt-1 font-semibold">
                {t("tray.serves", tray.serves)} · {localPrice(tray.priceCents, locale)}
              </p>
              <div className="mt-3 flex items-center gap-3">
                <button type="button" className={STEP} aria-label={t("tray.fewer", tray.name)} disabled={quantity === 0} onClick={() => onQuantity(tray.slug, quantity - 1)}>−</button>
                <output aria-label={t("tray.quantity", tray.name)} className="min-w-8 text-center text-lg font-bold">{quantity}</output>
                <button type="button" className={STEP} aria-label={t("tray.more", tray.name)} onClick={() => onQuantity(tray.slug, quantity + 1)}>+</button>
                <button type="button" className="text-sm font-semibold text-orange-800 underline" onClick={() => onQuantity(tray.slug, fill)}>
                  {t("tray.fill", fill)}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 rounded-xl bg-stone-100 p-4" aria-live="polite">
        <p>{t("summary.serves", totals.serves, headcount)}</p>
        <dl className="mt-2 grid grid-cols-2 gap-1">
          <dt>{t("summary.subtotal")}</dt>
          <dd className="text-right">{localPrice(totals.subtotalCents, locale)}</dd>
          <dt>{t("summary.tax")}</dt>
          <dd className="text-right">{localPrice(totals.taxCents, locale)}</dd>
          <dt className="font-bold">{t("summary.total")}</dt>
          <dd className="text-right font-bold">{localPrice(totals.totalCents, locale)}</dd>
        </dl>
        {totals.subtotalCents < menu.rules.minCents && <p className="mt-2 text-sm">{t("summary.minimum", localPrice(menu.rules.minCents, locale))}</p>}
      </div>
    </div>
  );
}
