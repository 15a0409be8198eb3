// What a diner typed into the gift card form before its script woke up (a slow phone can take seconds):
// read from the page's own inputs once hydrated, so the name typed early is the one used and a $100
// chosen early stays $100.

export interface EarlyInput {
  fields: Record<string, string>;
  /** The amount picked (cents, or "custom"), when a radio other than the default was picked. */
  preset: number | "custom" | null;
  custom: string;
}

/** Reads the named inputs of the form: text fields by name, the amount radio by its value. */
export function readEarlyInput(form: HTMLFormElement | null, names: readonly string[]): EarlyInput {
  const fields: Record<string, string> = {};
  if (!form) return { fields, preset: null, custom: "" };
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value) fields[name] = element.value;
    }
  }
  const picked = form.querySelector<HTMLInputElement>('input[type="radio"][data-amount]:checked');
  const value = picked?.dataset.amount;
  const preset = value === undefined ? null : value === "custom" ? "custom" : Number(value);
  const customInput = form.elements.namedItem("customAmount");
  return { fields, preset, custom: customInput instanceof HTMLInputElement ? customInput.value : "" };
}

/** Brings a message or a result into view and into focus (it needs tabIndex -1), on the next frame. */
export function showAndFocus(element: HTMLElement | null): void {
  if (!element) return;
  element.scrollIntoView({ block: "center" });
  element.focus({ preventScroll: true });
}
