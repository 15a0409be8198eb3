// The Spanish tab: every English text the console edits that visitors read (dish descriptions,
// option groups and options, banner titles, special dates' notes, the pause message) beside its Spanish,
// with the list of what is missing in Spanish on top, each linked to the field that fills it. A save goes
// to PUT /api/admin/translations, which publishes it the way the English is published.
import { useEffect, useId, useState } from "react";
import type { SpanishText } from "../../domain/spanishText.schema";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { Badge, failed, inputClass, primaryButton, secondaryButton } from "./shared";

const fieldId = (key: string) => `spanish-${key}`;

const SOURCE_BADGE = {
  staff: { tone: "green", text: "Written in the console" },
  content: { tone: "blue", text: "From the site's Spanish" },
  missing: { tone: "red", text: "Missing in Spanish" },
} as const;

export function SpanishTab() {
  const [texts, setTexts] = useState<SpanishText[] | null>(null);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const missingHeading = useId();
  const allHeading = useId();

  useEffect(() => {
    apiRequest<{ texts: SpanishText[] }>("/api/admin/translations").then(
      (answer) => setTexts(answer.texts),
      (error: unknown) => failed("Spanish texts could not be loaded", error),
    );
  }, []);

  if (!texts) return <p role="status">Loading the Spanish texts...</p>;
  const missing = texts.filter((text) => text.source === "missing");
  const shown = onlyMissing ? missing : texts;

  function saved(next: SpanishText) {
    setTexts((current) => current && current.map((text) => (text.key === next.key ? next : text)));
  }

  function goTo(key: string) {
    setOnlyMissing(false);
    // After the list shows every text again: then the field is there to scroll to.
    requestAnimationFrame(() => {
      const field = document.getElementById(fieldId(key));
      field?.scrollIntoView({ block: "center" });
      field?.focus();
    });
  }

  return (
    <div className="grid gap-8">
      <p className="text-sm text-stone-700">
        What the Spanish pages (/es/) show. Dish names stay as the restaurant writes them. A text without its Spanish shows its English
        there until you fill it in; clearing a Spanish text does the same.
      </p>

      <section aria-labelledby={missingHeading} className="rounded-md border border-stone-300 bg-white p-4">
        <h2 id={missingHeading} className="text-lg font-semibold">
          Missing in Spanish ({missing.length})
        </h2>
        {missing.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">Nothing is missing in Spanish.</p>
        ) : (
          <ul className="mt-2 grid gap-1">
            {missing.map((text) => (
              <li key={text.key}>
                <a
                  href={`#${fieldId(text.key)}`}
                  className="text-sm text-brand-700 underline"
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(text.key);
                  }}
                >
                  {text.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={allHeading}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={allHeading} className="text-lg font-semibold">
            English and Spanish
          </h2>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyMissing} onChange={(event) => setOnlyMissing(event.target.checked)} />
            Only texts missing in Spanish
          </label>
        </div>
        <ul className="mt-3 grid gap-3">
          {shown.map((text) => (
            <li key={text.key}>
              <SpanishRow text={text} onSaved={saved} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SpanishRow({ text, onSaved }: { text: SpanishText; onSaved: (text: SpanishText) => void }) {
  const [value, setValue] = useState(text.spanish);
  const [saving, setSaving] = useState(false);
  const englishId = useId();
  const badge = SOURCE_BADGE[text.source];
  const long = text.maxLength > 200;

  async function save(spanish: string) {
    setSaving(true);
    try {
      const next = await apiRequest<SpanishText>("/api/admin/translations", { method: "PUT", body: { key: text.key, spanish } });
      setValue(next.spanish);
      onSaved(next);
      toast({ title: spanish ? "Spanish Saved" : "Spanish Cleared", description: text.label });
    } catch (error) {
      failed("Spanish Not Saved", error);
    } finally {
      setSaving(false);
    }
  }

  const fieldProps = {
    id: fieldId(text.key),
    lang: "es",
    className: inputClass,
    value,
    maxLength: text.maxLength,
    "aria-describedby": englishId,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
  };
  return (
    <form
      className="grid gap-3 rounded-md border border-stone-200 bg-white p-3 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save(value);
      }}
    >
      <div className="grid content-start gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold">{text.label}</span>
          <Badge tone={badge.tone}>{badge.text}</Badge>
        </div>
        <p id={englishId} lang="en" className="text-sm text-stone-700">
          <span className="sr-only">English: </span>
          {text.english}
        </p>
      </div>
      <div className="grid content-start gap-2">
        <label htmlFor={fieldId(text.key)} className="text-sm font-medium">
          Español<span className="sr-only"> for {text.label}</span>
        </label>
        {long ? <textarea rows={3} {...fieldProps} /> : <input type="text" {...fieldProps} />}
        <div className="flex gap-2">
          <button type="submit" className={primaryButton} disabled={saving || value.trim() === text.spanish || (!value.trim() && text.source !== "staff")}>
            {saving ? "Saving..." : "Save Spanish"}
            <span className="sr-only"> for {text.label}</span>
          </button>
          {text.source === "staff" && (
            <button type="button" className={secondaryButton} disabled={saving} onClick={() => void save("")}>
              Clear<span className="sr-only"> the Spanish of {text.label}</span>
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
