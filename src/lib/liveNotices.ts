// Fills the panel of today's notices (src/components/LiveNoticesPanel.astro) from a menu answer's
// `notices`: shown when there is one, left hidden when there are none. Its close button hides it, but
// not while online ordering is paused: that notice lasts as long as the pause, on every page. A timed
// pause offers its first time after ("Schedule for 1:15 PM"): the menu then orders for it.
import type { MenuAnswer } from "../domain/menuReadModel";
import { firstOrderTime } from "../domain/orderingState";
import { scheduleForLabel } from "../domain/pauseBanner";
import { isPaused } from "../domain/schedule";
import { localizedPath } from "../domain/i18n/locales";
import { setOrderFor } from "../stores/orderTime";
import { pageLocale } from "./api";

export function showLiveNotices(panel: HTMLElement | null, answer: Pick<MenuAnswer, "notices" | "schedule">): void {
  const notices = answer.notices ?? [];
  const list = panel?.querySelector("[data-live-notices]");
  if (!panel || !list || notices.length === 0) return;
  const now = new Date();
  const lasting = !!answer.schedule && isPaused(answer.schedule, now);
  const later = lasting && answer.schedule!.pause?.until ? firstOrderTime(answer.schedule!, [], now) : null;
  const lines: HTMLElement[] = notices.map((text) => Object.assign(document.createElement("p"), { textContent: text }));
  if (later) lines.push(scheduleButton(later, now));
  list.replaceChildren(...lines);
  const close = panel.querySelector<HTMLButtonElement>("[data-close]");
  panel.toggleAttribute("data-paused", lasting);
  if (close) {
    close.hidden = lasting;
    close.onclick = () => (panel.hidden = true);
  }
  panel.hidden = false;
}

/** "Schedule for 1:15 PM": the order's time becomes the pause's first time after; off the menu, the menu opens. */
function scheduleButton(at: Date, now: Date): HTMLButtonElement {
  const locale = pageLocale();
  const button = Object.assign(document.createElement("button"), {
    type: "button",
    className: "mt-1 min-h-11 justify-self-start rounded-lg bg-cream px-3 font-semibold text-ink",
    textContent: scheduleForLabel(at, now, locale),
  });
  button.dataset.schedule = "";
  button.addEventListener("click", () => {
    setOrderFor(at.toISOString());
    if (!document.querySelector("full-menu")) location.assign(localizedPath(locale, "/full-menu"));
  });
  return button;
}
