// The checkout's problems held at their fields: found all at once on Continue, focus taken to the first.
import { useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { fieldErrorWords } from "../../domain/i18n/ui/fieldErrors";
import { firstProblemField, problemsOfIssues, typedProblems, type FieldProblems, type TypedDetails } from "./fieldErrors";

export function useFieldProblems(locale: Locale) {
  const [checked, setChecked] = useState<{ problems: FieldProblems; values: Record<string, string | undefined> }>({ problems: {}, values: {} });
  const t = translator(checkoutWords, locale);
  const f = translator(fieldErrorWords, locale);

  /** Shows every problem of the typed details; true when there was one (focus is then on the first). */
  function check(details: TypedDetails, delivery: boolean): boolean {
    const found = typedProblems(details, delivery, {
      required: f("field_required"),
      name: t("details.name"),
      email: t("details.email"),
      phone: t("details.phone"),
      tooLong: (max) => f("field_too_long", max),
    });
    return show(found, details);
  }

  /** Shows the server's refusal of typed fields at those fields; true when one was named (focus on the first). */
  function fromServer(issues: readonly { path: string; message: string }[], details: TypedDetails): boolean {
    return show(problemsOfIssues(issues), details);
  }

  function show(found: FieldProblems, details: TypedDetails): boolean {
    setChecked({ problems: found, values: { ...details } });
    const first = firstProblemField(found);
    if (!first) return false;
    requestAnimationFrame(() => {
      const input = document.querySelector<HTMLElement>(`[data-checkout-field="${first}"]`);
      input?.scrollIntoView({ block: "center" });
      input?.focus({ preventScroll: true });
    });
    return true;
  }

  /** The problems still standing: a field's goes once the diner changes what it holds. */
  function shown(details: TypedDetails): FieldProblems {
    const values = details as unknown as Record<string, string | undefined>;
    return Object.fromEntries(Object.entries(checked.problems).filter(([field]) => values[field] === checked.values[field]));
  }

  return { shown, check, fromServer };
}
