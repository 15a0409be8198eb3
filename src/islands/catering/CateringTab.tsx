// The console's Catering tab (the owner): the rules (minimums, notice, trays per day), the trays with what
// each serves, its price and its Spanish. The coming events are in the Orders tab (./CateringEvents.tsx).
// Saves go to PUT /api/admin/catering and into the activity log; the page reads them at once.
import { useEffect, useState, type FormEvent } from "react";
import type { CateringRules, CateringTray } from "../../domain/catering";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed, inputClass, primaryButton } from "../admin/shared";

type Tray = CateringTray;
interface Answer {
  setup: { enabled: boolean; rules: CateringRules; trays: Tray[] };
}

const RULES: [keyof Omit<CateringRules, "terms">, string][] = [
  ["minPeople", "Fewest people"],
  ["minCents", "Smallest order (cents, before tax)"],
  ["noticeHours", "Notice (hours)"],
  ["smallNoticeHours", "Notice for a small event (hours)"],
  ["smallMaxPeople", "A small event: people at most"],
  ["traysPerDay", "Trays per event day"],
];
export function CateringTab() {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    apiRequest<Answer>("/api/admin/catering").then(setAnswer, (error) => failed("Could not load catering", error));
  }, []);
  if (!answer) return <p>Loading catering...</p>;
  const { rules, trays, enabled } = answer.setup;
  const setRules = (change: Partial<CateringRules>) => setAnswer({ ...answer, setup: { ...answer.setup, rules: { ...rules, ...change } } });
  const setTray = (index: number, change: Partial<Tray>) => setAnswer({ ...answer, setup: { ...answer.setup, trays: trays.map((tray, i) => (i === index ? { ...tray, ...change } : tray)) } });

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await apiRequest<Answer>("/api/admin/catering", {
        method: "PUT",
        body: { enabled, rules, trays: trays.filter((tray) => tray.available).map(({ slug, name, description, serves, priceCents }) => ({ slug, name, description, serves, priceCents })) },
      });
      setAnswer({ ...answer, setup: saved.setup });
      toast({ title: "Saved", description: "The catering page shows the change at once." });
    } catch (error) {
      failed("Could not save catering", error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-8">
      <form onSubmit={(event) => void save(event)} className="grid gap-6">
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-bold">Rules</legend>
          <label className="flex items-center gap-2 sm:col-span-3">
            <input type="checkbox" checked={enabled} onChange={(e) => setAnswer({ ...answer, setup: { ...answer.setup, enabled: e.target.checked } })} />
            Take catering orders online
          </label>
          {RULES.map(([key, label]) => (
            <label key={key} className="grid gap-1 text-sm">
              <span className="font-semibold">{label}</span>
              <input type="number" min={0} required className={inputClass} value={rules[key]} onChange={(e) => setRules({ [key]: Number(e.target.value) })} />
            </label>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-bold">Cancellation terms (shown before paying; booked orders keep theirs)</legend>
          {rules.terms.map((term, index) => (
            <div key={index} className="grid grid-cols-2 gap-2 rounded-lg border border-stone-300 p-3">
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">Hours before, at least</span>
                <input type="number" min={0} required className={inputClass} value={term.hoursBefore} onChange={(e) => setRules({ terms: rules.terms.map((each, i) => (i === index ? { ...each, hoursBefore: Number(e.target.value) } : each)) })} />
              </label>
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">Refund (%)</span>
                <input type="number" min={0} max={100} required className={inputClass} value={term.refundPercent} onChange={(e) => setRules({ terms: rules.terms.map((each, i) => (i === index ? { ...each, refundPercent: Number(e.target.value) } : each)) })} />
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-bold">Trays</legend>
          {trays.map((tray, index) => (
            <div key={tray.slug} className="grid gap-2 rounded-lg border border-stone-300 p-3 sm:grid-cols-4">
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">Name</span>
                <input required className={inputClass} value={tray.name.en} onChange={(e) => setTray(index, { name: { ...tray.name, en: e.target.value } })} />
              </label>
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">Spanish name</span>
                <input required lang="es" className={inputClass} value={tray.name.es} onChange={(e) => setTray(index, { name: { ...tray.name, es: e.target.value } })} />
              </label>
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">Serves</span>
                <input type="number" min={1} max={200} required className={inputClass} value={tray.serves} onChange={(e) => setTray(index, { serves: Number(e.target.value) })} />
              </label>
              <label className="grid gap-1 text-sm">
                <span className="font-semibold">Price (cents)</span>
                <input type="number" min={100} required className={inputClass} value={tray.priceCents} onChange={(e) => setTray(index, { priceCents: Number(e.target.value) })} />
              </label>
              <label className="flex items-center gap-2 text-sm sm:col-span-4">
                <input type="checkbox" checked={tray.available} onChange={(e) => setTray(index, { available: e.target.checked })} />
                On the catering menu
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className={primaryButton} disabled={saving}>{saving ? "Saving..." : "Save catering"}</button>
      </form>
    </div>
  );
}
