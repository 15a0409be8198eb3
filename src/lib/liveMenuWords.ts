// The full menu's words as the page carries them for its script (data-words on <full-menu>): one line,
// "|" between them in a fixed order, then the dietary labels, then the categories ("starters=entradas").
// No JSON: its quotes would cost the page's HTML budget, and a JSON block would need a raw-HTML sink.
import { DIETARY_LABELS, type DietaryLabel } from "../domain/dietaryLabels";
import type { LiveMenuWords } from "../domain/i18n/ui/menu";

/** At build: the words as one line. */
export function liveMenuWordsText(words: LiveMenuWords): string {
  const { open, openNow, closed, add, closedButton, unavailable, available, out, now, slot, loading, added, shownOne, shownMany } = words;
  const list = [open, openNow, closed, add, closedButton, unavailable, available, out, now, slot, loading, added, shownOne, shownMany];
  const labels = DIETARY_LABELS.map((label) => words.labels[label]);
  const categories = Object.entries(words.categories).map((pair) => pair.join("="));
  if ([...list, ...labels, ...Object.entries(words.categories).flat()].some((word) => /[|=]/.test(word))) {
    throw new Error(`A word of the full menu holds "|" or "=": ${[...list, ...labels, ...categories].join(" / ")}`);
  }
  return [...list, ...labels, ...categories].join("|");
}

/** In the browser: the words back from liveMenuWordsText's line. */
export function parseLiveMenuWords(text: string): LiveMenuWords {
  const [open = "", openNow = "", closed = "", add = "", closedButton = "", unavailable = "", available = "", out = "", now = "", slot = "", loading = "", added = "", shownOne = "", shownMany = "", ...rest] =
    text.split("|");
  return {
    open,
    openNow,
    closed,
    add,
    closedButton,
    unavailable,
    available,
    out,
    now,
    slot,
    loading,
    added,
    shownOne,
    shownMany,
    labels: Object.fromEntries(DIETARY_LABELS.map((label, index) => [label, rest[index] ?? ""])) as Record<DietaryLabel, string>,
    categories: Object.fromEntries(rest.slice(DIETARY_LABELS.length).map((pair) => pair.split("="))),
  };
}
