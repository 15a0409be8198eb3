// What the .astro pages and components read of the restaurant, their one door to the server's data:
// the site facts of content/site.json (one typed read that fails the build with a clear message if the
// entry is missing), with the address and phone of the main location staff edit in the console
// (Locations tab) when the database has one; the staff's schedule; the restaurant's "now". Pages render
// on request and are cached by the CDN under the tag "hours", which a save purges.
import { getEntry, type CollectionEntry } from "astro:content";
import { toE164 } from "./domain/checkoutCustomer";
import type { Location } from "./domain/location.schema";
import { mainLocation } from "./server/locations";

export { serverNow } from "./server/env";
export { scheduleForPage } from "./server/schedule/pages";

export type SiteFacts = CollectionEntry<"site">["data"];

/**
 * The main location, read at most every 5 s by an instance (a page asks for the facts in every
 * component); null when there is none or no database.
 */
let cached: { at: number; location: Promise<Location | null> } | undefined;
const LOCATION_TTL_MS = 5_000;

function currentMainLocation(): Promise<Location | null> {
  if (!cached || Date.now() - cached.at > LOCATION_TTL_MS) {
    // No database (a build without one, an outage): the facts of content/site.json stand.
    cached = { at: Date.now(), location: mainLocation().catch(() => null) };
  }
  return cached.location;
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
