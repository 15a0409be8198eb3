// What the .astro pages and components read of the restaurant, their one door to the staff's data: the
// site facts of content/site.json with the main location's name, address and phone over them, the
// staff's schedule and the menu, as the build published them (src/content.config.ts reads them from the
// site's database at build; a console save calls the build hook). The development server renders every
// page on request, so there they are read live and a save shows at once.
import { getCollection, getEntry, type CollectionEntry } from "astro:content";
import { toE164 } from "./domain/checkoutCustomer";
import type { Location } from "./domain/location.schema";
import type { MenuItem } from "./domain/menu.schema";
import type { RestaurantSchedule } from "./domain/schedule";
import { mainLocation } from "./server/locations";
import { scheduleForRequest } from "./server/schedule/pages";

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

export async function getSite(): Promise<SiteFacts> {
  const entry = await getEntry("site", "site");
  if (!entry) throw new Error("content/site.json is missing: the site collection has no 'site' entry");
  return withMainLocation(entry.data, await currentMainLocation());
}

/** The staff's schedule as published (in development, this request's live read; pass `Astro.locals`). */
export async function scheduleForPage(locals: object): Promise<RestaurantSchedule> {
  if (DEV) return scheduleForRequest(locals);
  const entry = await getEntry("schedule", "current");
  if (!entry) throw new Error("The schedule collection has no 'current' entry (src/content.config.ts)");
  const { id: _id, source: _source, ...schedule } = entry.data;
  return schedule as RestaurantSchedule;
}

/** The dishes as published, in menu order (prices, stock, featured and dietary labels). */
export async function publishedMenu(): Promise<MenuItem[]> {
  return (await getCollection("dishes")).map(({ data: { itemId, ...item } }) => ({ ...item, id: itemId }));
}
