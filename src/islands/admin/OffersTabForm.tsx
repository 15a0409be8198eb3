// The Offers tab's form: a new code or an edit, every field the server keeps, a "generate a single-use
// code" button (GET /api/admin/offers/code: random characters nobody guesses) and a "$5 off $25, first
// order" starting point. The server checks it as a whole; its problems show under their fields.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { Offer } from "../../domain/offer.schema";
import { ApiError, apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { bodyOf, draftOf, EMPTY_DRAFT, FIRST_ORDER_PRESET, type OfferDraft, type OfferKind } from "./offersDraft";
import { failed, inputClass, primaryButton, secondaryButton, type AdminItem } from "./shared";

interface Props {
  /** The offer edited, or null for a new one. */
  offer: Offer | null;
  items: readonly AdminItem[];
  onSaved: (offer: Offer) => void;
  onCancel: () => void;
}

const KINDS: [OfferKind, string][] = [
  ["amount", "An amount off"],
  ["percent", "A percentage off"],
  ["free_dish", "A dish free"],
];

type TextField = { [K in keyof OfferDraft]: OfferDraft[K] extends string ? K : never }[keyof OfferDraft];
type FlagField = { [K in keyof OfferDraft]: OfferDraft[K] extends boolean ? K : never }[keyof OfferDraft];
/** The server's field names, for its problems: the form's dollars fields are the API's cents. */
const API_FIELD: Partial<Record<string, keyof OfferDraft>> = { amountCents: "amount", minSubtotalCents: "minSubtotal" };

export function OffersTabForm({ offer, items, onSaved, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<OfferDraft>(() => (offer ? draftOf(offer) : EMPTY_DRAFT));
  const [problems, setProblems] = useState<Partial<Record<keyof OfferDraft, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof OfferDraft>(field: K, value: OfferDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  async function generate() {
    try {
      const { code } = await apiRequest<{ code: string }>("/api/admin/offers/code");
      setDraft((current) => ({ ...current, code, singleUse: true }));
    } catch (error) {
      failed("Could not generate a code", error);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = offer
        ? await apiRequest<{ offer: Offer }>(`/api/admin/offers/${encodeURIComponent(offer.id)}`, { method: "PATCH", body: bodyOf(draft) })
        : await apiRequest<{ offer: Offer }>("/api/admin/offers", { method: "POST", body: bodyOf(draft) });
      setProblems({});
      toast({ title: offer ? "Offer Saved" : "Offer Created", description: `${answer.offer.code}: ${answer.offer.labelEn}` });
      onSaved(answer.offer);
    } catch (error) {
      const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
      setProblems(Object.fromEntries(issues.map((issue) => [API_FIELD[issue.path] ?? issue.path, issue.message])));
      failed("Offer not saved", error);
    } finally {
      setSaving(false);
    }
  }

  /** A labelled input with its problem read out beside it. */
  const field = (name: TextField, label: string, extra: { type?: string; hint?: string; inputMode?: "decimal" | "numeric" } = {}): ReactNode => {
    const fieldId = `${id}-${name}`;
    const problem = problems[name];
    const described = [extra.hint ? `${fieldId}-hint` : "", problem ? `${fieldId}-problem` : ""].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={fieldId} className="text-sm font-medium">{label}</label>
        <input
          id={fieldId}
          type={extra.type ?? "text"}
          inputMode={extra.inputMode}
          className={inputClass}
          value={draft[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => set(name, event.target.value)}
        />
        {extra.hint && <p id={`${fieldId}-hint`} className="mt-1 text-xs text-stone-700">{extra.hint}</p>}
        {problem && <p id={`${fieldId}-problem`} className="mt-1 text-sm text-red-800">{problem}</p>}
      </div>
    );
  };
  const flag = (name: FlagField, label: string): ReactNode => (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={draft[name]} onChange={(event) => set(name, event.target.checked)} />
      {label}
    </label>
  );
  const dishes = [...items].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <form onSubmit={save} aria-label={offer ? `Edit offer ${offer.code}` : "New offer"} className="flex flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4">
      <h3 className="font-display text-lg font-bold">{offer ? `Edit ${offer.code}` : "New offer"}</h3>
      {!offer && (
        <p className="text-sm">
          <button type="button" className={secondaryButton} onClick={() => setDraft((current) => ({ ...current, ...FIRST_ORDER_PRESET }))}>
            Fill in: $5 off $25, first order
          </button>
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">{field("code", "Code", { hint: "Letters, digits, '-' or '_'; diners may type it in any capitals." })}</div>
        <button type="button" className={secondaryButton} onClick={() => void generate()}>Generate a single-use code</button>
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-semibold">What it gives</legend>
        {KINDS.map(([kind, label]) => (
          <label key={kind} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-kind`} className="h-4 w-4 accent-brand-600" checked={draft.kind === kind} onChange={() => set("kind", kind)} />
            {label}
          </label>
        ))}
      </fieldset>
      {draft.kind === "amount" && field("amount", "Amount off, in dollars", { inputMode: "decimal" })}
      {draft.kind === "percent" && field("percent", "Percentage off (1 to 100)", { inputMode: "numeric" })}
      {draft.kind === "free_dish" && (
        <div>
          <label htmlFor={`${id}-freeDishId`} className="text-sm font-medium">The dish given free (one of it, with the options ordered)</label>
          <select id={`${id}-freeDishId`} className={inputClass} value={draft.freeDishId} aria-invalid={problems.freeDishId ? true : undefined} aria-describedby={problems.freeDishId ? `${id}-freeDishId-problem` : undefined} onChange={(event) => set("freeDishId", event.target.value)}>
            <option value="">Choose a dish</option>
            {dishes.map((item) => <option key={item.id} value={String(item.id)}>{item.name}</option>)}
          </select>
          {problems.freeDishId && <p id={`${id}-freeDishId-problem`} className="mt-1 text-sm text-red-800">{problems.freeDishId}</p>}
        </div>
      )}
      {draft.kind !== "free_dish" && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">Off what</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-scope`} className="h-4 w-4 accent-brand-600" checked={draft.scope === "order"} onChange={() => set("scope", "order")} />
            The whole order (never the tip, the delivery fee or a gift card)
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-scope`} className="h-4 w-4 accent-brand-600" checked={draft.scope === "dishes"} onChange={() => set("scope", "dishes")} />
            Only the dishes ticked below
          </label>
          {draft.scope === "dishes" && (
            <div className="max-h-56 overflow-y-auto rounded-md border border-stone-200 p-2" role="group" aria-label="Dishes the code takes off">
              {dishes.map((item) => (
                <label key={item.id} className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={draft.dishIds.includes(String(item.id))}
                    onChange={(event) => set("dishIds", event.target.checked ? [...draft.dishIds, String(item.id)] : draft.dishIds.filter((dish) => dish !== String(item.id)))}
                  />
                  {item.name}
                </label>
              ))}
              {problems.dishIds && <p className="text-sm text-red-800">{problems.dishIds}</p>}
            </div>
          )}
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {field("minSubtotal", "Minimum subtotal, in dollars (blank: none)", { inputMode: "decimal" })}
        {field("totalCap", "Uses in all (blank: no cap)", { inputMode: "numeric" })}
        {field("perDinerCap", "Uses per diner (blank: no cap)", { inputMode: "numeric" })}
        {field("startsAt", "Starts (Miami time, blank: now)", { type: "datetime-local" })}
        {field("endsAt", "Ends (Miami time, blank: never)", { type: "datetime-local" })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("labelEn", "Label in English (what diners read)")}
        {field("labelEs", "Label in Spanish")}
      </div>
      <div className="flex flex-wrap gap-x-6">
        {flag("firstOrderOnly", "First order only")}
        {flag("singleUse", "Single use")}
        {flag("combinesWithRewards", "Combines with rewards")}
        {flag("paused", "Paused")}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={saving}>{saving ? "Saving..." : offer ? "Save offer" : "Create offer"}</button>
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={saving}>Cancel</button>
      </div>
    </form>
  );
}
