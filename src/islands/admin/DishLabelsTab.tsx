// The Dish Labels tab: each dish's diets, what the kitchen knows of each allergen (contains it, free of
// it, or not known) and the consumer advisory for dishes that may be served undercooked. The menu's
// free-from filters show only the dishes marked free here; the count at the top is of the dishes whose
// allergens nobody has stated yet.
import { useId, useState } from "react";
import { apiRequest } from "../../lib/api";
import {
  ALLERGENS,
  allergenState,
  allergensUnknown,
  CONTAINS,
  DIET_LABELS,
  DIETARY_TEXT,
  FREE_OF,
  labelProblems,
  type Allergen,
  type AllergenState,
  type DietaryLabel,
} from "../../domain/dietaryLabels";
import { toast } from "../../stores/toasts";
import { bySection, failed, primaryButton, type AdminItem, type ItemTabProps } from "./shared";

const ALLERGEN_NAMES: Record<Allergen, string> = { gluten: "Gluten", dairy: "Dairy", nuts: "Nuts (peanuts, tree nuts)", eggs: "Eggs", shellfish: "Shellfish" };
const STATE_NAMES: Record<AllergenState, string> = { unknown: "Not known", contains: "Contains", free: "Free of it (kitchen checked)" };

/** The labels as the form holds them: the diets ticked, each allergen's state, the advisory. */
interface Draft {
  diets: DietaryLabel[];
  allergens: Record<Allergen, AllergenState>;
  cookedToOrder: boolean;
}

const draftOf = (labels: readonly DietaryLabel[]): Draft => ({
  diets: DIET_LABELS.filter((label) => labels.includes(label)),
  allergens: Object.fromEntries(ALLERGENS.map((allergen) => [allergen, allergenState(labels, allergen)])) as Record<Allergen, AllergenState>,
  cookedToOrder: labels.includes("cooked-to-order"),
});

function labelsOf(draft: Draft): DietaryLabel[] {
  const stated = ALLERGENS.flatMap((allergen) =>
    draft.allergens[allergen] === "contains" ? [CONTAINS[allergen]] : draft.allergens[allergen] === "free" ? [FREE_OF[allergen]] : [],
  );
  return [...draft.diets, ...stated, ...(draft.cookedToOrder ? (["cooked-to-order"] as const) : [])];
}

/** One line of what a dish carries, for its closed row. */
const summary = (labels: readonly DietaryLabel[]) => (labels.length ? labels.map((label) => DIETARY_TEXT[label]).join(", ") : "No labels");

function DishLabels({ item, onItemChanged }: { item: AdminItem; onItemChanged: ItemTabProps["onItemChanged"] }) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(item.dietary));
  const [saving, setSaving] = useState(false);
  const problems = labelProblems(labelsOf(draft));

  async function save() {
    setSaving(true);
    try {
      const updated = await apiRequest<AdminItem>(`/api/admin/menu-items/${item.id}/labels`, { method: "PUT", body: { dietary: labelsOf(draft) } });
      onItemChanged(updated);
      setDraft(draftOf(updated.dietary));
      toast({ title: "Labels Saved", description: `${item.name}: ${summary(updated.dietary)}.` });
    } catch (error) {
      failed("Failed to Save Labels", error);
    } finally {
      setSaving(false);
    }
  }

  const toggleDiet = (label: DietaryLabel, on: boolean) =>
    setDraft((current) => ({ ...current, diets: DIET_LABELS.filter((diet) => (diet === label ? on : current.diets.includes(diet))) }));

  return (
    <li className="p-3">
      <details>
        <summary className="cursor-pointer">
          <span className="font-semibold">{item.name}</span>
          <span className="ml-2 text-sm text-stone-700">{allergensUnknown(item.dietary) ? "Allergens not known · " : ""}{summary(item.dietary)}</span>
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-sm text-stone-700">{item.description}</p>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-semibold">Diets</legend>
            {DIET_LABELS.map((label) => (
              <label key={label} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={draft.diets.includes(label)} aria-label={`${DIETARY_TEXT[label]}: ${item.name}`} onChange={(event) => toggleDiet(label, event.target.checked)} />
                {DIETARY_TEXT[label]}
              </label>
            ))}
          </fieldset>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-semibold">Allergens (mark &quot;Free of it&quot; only when the kitchen has checked)</legend>
            {ALLERGENS.map((allergen) => (
              <label key={allergen} className="flex items-center justify-between gap-2 text-sm">
                {ALLERGEN_NAMES[allergen]}
                <select
                  className="min-h-9 rounded-md border border-stone-300 bg-white px-2"
                  value={draft.allergens[allergen]}
                  aria-label={`${ALLERGEN_NAMES[allergen]}: ${item.name}`}
                  onChange={(event) => setDraft((current) => ({ ...current, allergens: { ...current.allergens, [allergen]: event.target.value as AllergenState } }))}
                >
                  {(Object.keys(STATE_NAMES) as AllergenState[]).map((state) => (
                    <option key={state} value={state}>{STATE_NAMES[state]}</option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={draft.cookedToOrder} aria-label={`Cooked to order: ${item.name}`} onChange={(event) => setDraft((current) => ({ ...current, cookedToOrder: event.target.checked }))} />
            Cooked to order: may be served raw or undercooked (shows the consumer advisory)
          </label>
          {problems.length > 0 && (
            <ul id={`${id}-problems`} className="text-sm text-red-800">
              {problems.map((problem) => <li key={problem}>{problem}</li>)}
            </ul>
          )}
          <button type="button" className={`${primaryButton} self-start`} disabled={saving || problems.length > 0} aria-describedby={problems.length ? `${id}-problems` : undefined} onClick={() => void save()}>
            {saving ? "Saving..." : `Save labels: ${item.name}`}
          </button>
        </div>
      </details>
    </li>
  );
}

export function DishLabelsTab({ items, onItemChanged }: ItemTabProps) {
  const [onlyUnknown, setOnlyUnknown] = useState(false);
  const unknown = items.filter((item) => allergensUnknown(item.dietary)).length;
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <strong>{unknown} of {items.length} dishes</strong> have no allergen information. The menu&apos;s free-from filters (&quot;No dairy&quot;, &quot;No nuts&quot;...) show only dishes marked free of it here;
        a dish left &quot;Not known&quot; is never shown as safe.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={onlyUnknown} onChange={(event) => setOnlyUnknown(event.target.checked)} />
        Show only dishes with no allergen information
      </label>
      {bySection(items).map(([section, sectionItems]) => {
        const shown = sectionItems.filter((item) => !onlyUnknown || allergensUnknown(item.dietary));
        return (
          <section key={section} aria-label={section}>
            <h3 className="mb-3 text-lg font-semibold">{section}</h3>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
              {shown.map((item) => <DishLabels key={item.id} item={item} onItemChanged={onItemChanged} />)}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
