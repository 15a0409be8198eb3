// The site facts of content/site.json for .astro files: one typed read that fails the build with a
// clear message if the entry is missing, instead of an undefined check in every component.
import { getEntry, type CollectionEntry } from "astro:content";

export type SiteFacts = CollectionEntry<"site">["data"];

export async function getSite(): Promise<SiteFacts> {
  const entry = await getEntry("site", "site");
  if (!entry) throw new Error("content/site.json is missing: the site collection has no 'site' entry");
  return entry.data;
}
