// The checkout's "When?": as soon as possible (with the kitchen's real time, when it serves now) or a
// 15-minute time of the next 7 days at which every dish of the cart is served and the kitchen has room,
// as GET /api/schedule offers them. A paused kitchen shows the staff's message and nothing to choose.
import { useEffect, useId, useState } from "react";
import { useStore } from "@nanostores/react";
import type { OrderType } from "../../domain/orderReadModel";
import { apiRequest } from "../../lib/api";
import { INPUT_CLASS } from "../../lib/formStyles";
import { $orderFor, setOrderFor } from "../../stores/orderTime";

interface OfferedSlot {
  at: string;
  date: string;
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
}

export default function WhenStep({ items, orderType, specialDates, onProblem }: Props) {
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
    if (offered.paused) {
      onProblem(offered.paused.message);
      return;
    }
    if (!offered.asap && !offered.slots.length) {
      onProblem("There is no time left to order for in the next 7 days. Please call us.");
      return;
    }
    onProblem(null);
    const stillOffered = offered.slots.some((slot) => slot.at === chosen);
    if (chosen && !stillOffered) setOrderFor(offered.asap ? "" : offered.slots[0]!.at);
    else if (!chosen && !offered.asap) setOrderFor(offered.slots[0]!.at);
  }, [offered, chosen, onProblem]);

  const days = new Map<string, OfferedSlot[]>();
  for (const slot of offered?.slots ?? []) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  const later = chosen !== "" || !offered?.asap;

  return (
    <fieldset className="space-y-3">
      <legend className="font-display text-xl font-bold">When?</legend>
      {failed && <p role="alert">We could not load the times just now. Please reload the page.</p>}
      {offered?.paused && (
        <p role="alert" className="rounded-lg bg-amber-100 px-4 py-3 font-semibold text-ink">
          {offered.paused.message}
        </p>
      )}
      {/* While the times load, the same two choices stand (disabled), so nothing below moves when they arrive. */}
      {!failed && !offered?.paused && (
        <>
          {(offered?.specialDates ?? specialDates).map((special) => (
            <p key={special.from} className="text-sm text-stone-700">
              {special.note || "Special hours"} ({special.from === special.to ? special.from : `${special.from} - ${special.to}`})
            </p>
          ))}
          <label className="flex items-center gap-2">
            <input type="radio" name="when" checked={offered !== null && !later} disabled={!offered?.asap} onChange={() => setOrderFor("")} />
            {/* The time on a line of its own: beside the words it wrapped on a phone, one line taller than "Loading times...". */}
            <span>
              <span className="block font-semibold">As soon as possible</span>
              <span className="block text-sm text-stone-600">{!offered ? "Loading times..." : offered.asap ? offered.asap.label : "(we are closed right now)"}</span>
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
            <span className="font-semibold">Schedule for later</span>
          </label>
          {offered && later && offered.slots.length > 0 && (
            <div>
              <label htmlFor={selectId} className="block text-sm font-semibold">
                Time
              </label>
              <select id={selectId} className={INPUT_CLASS} value={chosen} onChange={(event) => setOrderFor(event.target.value)}>
                {[...days].map(([date, slots]) => (
                  <optgroup key={date} label={slots[0]!.label.split(" at ")[0]}>
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
