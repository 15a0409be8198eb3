// The featured cards' HTML (image, name, price, description, add button), written by one function
// for both the build (FeaturedMenuBlock.astro) and the browser (when the admin's list differs from the
// built-in one), so the two can never drift apart. Pure: strings in, a string out. The words are the
// page's language only (featuredWords at build; the browser reads them back from the block's data-words).
import { DIETARY_LABELS, isDietaryLabel, type DietaryLabel } from "../domain/dietaryLabelList";
import type { FeaturedWords } from "../domain/i18n/ui/menu";
import { formatPrice } from "../domain/money";
import type { MenuItemView } from "../domain/menuReadModel";

export type FeaturedCardItem = Pick<
  MenuItemView,
  "id" | "name" | "description" | "priceCents" | "category" | "section" | "squareId" | "inStock" | "image"
> &
  Partial<Pick<MenuItemView, "optionGroups" | "dietary">>;

export interface FeaturedOptions {
  /** The cards' words in the page's language. */
  words: FeaturedWords;
  /** Show every featured item and no 'View Full Menu' link. */
  showAll?: boolean;
  /** How many cards to show unless showAll. */
  limit?: number;
}

/**
 * The words as the block carries them for the browser (data-words): one line, "|" between them, in a
 * fixed order, the labels last. No JSON: its quotes would cost the home page's HTML budget.
 */
export function featuredWordsText(words: FeaturedWords): string {
  const list = [words.add, words.orderOut, words.outNote, words.labelsName, words.fullMenu, words.fullMenuHref, words.loading, words.added, ...DIETARY_LABELS.map((label) => words.labels[label])];
  if (list.some((word) => word.includes("|"))) throw new Error(`A featured card's word holds "|": ${list.join(" / ")}`);
  return list.join("|");
}

/** The words back from featuredWordsText's line. */
export function parseFeaturedWords(text: string): FeaturedWords {
  const [add = "", orderOut = "", outNote = "", labelsName = "", fullMenu = "", fullMenuHref = "", loading = "", added = "", ...labels] = text.split("|");
  return {
    add,
    orderOut,
    outNote,
    labelsName,
    fullMenu,
    fullMenuHref,
    loading,
    added,
    labels: Object.fromEntries(DIETARY_LABELS.map((label, index) => [label, labels[index] ?? ""])) as Record<DietaryLabel, string>,
  };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function card(item: FeaturedCardItem, words: FeaturedWords): string {
  const e = escapeHtml;
  const square = item.squareId ? ` data-square="${e(item.squareId)}"` : "";
  // The owner's photo, or none: without one the card is typographic (a paprika rule over the name set large).
  const image = item.image
    ? `<img src="${e(item.image)}" alt="${e(item.name)}" width="400" height="300" loading="lazy" decoding="async" class="aspect-[4/3] w-full object-cover">`
    : "";
  const typographic = item.image ? "" : " border-t-8 border-brand-600";
  const note = item.inStock ? "" : `<p class="text-sm font-semibold text-chili-800">${e(words.outNote)}</p>`;
  // Labels in words, never colour alone.
  const labels = (item.dietary ?? []).filter(isDietaryLabel);
  const badges = labels.length
    ? `<ul class="flex flex-wrap gap-1" aria-label="${e(words.labelsName)}">${labels.map((label) => `<li class="menu-label">${e(words.labels[label])}</li>`).join("")}</ul>`
    : "";
  const options = item.optionGroups?.length ? " data-options" : "";
  return (
    `<li><article aria-labelledby="featured-${item.id}" data-id="${item.id}" data-price="${item.priceCents}" data-section="${e(item.section)}" data-category="${e(item.category)}"${item.inStock ? "" : " data-out"}${options}${square} class="flex h-full flex-col overflow-hidden rounded-card bg-paper shadow-card${typographic}">` +
    image +
    '<div class="flex flex-1 flex-col gap-2 p-5"><div class="flex items-start justify-between gap-3">' +
    `<h3 id="featured-${item.id}" class="font-display text-2xl" data-name>${e(item.name)}</h3>` +
    // es-US writes dollars as en-US does (src/domain/i18n/prices.test.ts): the browser keeps formatPrice's few bytes.
    `<span class="pt-1 text-lg font-bold text-brand-700">${formatPrice(item.priceCents)}</span></div>` +
    `<p class="flex-1 text-ink-700" data-desc>${e(item.description)}</p>${badges}${note}` +
    `<button type="button" data-add class="mt-2 min-h-11 rounded-control bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">${e(item.inStock ? words.add : words.orderOut)}</button>` +
    // The add stays on the page: its confirmation is said here, where the diner's eye is, and read out.
    '<p role="status" data-added-note class="min-h-6 text-sm font-semibold text-herb-800"></p>' +
    "</div></article></li>"
  );
}

/** The cards (or, with no list yet, the spinner) and the 'View Full Menu' link unless every item is shown. */
export function featuredHtml(items: readonly FeaturedCardItem[] | undefined, { words, showAll = false, limit = 6 }: FeaturedOptions): string {
  if (!items) {
    return `<div role="status" class="flex flex-col items-center gap-3 py-16 text-ink-700"><span aria-hidden="true" class="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"></span>${escapeHtml(words.loading)}</div>`;
  }
  const shown = showAll ? items : items.slice(0, limit);
  const link = showAll
    ? ""
    : `<p class="mt-10 text-center"><a href="${escapeHtml(words.fullMenuHref)}" class="inline-block rounded-control border-2 border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50">${escapeHtml(words.fullMenu)}</a></p>`;
  return `<ul role="list" class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">${shown.map((item) => card(item, words)).join("")}</ul>${link}`;
}
