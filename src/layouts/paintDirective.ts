// `client:paint`: an island hydrated once the browser reports the page's first contentful paint (after 3 s
// where it reports none, as in a hidden tab), as BaseLayout.astro's loader starts the page's other scripts.
// With `client:load` the island's component, React and their imports (about 30 files on the checkout) were
// requested as the parser met the island and finished before the first paint, so a slow phone's largest
// paint waited for them (Lighthouse counts every request finished before it). The island's HTML is
// rendered on the server and takes typing meanwhile; what was typed is read as it wakes.
import type { ClientDirective } from "astro";

declare module "astro" {
  interface AstroClientDirectives {
    "client:paint"?: boolean;
  }
}

const paint: ClientDirective = (load) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // A task after the paint's own: the paint is reported before the frame is shown.
    setTimeout(async () => (await load())());
  };
  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint")[0] && start()).observe({ type: "paint", buffered: true });
  setTimeout(start, 3_000);
};

export default paint;
