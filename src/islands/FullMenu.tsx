// The full menu: three sections with their open badge and item cards. The server renders it from
// content (readable without JavaScript); in the browser it refreshes stock and prices from
// /api/menu and re-evaluates the open state in Miami every minute.
import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { isSectionOpen } from "../domain/hours";
import { formatPrice } from "../domain/money";
import type { MenuItemView, MenuSectionView } from "../domain/menuView";
import { addItem, cartItemInput } from "../stores/cart";
import { $menuLoad, loadMenu } from "../stores/menu";
import { useNowEveryMinute } from "./useNow";

interface Props {
  /** The menu from content, rendered before (and without) the live answer. */
  initialSections: MenuSectionView[];
  /** /menu/{slug}: the section id or dish slug to bring into view and highlight. */
  focusSlug?: string;
}

export default function FullMenu({ initialSections, focusSlug }: Props) {
  const load = useStore($menuLoad);
  const now = useNowEveryMinute();
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    void loadMenu({ force: true });
    // Here rather than in an inline script: no DOM change before hydration, nothing for the CSP to hash.
    if (focusSlug) document.getElementById(focusSlug)?.scrollIntoView({ block: "start" });
  }, [focusSlug]);

  // Before the island mounts the store is idle: show the content menu, same as the server did.
  const sections = now ? (load.answer?.sections ?? initialSections) : initialSections;

  function add(item: MenuItemView) {
    addItem(cartItemInput(item));
    setAnnouncement(`${item.name} added to your order.`);
  }

  return (
    <div>
      <div role="status" aria-live="polite" className="min-h-6 text-center text-sm text-stone-600">
        {now && load.status === "loading" && !load.answer ? "Loading menu sections..." : ""}
      </div>
      {now && load.status === "error" && (
        <div role="alert" className="mx-auto mb-6 flex max-w-xl items-center justify-between gap-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          <span>Failed to load menu. Please try again.</span>
          <button
            type="button"
            className="rounded-md border border-red-800 px-3 py-1 text-sm font-semibold"
            onClick={() => void loadMenu({ force: true })}
          >
            Try again
          </button>
        </div>
      )}
      {sections.map((section) => (
        <MenuSection
          key={section.id}
          section={section}
          open={now ? isSectionOpen(section.id, now) : null}
          onAdd={add}
          focusSlug={focusSlug}
        />
      ))}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function MenuSection({
  section,
  open,
  onAdd,
  focusSlug,
}: {
  section: MenuSectionView;
  /** null until the browser knows the time. */
  open: boolean | null;
  onAdd: (item: MenuItemView) => void;
  focusSlug?: string;
}) {
  const headingId = `${section.id}-heading`;
  const categories = [...new Set(section.items.map((item) => item.category))];
  return (
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24 py-10">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-b border-stone-300 pb-4">
        <div>
          <h2 id={headingId} className="font-display text-3xl font-bold">
            {section.name}
          </h2>
          <p className="mt-1 text-brand-700">{section.tagline}</p>
          <p className="mt-2 max-w-2xl text-stone-700">{section.description}</p>
          <p className="mt-2 text-sm font-medium text-stone-800">
            <span>{section.days}</span>
            <span aria-hidden="true"> · </span>
            <span>{section.hours}</span>
          </p>
        </div>
        <span
          className={`inline-block min-w-24 rounded-full px-3 py-1 text-center text-sm font-bold ${
            open === null ? "invisible" : open ? "bg-green-700 text-white" : "bg-stone-700 text-white"
          }`}
        >
          {open === null ? "" : open ? "OPEN NOW" : "CLOSED"}
        </span>
      </header>
      {section.items.length === 0 ? (
        <p className="text-stone-700">No items available in this section. Check back during operating hours.</p>
      ) : (
        categories.map((category) => (
          <div key={category} className="mb-8">
            <h3 className="mb-3 text-xl font-semibold capitalize">{category}</h3>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="list">
              {section.items
                .filter((item) => item.category === category)
                .map((item) => (
                  <li key={item.id}>
                    <MenuItemCard item={item} open={open} onAdd={onAdd} highlighted={item.slug === focusSlug} />
                  </li>
                ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

function MenuItemCard({
  item,
  open,
  onAdd,
  highlighted,
}: {
  item: MenuItemView;
  open: boolean | null;
  onAdd: (item: MenuItemView) => void;
  highlighted: boolean;
}) {
  const nameId = `item-${item.slug}-name`;
  const label = !item.inStock ? "Unavailable" : open === false ? "Closed" : "Add to Cart";
  const enabled = item.inStock && open === true;
  return (
    <article
      id={item.slug}
      aria-labelledby={nameId}
      className={`flex h-full scroll-mt-24 flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm ${
        highlighted ? "ring-4 ring-brand-500" : ""
      }`}
    >
      {item.image && (
        <img src={item.image} alt="" width={400} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h4 id={nameId} className="text-lg font-semibold">
            {item.name}
          </h4>
          <span className="font-semibold text-brand-700">{formatPrice(item.priceCents)}</span>
        </div>
        <p className="flex-1 text-sm text-stone-700">{item.description}</p>
        <div className="flex items-center justify-between gap-3">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${item.inStock ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          >
            {item.inStock ? "Available" : "Out of Stock"}
          </span>
          <button
            type="button"
            disabled={!enabled}
            onClick={() => onAdd(item)}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-400 disabled:text-stone-900"
          >
            {label}
          </button>
        </div>
      </div>
    </article>
  );
}
