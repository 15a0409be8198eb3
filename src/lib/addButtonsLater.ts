// The add buttons' code (addButtons.ts: the dish from the page, the cart, the option dialog) loads when a diner
// reaches for a button: a press or focus on one comes before its click by the press's length, so the pages'
// first scripts go without it. A click that comes first anyway is kept by the inline script of BaseLayout.astro
// (window.__jfTaps), as before any script runs, and replayed once the code is there.

export { ADDED_EVENT } from "./addedEvent";

const REACH = ["pointerdown", "focusin", "click"] as const;

/** Takes the add buttons over later: at once where a tap is already kept, else on the first reach for one. */
export function listenForAddsLater(): void {
  let loading: Promise<void> | undefined;
  const load = () => {
    for (const type of REACH) document.removeEventListener(type, onReach, true);
    loading ??= import("./addButtons").then(({ listenForAdds }) => listenForAdds());
  };
  function onReach(event: Event) {
    if ((event.target as Element).closest?.("button[data-add]")) load();
  }
  if (window.__jfAdd || window.__jfTaps?.length) return load();
  for (const type of REACH) document.addEventListener(type, onReach, { capture: true, passive: true });
}
