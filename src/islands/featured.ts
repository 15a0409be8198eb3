// Which featured items the home page shows: the server's list, or the built-in list when the answer
// has none.
import type { FeaturedAnswer, MenuItemView } from "../domain/menuReadModel";

export function featuredToShow(answer: Partial<FeaturedAnswer> | null | undefined, fallback: readonly MenuItemView[]): MenuItemView[] {
  const items = answer?.items;
  return Array.isArray(items) && items.length > 0 ? items : [...fallback];
}
