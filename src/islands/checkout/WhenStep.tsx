// The checkout's "When?": as soon as possible (with the kitchen's real time, when it serves now) or a
// 15-minute time of the next 7 days at which every dish of the cart is served and the kitchen has room,
// as GET /api/schedule offers them. A kitchen paused until staff resume shows the staff's message and nothing
// to choose; a timed pause offers the times after it (the page's banner says the pause).
import { useEffect, useId, useState } from "react";
import { useStore } from "@nanostores/react";
import type { OrderType } from "../../domain/orderReadModel";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { SCHEDULE_WORDS } from "../../domain/i18n/calendar";
import { promiseLabel } from "../../domain/promiseText";
import { slotLabeller } from "../../domain/slotLabels";
import { apiRequest } from "../../lib/api";
import { INPUT_CLASS } from "../../lib/formStyles";
import { $orderFor, setOrderFor } from "../../stores/orderTime";

interface OfferedSlot {
  at: string;
  date: string;
  minutes: number;
  label: string;
}

/** A special date's note (a holiday, special hours), as the schedule lists it. */
export interface SpecialDateNote {
  from: string;
  to: string;
  note: string;
}

interface Offered {
  paused: { message: string; until: string | null } | null;
  asap: { at: string; label: string } | null;
  slots: OfferedSlot[];
  specialDates: SpecialDateNote[];
}

interface Props {
  items: readonly { id: number; quantity: number }[];
  orderType: OrderType;
  /** The upcoming special dates the page was rendered with: shown before the times arrive, so nothing moves when they do. */
  specialDates: readonly SpecialDateNote[];
  /** Why the order cannot be placed for any time now (paused, nothing offered), or null. */
  onProblem: (problem: string | null) => void;
  locale?: Locale;
}

/**
 * The offered times worded in the page's language: English as the server words them; in Spanish the
 * same instants in Miami's Spanish ("Hoy a las 12:15 p. m.", "Listo hacia las 12:15 p. m."). Each slot
 * gets its day apart, for the list's groups.
 */
export function wordedTimes(offered: Offered, orderType: OrderType, locale: Locale, now: Date): { asap: string | null; slots: (OfferedSlot & { day: string })[] } {
  if (locale === "en") {
    return { asap: offered.asap?.label ?? null, slots: offered.slots.map((slot) => ({ ...slot, day: slot.label.split(" at ")[0]! })) };
  }
  const labelOf = slotLabeller(now, locale);
  return {
    asap: offered.asap ? promiseLabel(new Date(offered.asap.at), true, now, orderType, locale) : null,
    slots: offered.slots.map((slot) => {
      const { day, time } = labelOf(slot);
      return { ...slot, day, label: `${day}${SCHEDULE_WORDS[locale].at}${time}` };
    }),
  };
}

/** A special date's span: as the schedule writes it in English ("2026-12-24"), "24 de dic." in Spanish. */
function dateText(date: string, locale: Locale): string {
  if (locale === "en") return date;
  const at = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : new Intl.DateTimeFormat("es-US", { timeZone: "UTC", day: "numeric", month: "short" }).format(at);
}

export default function WhenStep({ items, orderType, specialDates, onProblem, locale = "en" }: Props) {
  const t = translator(checkoutWords, locale);
  const chosen = useStore($orderFor);
  const [offered, setOffered] = useState<Offered | null>(null);
  const [failed, setFailed] = useState(false);
  const selectId = useId();
  const cartKey = items.map((item) => `${item.id}x${item.quantity}`).join(",");

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    apiRequest<Offered>(`/api/schedule?items=${encodeURIComponent(cartKey)}&orderType=${orderType}`, { signal: controller.signal })
      .then(setOffered)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [cartKey, orderType]);

  // Keep the choice to what is offered: a time that filled up, or 'now' while the kitchen is closed.
  useEffect(() => {
    if (!offered) return;
    // A pause without a later time offered (one until staff resume) stops the order; a timed one offers its later times.
    if (offered.paused && !offered.slots.length) {
      onProblem(offered.paused.message);
      return;
    }
    if (!offered.asap && !offered.slots.length) {
      onProblem(translator(checkoutWords, locale)("when.none"));
      return;
    }
    onProblem(null);
    const stillOffered = offered.slots.some((slot) => slot.at === chosen);
    if (chosen && !stillOffered) setOrderFor(offered.asap ? "" : offered.slots[0]!.at);
    else if (!chosen && !offered.asap) setOrderFor(offered.slots[0]!.at);
  }, [offered, chosen, onProblem, locale]);

  const worded = offered ? wordedTimes(offered, orderType, locale, new Date()) : { asap: null, slots: [] };
  const days = new Map<string, (OfferedSlot & { day: string })[]>();
  for (const slot of worded.slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  const later = chosen !== "" || !offered?.asap;

  return (
    <fieldset className="space-y-3">
      <legend className="font-display text-xl font-bold">{t("when.legend")}</legend>
      {failed && <p role="alert">{t("when.failed")}</p>}
      {offered?.paused && !offered.slots.length && (
        <p role="alert" className="rounded-lg bg-amber-100 px-4 py-3 font-semibold text-ink">
          {offered.paused.message}
        </p>
      )}
      {/* While the times load, the same two choices stand (disabled), so nothing below moves when they arrive. */}
      {!failed && !(offered?.paused && !offered.slots.length) && (
        <>
          {(offered?.specialDates ?? specialDates).map((special) => (
            <p key={special.from} className="text-sm text-stone-700">
              {special.note || t("when.special")} ({special.from === special.to ? dateText(special.from, locale) : `${dateText(special.from, locale)} - ${dateText(special.to, locale)}`})
            </p>
          ))}
          <label className="flex items-center gap-2">
            <input type="radio" name="when" checked={offered !== null && !later} disabled={!offered?.asap} onChange={() => setOrderFor("")} />
            {/* The time on a line of its own: beside the words it wrapped on a phone, one line taller than "Loading times...". */}
            <span>
              <span className="block font-semibold">{t("when.asap")}</span>
              <span className="block text-sm text-stone-600">{!offered ? t("when.loading") : (worded.asap ?? t("when.closedNow"))}</span>
            </span>
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="when"
              checked={offered !== null && later}
              disabled={!offered?.slots.length}
              onChange={() => setOrderFor(offered?.slots[0]?.at ?? "")}
            />
            <span className="font-semibold">{t("when.later")}</span>
          </label>
          {offered && later && offered.slots.length > 0 && (
            <div>
              <label htmlFor={selectId} className="block text-sm font-semibold">
                {t("when.time")}
              </label>
              <select id={selectId} className={INPUT_CLASS} value={chosen} onChange={(event) => setOrderFor(event.target.value)}>
                {[...days].map(([date, slots]) => (
                  <optgroup key={date} label={slots[0]!.day}>
                    {slots.map((slot) => (
                      <option key={slot.at} value={slot.at}>
                        {slot.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
