// Fills the panel of today's notices (src/components/LiveNoticesPanel.astro) from a menu answer's
// `notices`: shown when there is one, left hidden when there are none. Its close button hides it.
export function showLiveNotices(panel: HTMLElement | null, notices: readonly string[]): void {
  const list = panel?.querySelector("[data-live-notices]");
  if (!panel || !list || notices.length === 0) return;
  list.replaceChildren(...notices.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
  const close = panel.querySelector<HTMLButtonElement>("[data-close]");
  if (close) close.onclick = () => (panel.hidden = true);
  panel.hidden = false;
}
