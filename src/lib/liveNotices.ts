// Fills the panel of today's notices (src/components/LiveNoticesPanel.astro) from a menu answer's
// `notices`: shown when there is one, left hidden when there are none. Its close button hides it, but
// not while online ordering is paused: that notice lasts as long as the pause, on every page.
import type { MenuAnswer } from "../domain/menuReadModel";
import { isPaused } from "../domain/schedule";

export function showLiveNotices(panel: HTMLElement | null, answer: Pick<MenuAnswer, "notices" | "schedule">): void {
  const notices = answer.notices ?? [];
  const list = panel?.querySelector("[data-live-notices]");
  if (!panel || !list || notices.length === 0) return;
  list.replaceChildren(...notices.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
  const close = panel.querySelector<HTMLButtonElement>("[data-close]");
  const lasting = !!answer.schedule && isPaused(answer.schedule, new Date());
  panel.toggleAttribute("data-paused", lasting);
  if (close) {
    close.hidden = lasting;
    close.onclick = () => (panel.hidden = true);
  }
  panel.hidden = false;
}
