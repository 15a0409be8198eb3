// What the .astro pages and components read of the restaurant, their one door to the staff's data: the
// site facts of content/site.json with the main location's name, address and phone over them, the
// staff's schedule and the menu, as the build published them (src/content.config.ts reads them from the
// site's database at build; a console save calls the build hook). The development server renders every
// page on request, so there they are read live and a save shows at once.
import { getCollection, getEntry, type CollectionEntry } from "astro:content";
import { toE164 } from "./domain/checkoutCustomer";
import type { Locale } from "./domain/i18n/locales";
import { dishInSpanish } from "./domain/dishSpanish";
import { scheduleInLanguage } from "./domain/scheduleSpanish";
import type { Location } from "./domain/location.schema";
import type { MenuItem } from "./domain/menu.schema";
import type { RestaurantSchedule } from "./domain/schedule";
import { mainLocation } from "./server/content";
import { scheduleForRequest, readScheduleOrSeed } from "./server/schedule";

export { serverNow } from "./server/env";

export type SiteFacts = CollectionEntry<"site">["data"];

const DEV = import.meta.env.DEV;

/** The main location as published; in development, read live (null when there is none or no database). */
async function currentMainLocation(): Promise<Location | null> {
  if (DEV) return mainLocation().catch(() => null);
  const entry = await getEntry("mainLocation", "main");
  if (!entry) return null;
  const { locationId, ...location } = entry.data;
  return { ...location, id: locationId };
}

/** The facts of content/site.json with the main location's name, address and phone over them. */
export function withMainLocation(site: SiteFacts, location: Location | null): SiteFacts {
  if (!location) return site;
  const phoneE164 = location.phone ? toE164(location.phone) : null;
  return {
    ...site,
    name: location.name || site.name,
    address: {
      ...site.address,
      street: location.address || site.address.street,
      city: location.city || site.address.city,
      state: location.state || site.address.state,
      zip: location.zipCode || site.address.zip,
    },
    ...(phoneE164 ? { phone: location.phone, phoneE164 } : {}),
  };
}

/** The site's facts in a language: content/es/site.json's words over the English ones (each falls back alone). */
export async function getSite(locale: Locale = "en"): Promise<SiteFacts> {
  const entry = await getEntry("site", "site");
  if (!entry) throw new Error("content/site.json is missing: the site collection has no 'site' entry");
  const site = withMainLocation(entry.data, await currentMainLocation());
  if (locale === "en") return site;
  const spanish = (await getCollection("siteEs"))[0]?.data;
  if (!spanish) return site;
  return {
    ...site,
    tagline: spanish.tagline,
    description: spanish.description,
    cuisine: spanish.cuisine,
    delivery: {
      bands: site.delivery.bands.map((band, index) => ({ ...band, label: spanish.delivery.bands[index] ?? band.label })),
      tiles: site.delivery.tiles.map((tile, index) => spanish.delivery.tiles[index] ?? tile),
    },
  };
}

/** The Spanish of a collection keyed by the English entry's id (empty in English: nothing to put over it). */
export async function translations<C extends "areasEs" | "menuEs" | "faqEs" | "sectionsEs">(
  collection: C,
  locale: Locale,
): Promise<Map<string, CollectionEntry<C>["data"]>> {
  if (locale === "en") return new Map();
  return new Map((await getCollection(collection)).map((entry) => [entry.id, entry.data as CollectionEntry<C>["data"]]));
}

/** The menu's sections (names, taglines, descriptions) in a language. */
export async function getSections(locale: Locale = "en"): Promise<CollectionEntry<"sections">["data"][]> {
  const spanish = await translations("sectionsEs", locale);
  return (await getCollection("sections")).map(({ data }) => {
    const es = spanish.get(data.id);
    return es ? { ...data, name: es.name ?? data.name, tagline: es.tagline, description: es.description } : data;
  });
}

/** The neighbourhoods in a language: each Spanish page has its own intro and text (name and ZIP codes stay). */
export async function getAreas(locale: Locale = "en"): Promise<CollectionEntry<"areas">["data"][]> {
  const spanish = await translations("areasEs", locale);
  return (await getCollection("areas")).map(({ data }) => {
    const es = spanish.get(data.slug);
    return es ? { ...data, intro: es.intro, description: es.description } : data;
  });
}

/**
 * The staff's schedule as published (in development, this request's live read; pass `Astro.locals`), its
 * special dates' notes and pause message in the page's language: the staff's Spanish, else the English.
 */
export async function scheduleForPage(locals: object, locale: Locale = "en"): Promise<RestaurantSchedule> {
  if (DEV) return locale === "en" ? scheduleForRequest(locals) : readScheduleOrSeed(locale);
  const entry = await getEntry("schedule", "current");
  if (!entry) throw new Error("The schedule collection has no 'current' entry (src/content.config.ts)");
  const { id: _id, source: _source, ...schedule } = entry.data;
  return scheduleInLanguage(schedule as Parameters<typeof scheduleInLanguage>[0], locale);
}

/**
 * The dishes as published, in menu order (prices, stock, featured and dietary labels); in Spanish with
 * their descriptions and options' names as staff wrote them in the console, else from content/es/menu.json
 * (dish names stay as the restaurant writes them; a text without its Spanish keeps its English).
 */
export async function publishedMenu(locale: Locale = "en"): Promise<MenuItem[]> {
  const spanish = await translations("menuEs", locale);
  return (await getCollection("dishes")).map(({ data: { itemId, spanish: staff, ...item } }) => {
    const dish: MenuItem = { ...item, id: itemId };
    return locale === "es" ? dishInSpanish(dish, staff ?? {}, spanish.get(String(itemId))) : dish;
  });
}
