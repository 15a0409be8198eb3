// The menu as the API serves it and the screens read it: its items with prices in dollars and cents,
// grouped by section with its days, hours and open state. Pure: shared by the functions and islands.
import { RESTAURANT_TIME_ZONE, SECTION_IDS, type SectionId } from "./hours";
import { isOpenAt, type RestaurantSchedule } from "./schedule";
import type { KitchenNow } from "./kitchenNow";
import { sectionHoursText } from "./scheduleText";
import { displayImageUrl, isDishPhoto } from "./images";
import type { DietaryLabel } from "./dietaryLabels";
import { visibleOptions, type OptionGroup } from "./dishOptions";
import type { MenuItem } from "./menu.schema";

export interface MenuItemView {
  id: number;
  /** Our own id (the same number as id); squareId is the payment catalogue's. */
  localId: number;
  squareId: string | null;
  slug: string;
  name: string;
  description: string;
  /** US dollars, 2 decimals, as the screens show prices. */
  price: number;
  /** The same price in integer cents, for carts and sums. */
  priceCents: number;
  category: string;
  section: SectionId;
  image: string | null;
  imageUrl: string | null;
  inStock: boolean;
  /** In stock and its section open at the answer's time. */
  isAvailable: boolean;
  isFeatured: boolean;
  stockLevel: "in_stock" | "out_of_stock";
  /** The option groups a diner chooses from (prices in cents; options hidden online left out). */
  optionGroups: OptionGroup[];
  dietary: DietaryLabel[];
}

/** A dish's groups as diners see them: hidden options and Square's ids are the kitchen's business. */
export function publicOptionGroups(groups: readonly OptionGroup[]): OptionGroup[] {
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    min: group.min,
    max: group.max,
    ...(group.allowQuantities ? { allowQuantities: true } : {}),
    options: visibleOptions(group).map((option) => ({
      id: option.id,
      name: option.name,
      price: option.price,
      ...(option.onByDefault ? { onByDefault: true } : {}),
      ...(option.soldOut ? { soldOut: true } : {}),
    })),
  }));
}

/** The editorial part of a section (content/sections.json). */
export interface SectionInfo {
  id: SectionId;
  name: string;
  tagline: string;
  description: string;
}

export interface MenuSectionView extends SectionInfo {
  /** "Tuesday - Sunday" */
  days: string;
  /** "9AM - 3PM" */
  hours: string;
  isOpen: boolean;
  items: MenuItemView[];
}

export interface MenuAnswer {
  sections: MenuSectionView[];
  /** The instant the open states were computed for (ISO 8601). */
  now: string;
  timeZone: typeof RESTAURANT_TIME_ZONE;
  /** The staff's schedule the open states come from: the page decides them again as the minutes pass. */
  schedule: RestaurantSchedule;
  /** What a prerendered page says about today once loaded (src/domain/liveNotices.ts): pause, busy kitchen, special date. */
  notices?: string[];
  /** Whether each kitchen serves now and until when (src/domain/kitchenNow.ts), for the home page's hero. */
  kitchen?: KitchenNow;
}

export interface FeaturedAnswer {
  items: MenuItemView[];
}

export function menuItemView(item: MenuItem, now: Date, schedule: RestaurantSchedule): MenuItemView {
  return {
    id: item.id,
    localId: item.id,
    squareId: item.squareId,
    slug: item.slug,
    name: item.name,
    description: item.description,
    price: item.priceCents / 100,
    priceCents: item.priceCents,
    category: item.category,
    section: item.section,
    // Only the dish's own photo reaches a diner (a stored site file is no photo of it), resized through
    // the Netlify Image CDN (src/domain/images.ts).
    image: isDishPhoto(item.image) ? displayImageUrl(item.image, 800) : null,
    imageUrl: isDishPhoto(item.image) ? item.image : null,
    inStock: item.inStock,
    isAvailable: item.inStock && isOpenAt(schedule, item.section, now),
    isFeatured: item.featured,
    stockLevel: item.inStock ? "in_stock" : "out_of_stock",
    optionGroups: publicOptionGroups(item.optionGroups),
    dietary: [...item.dietary],
  };
}

/** Every section in menu order (an empty one included), each with its items in stored order. */
export function menuSections(
  items: readonly MenuItem[],
  sections: readonly SectionInfo[],
  now: Date,
  schedule: RestaurantSchedule,
): MenuSectionView[] {
  return SECTION_IDS.map((id) => {
    const info = sections.find((section) => section.id === id) ?? { id, name: id, tagline: "", description: "" };
    return {
      ...info,
      ...sectionHoursText(schedule, id),
      isOpen: isOpenAt(schedule, id, now),
      items: items.filter((item) => item.section === id).map((item) => menuItemView(item, now, schedule)),
    };
  });
}

export function menuAnswer(items: readonly MenuItem[], sections: readonly SectionInfo[], now: Date, schedule: RestaurantSchedule): MenuAnswer {
  return { sections: menuSections(items, sections, now, schedule), now: now.toISOString(), timeZone: RESTAURANT_TIME_ZONE, schedule };
}

export function featuredAnswer(items: readonly MenuItem[], now: Date, schedule: RestaurantSchedule): FeaturedAnswer {
  return { items: items.filter((item) => item.featured).map((item) => menuItemView(item, now, schedule)) };
}

/** An item as the admin console reads it: the API's documented names (isFeatured, imageUrl) beside ours, price in dollars. */
export function adminItemView(item: MenuItem) {
  return {
    id: item.id,
    slug: item.slug,
    squareId: item.squareId,
    name: item.name,
    description: item.description,
    price: item.priceCents / 100,
    section: item.section,
    category: item.category,
    featured: item.featured,
    isFeatured: item.featured,
    inStock: item.inStock,
    /** When an 86'd dish returns by itself (ISO instant), or null. */
    backInStockAt: item.backInStockAt ?? null,
    image: item.image,
    imageUrl: item.image,
    dietary: [...item.dietary],
  };
}

/** What the console reads of a menu item. */
export type AdminItemView = ReturnType<typeof adminItemView>;
