// The site-wide budgets of costly things (GET/PUT /api/admin/budgets): the banner an owner sees after a
// budget was spent in the last day (texts stopped, or sign-in links stopped, for the rest of that hour),
// and the System tab's form where the owner sets texts and sign-in links an hour, and order texts a month.
import { useEffect, useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed, inputClass, secondaryButton } from "./shared";

interface BudgetsView {
  textsPerHour: number;
  textsSentThisHour: number;
  textsPerMonth: number;
  textsSentThisMonth: number;
  linksPerHour: number;
  alarms: { budget: string; limit: number; windowStart: string; raisedAt: string }[];
}

const WHAT: Record<string, string> = { texts: "texts", "texts-month": "order texts", "sign-in-links": "sign-in links" };
const time = (iso: string) => new Date(iso).toLocaleString("en-US", { timeZone: "America/New_York", weekday: "short", hour: "numeric", minute: "2-digit" });

function useBudgets(): [BudgetsView | null, (view: BudgetsView) => void] {
  const [view, setView] = useState<BudgetsView | null>(null);
  useEffect(() => {
    // Staff (not owners) are refused: they see neither the banner nor the form.
    apiRequest<BudgetsView>("/api/admin/budgets").then(setView, () => undefined);
  }, []);
  return [view, setView];
}

/** One line per budget spent in the last day, in view above the tabs. */
export function BudgetAlarmBanner() {
  const [view] = useBudgets();
  if (!view || view.alarms.length === 0) return null;
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
      {view.alarms.map((alarm) => (
        <p key={`${alarm.budget}-${alarm.windowStart}`}>
          {alarm.budget === "texts-month"
            ? `The month's budget of ${alarm.limit} order texts was spent at ${time(alarm.raisedAt)}: order news goes by e-mail until the month is over. The budget is in the System tab.`
            : `The website's budget of ${alarm.limit} ${WHAT[alarm.budget] ?? alarm.budget} an hour was spent at ${time(alarm.raisedAt)}: no more were sent until the hour was over. Someone may be abusing the form; the limit is in the System tab.`}
        </p>
      ))}
    </div>
  );
}

/** The owner's form: texted codes and sign-in links the whole site sends in an hour. */
export function SiteBudgetsSettings() {
  const [view, setView] = useBudgets();
  const [texts, setTexts] = useState("");
  const [links, setLinks] = useState("");
  const [month, setMonth] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!view) return;
    setTexts(String(view.textsPerHour));
    setLinks(String(view.linksPerHour));
    setMonth(String(view.textsPerMonth));
  }, [view]);
  if (!view) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await apiRequest<BudgetsView>("/api/admin/budgets", { method: "PUT", body: { textsPerHour: Number(texts), textsPerMonth: Number(month), linksPerHour: Number(links) } });
      setView(saved);
      toast({ title: "Saved", description: `At most ${saved.textsPerHour} texts and ${saved.linksPerHour} sign-in links an hour, ${saved.textsPerMonth} order texts a month.` });
    } catch (error) {
      failed("Could not save the budgets", error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="site-budgets-heading">
      <h3 id="site-budgets-heading" className="mb-3 text-lg font-semibold">Texts and sign-in links</h3>
      <form onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Texts an hour, at most</span>
          <input type="number" min={0} max={1000} step={1} required value={texts} onChange={(event) => setTexts(event.target.value)} className={`${inputClass} w-28`} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Order texts a month, at most</span>
          <input type="number" min={0} max={100000} step={1} required value={month} onChange={(event) => setMonth(event.target.value)} className={`${inputClass} w-28`} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Sign-in links an hour, at most</span>
          <input type="number" min={0} max={100000} step={1} required value={links} onChange={(event) => setLinks(event.target.value)} className={`${inputClass} w-28`} />
        </label>
        <button type="submit" className={secondaryButton} disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </form>
      <p className="mt-2 text-sm text-stone-600">
        {view.textsSentThisHour} texts this hour, {view.textsSentThisMonth} order texts this month. Each text is paid (about a cent: docs/texts.md);
        past a budget, texts pause, order news goes by e-mail, and you get an e-mail.
      </p>
    </section>
  );
}
