// The dish sheet: a tap on a dish's name on the full menu opens it, a modal <dialog> (the browser keeps
// focus inside, Escape closes it, focus returns to the name) with the whole description, the photo, the
// labels and each allergen as the kitchen has stated it: contains, free of it, or not known (ask us).
// Loaded on the first tap, never with the page. It reads the dish from its row (kept current by the
// live menu) and the live answer (the photo); the ask-us line and the consumer advisory are the page's own.
import { ALLERGENS, allergenState, isAllergenWarning, isDietaryLabel } from "../domain/dietaryLabels";
import { $menuLoad } from "../stores/menu";
import type { MenuWordsRead } from "./liveMenuWords";
import { realPhotoUrl } from "./menuPhotos";
import { $ } from "./menuDom";

const make = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const element = Object.assign(document.createElement(tag), props);
  element.append(...children);
  return element;
};

/** The dish's photo from the live answer, larger than the row's; else the row's own; none for a drawing. */
function photoOf(row: HTMLElement): string | null {
  const id = Number(row.dataset.id);
  const item = $menuLoad
    .get()
    .answer?.sections.flatMap((section) => section.items)
    .find((entry) => entry.id === id);
  return (item ? realPhotoUrl(item.imageUrl, 480) : null) ?? $<HTMLImageElement>(row, "img[data-photo]")?.src ?? null;
}

/** Opens the sheet of the dish whose row this is; `opener` gets focus back when it closes. */
export function openDishSheet(root: HTMLElement, row: HTMLElement, words: MenuWordsRead, opener: HTMLElement): void {
  const labels = (row.dataset.labels ?? "").split(" ").filter(isDietaryLabel);
  const name = $(row, "[data-name]")?.textContent ?? "";
  const headingId = `sheet-${row.dataset.id}`;
  const photo = photoOf(row);
  const close = make("button", { type: "button", textContent: words.sheetClose, className: "dish-sheet-close" });
  const allergens = make(
    "dl",
    { className: "dish-sheet-allergens" },
    ...ALLERGENS.flatMap((allergen) => [
      make("dt", { textContent: words[`allergen.${allergen}`] }),
      make("dd", { textContent: words[`state.${allergenState(labels, allergen)}`] }),
    ]),
  );
  const badges = labels.filter((label) => !isAllergenWarning(label));
  const askUs = $(root, "[data-ask-us]")?.cloneNode(true);
  const advisory = labels.includes("cooked-to-order") ? $(root, "[data-advisory]")?.cloneNode(true) : undefined;
  const dialog = make(
    "dialog",
    { className: "dish-sheet" },
    make("h2", { id: headingId, textContent: name }),
    ...(photo ? [make("img", { src: photo, alt: "", width: 480, height: 360, decoding: "async" })] : []),
    make("p", { textContent: $(row, "[data-desc]")?.textContent ?? "" }),
    ...(badges.length ? [make("p", { className: "dish-sheet-labels" }, ...badges.map((label) => make("span", { textContent: words[`label.${label}`] })))] : []),
    make("h3", { textContent: words.sheetAllergens }),
    allergens,
    ...(askUs ? [askUs] : []),
    ...(advisory ? [advisory] : []),
    close,
  );
  dialog.setAttribute("aria-labelledby", headingId);
  close.addEventListener("click", () => dialog.close());
  // A tap on the backdrop (the dialog itself, outside its content box) closes it as well.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    opener.focus();
  });
  root.append(dialog);
  dialog.showModal();
  close.focus();
}
