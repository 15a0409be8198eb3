// The staff's time: the Hours tab (weekly ranges per kitchen section, special dates, lead times, each
// slot's capacity and each dish's kitchen weight). Every save goes to /api/admin/hours, which purges the
// pages showing hours. The header's pause control is in ./OrderingControl.
import { useEffect, useState } from "react";
import { WEEKDAY_NAMES } from "../../domain/hours";
import type { Capacities, DishWeight } from "../../domain/kitchenLoad";
import { KITCHEN_SECTIONS, SECTION_NAMES, type KitchenSection, type TimeRange } from "../../domain/schedule";
import type { SpecialDateWithSpanish } from "../../domain/scheduleSpanish";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { loadHours, type HoursAnswer } from "./hoursApi";
import { dangerButton, failed, inputClass, primaryButton, secondaryButton } from "./shared";


/** Monday first, as the restaurant's week reads. */
const DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

const toClock = (minutes: number) =>
  minutes >= 24 * 60 ? "23:59" : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const fromClock = (text: string) => {
  const [h, m] = text.split(":").map(Number) as [number, number];
  // 23:59 stands for midnight: a range may run to the end of the day.
  return h === 23 && m === 59 ? 24 * 60 : h * 60 + m;
};

function RangesEditor({
  label,
  ranges,
  onChange,
}: {
  label: string;
  ranges: readonly TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
}) {
  const set = (index: number, change: Partial<TimeRange>) => onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  return (
    <div className="flex flex-wrap items-center gap-2">
      {ranges.length === 0 && <span className="text-sm text-stone-600">Closed</span>}
      {ranges.map((range, index) => (
        <span key={index} className="flex items-center gap-1">
          <input
            type="time"
            step={900}
            aria-label={`${label} opens${ranges.length > 1 ? ` (${index + 1})` : ""}`}
            className={inputClass}
            value={toClock(range.opens)}
            onChange={(event) => event.target.value && set(index, { opens: fromClock(event.target.value) })}
          />
          <span aria-hidden="true">-</span>
          <input
            type="time"
            step={900}
            aria-label={`${label} closes${ranges.length > 1 ? ` (${index + 1})` : ""}`}
            className={inputClass}
            value={toClock(range.closes)}
            onChange={(event) => event.target.value && set(index, { closes: fromClock(event.target.value) })}
          />
          <button type="button" className={secondaryButton} aria-label={`Remove ${label} range ${index + 1}`} onClick={() => onChange(ranges.filter((_, i) => i !== index))}>
            Remove
          </button>
        </span>
      ))}
      <button
        type="button"
        className={secondaryButton}
        aria-label={`Add a range to ${label}`}
        onClick={() => onChange([...ranges, ranges.length ? { opens: ranges[ranges.length - 1]!.closes, closes: 24 * 60 } : { opens: 9 * 60, closes: 15 * 60 }])}
      >
        Add range
      </button>
    </div>
  );
}

export function HoursTab() {
  const [answer, setAnswer] = useState<HoursAnswer | null>(null);
  const [weekly, setWeekly] = useState<Record<KitchenSection, TimeRange[][]> | null>(null);
  const [specials, setSpecials] = useState<SpecialDateWithSpanish[]>([]);
  const [lead, setLead] = useState({ pickup: 15, delivery: 45 });
  const [capacities, setCapacities] = useState<Capacities | null>(null);
  const [saving, setSaving] = useState(false);

  const show = (next: HoursAnswer) => {
    setAnswer(next);
    setWeekly({
      "jealous-fork": next.schedule.weekly["jealous-fork"].map((day) => [...day]),
      "jealous-burger": next.schedule.weekly["jealous-burger"].map((day) => [...day]),
    });
    setSpecials(next.schedule.specialDates.map((special) => ({ ...special })));
    setLead(next.schedule.leadMinutes);
    setCapacities(next.capacities);
  };

  useEffect(() => {
    loadHours().then(show, (error: unknown) => failed("Hours could not be loaded", error));
  }, []);

  if (!answer || !weekly || !capacities) return <p>Loading hours...</p>;

  async function save() {
    setSaving(true);
    try {
      show(
        await apiRequest<HoursAnswer>("/api/admin/hours", {
          method: "PUT",
          body: { weekly, specialDates: specials, leadMinutes: lead, capacities },
        }),
      );
      toast({ title: "Hours Saved", description: "The site and ordering follow the new hours now." });
    } catch (error) {
      failed("Hours Not Saved", error);
    } finally {
      setSaving(false);
    }
  }

  async function setWeight(dish: DishWeight, kitchenWeight: number) {
    try {
      await apiRequest(`/api/admin/hours/dishes/${dish.id}`, { method: "PATCH", body: { kitchenWeight } });
      setAnswer({ ...answer!, dishes: answer!.dishes.map((d) => (d.id === dish.id ? { ...d, kitchenWeight } : d)) });
    } catch (error) {
      failed("Weight Not Saved", error);
    }
  }

  return (
    <div className="grid gap-8">
      {KITCHEN_SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`hours-${section}`}>
          <h2 id={`hours-${section}`} className="text-lg font-semibold">{SECTION_NAMES[section]} hours</h2>
          <div className="mt-2 grid gap-2">
            {DAYS.map((day) => (
              <div key={day} className="grid items-center gap-2 sm:grid-cols-[8rem_1fr]">
                <span className="font-medium">{WEEKDAY_NAMES[day]}</span>
                <RangesEditor
                  label={`${SECTION_NAMES[section]} ${WEEKDAY_NAMES[day]}`}
                  ranges={weekly[section][day] ?? []}
                  onChange={(ranges) => setWeekly({ ...weekly, [section]: weekly[section].map((r, i) => (i === day ? ranges : r)) })}
                />
              </div>
            ))}
          </div>
        </section>
      ))}

      <section aria-labelledby="special-dates">
        <h2 id="special-dates" className="text-lg font-semibold">Special dates</h2>
        <p className="text-sm text-stone-600">
          A holiday closure or changed hours; the note is shown on the home page, the menu and the checkout. Its Spanish (Español) shows
          on the Spanish pages; without it they show the English.
        </p>
        <div className="mt-2 grid gap-3">
          {specials.map((special, index) => {
            const change = (next: Partial<SpecialDateWithSpanish>) => setSpecials(specials.map((s, i) => (i === index ? { ...s, ...next } : s)));
            return (
              <div key={index} className="flex flex-wrap items-center gap-2 rounded-md border border-stone-200 p-2">
                <input type="date" aria-label={`Special date ${index + 1} from`} className={inputClass} value={special.from} onChange={(e) => change({ from: e.target.value, to: special.to < e.target.value ? e.target.value : special.to })} />
                <input type="date" aria-label={`Special date ${index + 1} to`} className={inputClass} value={special.to} onChange={(e) => change({ to: e.target.value })} />
                <input type="text" aria-label={`Special date ${index + 1} note`} placeholder="Closed for Thanksgiving" className={inputClass} value={special.note} maxLength={140} onChange={(e) => change({ note: e.target.value })} />
                <input type="text" lang="es" aria-label={`Special date ${index + 1} note in Spanish (Español)`} placeholder="Español: Cerrado por Acción de Gracias" className={inputClass} value={special.noteEs} maxLength={140} onChange={(e) => change({ noteEs: e.target.value })} />
                <RangesEditor label={`Special date ${index + 1}`} ranges={special.hours} onChange={(hours) => change({ hours })} />
                <button type="button" className={dangerButton} onClick={() => setSpecials(specials.filter((_, i) => i !== index))}>Delete date</button>
              </div>
            );
          })}
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              const today = answer.now.slice(0, 10);
              setSpecials([...specials, { from: today, to: today, hours: [], note: "", noteEs: "" }]);
            }}
          >
            Add special date
          </button>
        </div>
      </section>

      <section aria-labelledby="pacing" className="grid gap-3">
        <h2 id="pacing" className="text-lg font-semibold">Lead times and kitchen pacing</h2>
        <div className="flex flex-wrap gap-4">
          {(["pickup", "delivery"] as const).map((kind) => (
            <label key={kind} className="grid gap-1 text-sm font-medium">
              {kind === "pickup" ? "Pickup" : "Delivery"} lead time (minutes)
              <input type="number" min={0} max={240} className={inputClass} value={lead[kind]} onChange={(e) => setLead({ ...lead, [kind]: Number(e.target.value) })} />
            </label>
          ))}
        </div>
        <p className="text-sm text-stone-600">Kitchen weight each 15 minutes can take (a dish weighs 1 unless set below).</p>
        <div className="flex flex-wrap gap-4">
          {KITCHEN_SECTIONS.flatMap((section) =>
            (["pickup", "delivery"] as const).map((kind) => (
              <label key={`${section}-${kind}`} className="grid gap-1 text-sm font-medium">
                {SECTION_NAMES[section]} {kind} per 15 minutes
                <input
                  type="number"
                  min={0}
                  max={10000}
                  className={inputClass}
                  value={capacities[section][kind]}
                  onChange={(e) => setCapacities({ ...capacities, [section]: { ...capacities[section], [kind]: Number(e.target.value) } })}
                />
              </label>
            )),
          )}
        </div>
      </section>

      <div>
        <button type="button" className={primaryButton} disabled={saving} onClick={() => void save()}>
          {saving ? "Saving..." : "Save hours"}
        </button>
      </div>

      <details>
        <summary className="cursor-pointer text-lg font-semibold">Kitchen weight of each dish</summary>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {answer.dishes
            .filter((dish) => dish.section !== "beverages")
            .map((dish) => (
              <li key={dish.id} className="flex items-center justify-between gap-2">
                <span>{dish.name}</span>
                <input
                  type="number"
                  min={0}
                  max={100}
                  aria-label={`${dish.name} kitchen weight`}
                  className={`${inputClass} w-20`}
                  defaultValue={dish.kitchenWeight}
                  onBlur={(e) => Number(e.target.value) !== dish.kitchenWeight && void setWeight(dish, Number(e.target.value))}
                />
              </li>
            ))}
        </ul>
      </details>
    </div>
  );
}
