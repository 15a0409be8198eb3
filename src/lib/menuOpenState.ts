// The full menu's open badges and add buttons for the time ordered for (src/lib/fullMenu.ts re-applies them
// every minute and on each change of time or answer): open, closed with when it opens and a button that
// pre-orders for then, or paused by staff: until staff resume every button off; a timed pause's buttons
// order for its first time after.
import type { SectionId } from "../domain/hours";
import type { Locale } from "../domain/i18n/locales";
import { PAUSED_WORDS, firstOrderTime, notAtLabel, opensLabel, preorderLabel } from "../domain/orderingState";
import { isOpenAt, pausedFor, type RestaurantSchedule } from "../domain/schedule";
import type { MenuWordsRead } from "./liveMenuWords";
import { $, $$, setAttribute, setText } from "./menuDom";

/**
 * The badges and buttons for the time ordered for (`at`, a chosen slot; now when null), by the staff's
 * schedule: a dish can be added when in stock and its section serves then.
 */
export function applyOpenState(
  root: ParentNode,
  words: MenuWordsRead,
  now: Date,
  schedule: RestaurantSchedule,
  at: Date | null = null,
  locale: Locale = "en",
): void {
  // While staff pause online ordering nothing is open for a time before the pause ends; its later times
  // can be ordered for (a timed pause): the buttons then order for the first of them.
  const paused = pausedFor(schedule, now, at ?? now);
  for (const section of $$(root, "section[data-section]")) {
    const id = section.dataset.section as SectionId;
    const open = !paused && isOpenAt(schedule, id, at ?? now);
    // Closed (or paused) now, with no time chosen: its first time, and the button orders for that time.
    const opens = !open && !at ? firstOrderTime(schedule, [id], now) : null;
    // Serving now but not at the later time chosen: said so, never "Closed" beside a home page that says open.
    const notAt = !open && !paused && at && isOpenAt(schedule, id, now) ? notAtLabel(at, now, locale) : null;
    const badge = $(section, "[data-badge]");
    if (badge) {
      setText(badge, paused ? PAUSED_WORDS[locale].badge : open ? (at ? words.open : words.openNow) : opens ? opensLabel(opens, now, locale) : (notAt ?? words.closed));
      if (badge.classList.contains("invisible")) badge.classList.remove("invisible");
      badge.classList.toggle("bg-green-700", open);
      badge.classList.toggle("bg-stone-700", !open);
    }
    for (const row of $$(section, "article[data-id]")) {
      const inStock = row.dataset.out === undefined;
      const button = $<HTMLButtonElement>(row, "[data-add]");
      if (!button) continue;
      const preorder = inStock && opens !== null;
      setText(button, !inStock ? words.unavailable : open ? words.add : opens ? preorderLabel(opens, now, locale) : paused ? PAUSED_WORDS[locale].button : notAt ? notAtLabel(at!, now, locale, true) : words.closedButton);
      setAttribute(button, "data-preorder", preorder ? opens.toISOString() : null);
      const enabled = inStock && (open || preorder);
      if (button.disabled !== !enabled) button.disabled = !enabled;
    }
  }
}
