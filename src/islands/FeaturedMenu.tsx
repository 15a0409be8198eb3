// The home page's featured cards: image, name, price, description and an add button. The server
// renders the built-in list; once visible, the island shows the admin's current featured items.
import { useEffect, useState } from "react";
import { apiRequest } from "../lib/api";
import { formatPrice } from "../domain/money";
import type { FeaturedAnswer, MenuItemView } from "../domain/menuView";
import { addItem, cartItemInput } from "../stores/cart";
import { featuredToShow } from "./featured";

interface Props {
  /** The built-in list (the dishes featured in content), shown when the answer has no items. */
  fallback: MenuItemView[];
  /** What to render before the answer; without it a spinner shows while loading. */
  initialItems?: MenuItemView[];
  /** Show every featured item and no 'View Full Menu' link. */
  showAll?: boolean;
  /** How many cards to show unless showAll. */
  limit?: number;
}

export default function FeaturedMenu({ fallback, initialItems, showAll = false, limit = 6 }: Props) {
  const [items, setItems] = useState<MenuItemView[] | undefined>(initialItems);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<FeaturedAnswer>("/api/featured-items", { signal: controller.signal })
      .then((answer) => setItems(featuredToShow(answer, fallback)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(JSON.stringify({ level: "warn", msg: "featured items could not be loaded", error: String(error) }));
        setItems((current) => current ?? [...fallback]);
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [fallback]);

  if (!items) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-stone-700">
        <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
        {loading ? "Loading featured items..." : ""}
      </div>
    );
  }

  const shown = showAll ? items : items.slice(0, limit);

  function order(item: MenuItemView) {
    addItem(cartItemInput(item));
    window.location.assign("/full-menu");
  }

  return (
    <div>
      <ul role="list" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((item) => (
          <li key={item.id}>
            <article aria-labelledby={`featured-${item.id}`} className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md">
              {item.image && (
                <img src={item.image} alt={item.name} width={400} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover" />
              )}
              <div className="flex flex-1 flex-col gap-2 p-5">
                <div className="flex items-start justify-between gap-3">
                  <h3 id={`featured-${item.id}`} className="text-xl font-semibold">
                    {item.name}
                  </h3>
                  <span className="text-lg font-bold text-brand-700">{formatPrice(item.priceCents)}</span>
                </div>
                <p className="flex-1 text-stone-700">{item.description}</p>
                {!item.inStock && <p className="text-sm font-semibold text-red-800">Out of Stock - Still Available to Order</p>}
                <button
                  type="button"
                  onClick={() => order(item)}
                  className="mt-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                >
                  {item.inStock ? "Add to Cart" : "Order (Out of Stock)"}
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      {!showAll && (
        <p className="mt-10 text-center">
          <a href="/full-menu" className="inline-block rounded-lg border-2 border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            View Full Menu
          </a>
        </p>
      )}
    </div>
  );
}
