// The full menu's words as the page carries them for its script (data-words on <full-menu>), form-encoded
// ("open=ABIERTO&openNow=ABIERTO+AHORA&label.vegan=Vegano&category.burgers=hamburguesas"): the browser
// reads them with URLSearchParams, so its script carries neither the words nor a parser of its own.
import type { Allergen, AllergenState, DietaryLabel } from "../domain/dietaryLabels";
import type { LiveMenuWords } from "../domain/i18n/ui/menu";

/** The words as the script reads them: each by name, a label as "label.vegan", a category as "category.burgers". */
export type MenuWordsRead = Record<Exclude<keyof LiveMenuWords, "labels" | "categories" | "allergens" | "states">, string> &
  Record<`label.${DietaryLabel}`, string> &
  Record<`allergen.${Allergen}` | `state.${AllergenState}`, string> &
  Partial<Record<`category.${string}`, string>>;

/** At build: the words as the page's attribute. */
export function liveMenuWordsText({ labels, categories, allergens, states, ...words }: LiveMenuWords): string {
  return new URLSearchParams([
    ...Object.entries(words),
    ...Object.entries(labels).map(([label, text]) => [`label.${label}`, text]),
    ...Object.entries(allergens).map(([allergen, text]) => [`allergen.${allergen}`, text]),
    ...Object.entries(states).map(([state, text]) => [`state.${state}`, text]),
    ...Object.entries(categories).map(([category, name]) => [`category.${category}`, name]),
  ]).toString();
}

/** In the browser: the words back from the page's attribute. */
export function readLiveMenuWords(text: string): MenuWordsRead {
  return Object.fromEntries(new URLSearchParams(text)) as MenuWordsRead;
}
