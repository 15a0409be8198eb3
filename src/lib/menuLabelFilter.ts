// The full menu's filter by dietary label: chips behind one Filters control, dishes hidden that do not
// suit every diet chosen or that contain an allergen chosen.
import { dishShown, isDietaryLabel, type DietaryLabel } from "../domain/dietaryLabels";
import { $menuLoad } from "../stores/menu";
import type { MenuWordsRead } from "./liveMenuWords";
import { $, $$, fill, setText } from "./menuDom";

/** The labels a row carries (data-labels). */
const labelsOf = (row: HTMLElement) => (row.dataset.labels ?? "").split(" ").filter(isDietaryLabel);

/**
 * Shows only the dishes that suit every diet chosen and contain none of the allergens chosen; a
 * category or section left with nothing says so. Returns how many dishes are shown.
 */
export function applyLabelFilter(root: ParentNode, wanted: readonly DietaryLabel[]): number {
  let shown = 0;
  for (const row of $$(root, "article[data-id]")) {
    const visible = dishShown(labelsOf(row), wanted);
    row.parentElement!.hidden = !visible;
    if (visible) shown++;
  }
  for (const block of $$(root, "[data-category]")) block.hidden = !$$(block, "article[data-id]").some((row) => !row.parentElement!.hidden);
  return shown;
}

/**
 * The filter bar's chips (aria-pressed buttons, data-filter="vegan" or "contains-nuts"), behind the one
 * Filters control, which counts the chips pressed.
 */
export function startLabelFilter(root: HTMLElement, words: MenuWordsRead): void {
  const bar = $(root, "[data-filters]");
  if (!bar) return;
  const toggle = $<HTMLButtonElement>(root, "[data-filters-toggle]");
  const count = toggle && $(toggle, "[data-filter-count]");
  const status = $(bar, "[data-filter-status]");
  const chosen = () => $$(bar, "button[data-filter]").filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.filter!).filter(isDietaryLabel);
  const apply = () => {
    const wanted = chosen();
    const shown = applyLabelFilter(root, wanted);
    // Nothing marked for the filters chosen: say why and give the phone (the ask-us line's), never an empty list alone.
    const phone = $(bar, "[data-ask-us] a")?.textContent ?? "";
    const said = shown === 1 ? words.shownOne : shown === 0 ? fill(words.filtersNone, { phone }) : fill(words.shownMany, { n: shown });
    setText(status, wanted.length ? said : "");
    if (count) {
      count.hidden = wanted.length === 0;
      setText(count, wanted.length ? String(wanted.length) : "");
    }
  };
  if (toggle) {
    toggle.disabled = false;
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      bar.hidden = !open;
    });
  } else {
    bar.hidden = false;
  }
  bar.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-filter]");
    if (!button) return;
    button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
    apply();
  });
  // The live answer may bring dishes or labels the page did not have: the filter holds for them too.
  $menuLoad.subscribe(() => requestAnimationFrame(apply));
}
