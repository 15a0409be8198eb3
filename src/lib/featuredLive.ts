// Swaps the built-in featured cards for the admin's current list (GET /api/featured-items) when the
// block comes near the screen and the list differs; the built-in list stays when the answer has none.
import type { FeaturedAnswer } from "../domain/menuReadModel";
import { featuredToShow } from "../islands/featured";
import { apiRequest } from "./api";
import { inPageLanguage } from "./api";
import { featuredHtml, parseFeaturedWords, type FeaturedCardItem } from "./featuredCards";

/** What a visitor sees of the cards shown, to leave the HTML alone when nothing changed. */
function shownFigures(root: HTMLElement): string {
  return [...root.querySelectorAll<HTMLElement>("article[data-id]")]
    .map((card) => `${card.dataset.id}:${card.dataset.price}:${card.dataset.out === undefined ? 1 : 0}:${card.querySelector("[data-name]")?.textContent}:${card.querySelector("img")?.getAttribute("src") ?? ""}`)
    .join("|");
}

function answerFigures(items: readonly FeaturedCardItem[], limit: number | undefined): string {
  return items
    .slice(0, limit)
    .map((item) => `${item.id}:${item.priceCents}:${item.inStock ? 1 : 0}:${item.name}:${item.image ?? ""}`)
    .join("|");
}

export function startFeatured(root: HTMLElement): void {
  const showAll = root.dataset.showAll !== undefined;
  // The cards' words in the page's language, as the build wrote them beside the cards.
  const words = parseFeaturedWords(root.dataset.words ?? "");
  const load = () =>
    apiRequest<FeaturedAnswer>(inPageLanguage("/api/featured-items"))
      .then((answer) => {
        const items = featuredToShow(answer, []);
        if (!items.length) return;
        if (answerFigures(items, showAll ? undefined : 6) !== shownFigures(root)) root.innerHTML = featuredHtml(items, { words, showAll });
      })
      .catch((error: unknown) => {
        console.warn(JSON.stringify({ level: "warn", msg: "featured items could not be loaded", error: String(error) }));
      });
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void load();
    },
    { rootMargin: "400px" },
  );
  observer.observe(root);
}
