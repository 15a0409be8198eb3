// Neighbourhood pages: the name shown for a /near/{slug} we have no entry for, and which slugs
// deserve a page at all (one URL segment of lowercase words, so /near/<anything> cannot echo markup).

const AREA_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 60;

export function isAreaSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && AREA_SLUG.test(slug);
}

/** "little-river" -> "Little River"; small joining words stay lower case after the first. */
export function areaNameFromSlug(slug: string): string {
  const small = new Set(["and", "of", "the", "on", "at"]);
  return slug
    .split("-")
    .map((word, index) => (index > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}
