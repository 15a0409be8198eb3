// `client:paint`: an island hydrated when BaseLayout.astro's loader starts the page's other scripts, once the
// browser reports the page's first contentful paint (after 3 s where it reports none, as in a hidden tab).
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
  const hydrate = async () => (await load())();
  // BaseLayout's loader, at the end of the page, marks the paint; an island met before it waits for its event.
  if (document.documentElement.hasAttribute("data-painted")) void hydrate();
  else addEventListener("painted", () => void hydrate(), { once: true });
};

export default paint;
