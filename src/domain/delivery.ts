// Where we deliver: only to the ZIP codes of the areas in content/areas.json. The checkout form and
// POST /api/orders both use this rule, so the browser shows the message the server would answer.
import areas from "../../content/areas.json";

const SERVED_ZIPS: ReadonlySet<string> = new Set(areas.flatMap((area) => area.zipCodes));

/** The five-digit part of a US ZIP ("33156-1234" -> "33156"). */
export function zip5(zipCode: string): string {
  return zipCode.trim().slice(0, 5);
}

export function deliversTo(zipCode: string): boolean {
  return SERVED_ZIPS.has(zip5(zipCode));
}

/** The sentence shown (browser) and answered (server, 422) for a ZIP we do not deliver to. */
export function undeliverableZipMessage(zipCode: string): string {
  return `Sorry, we don't deliver to ZIP code ${zip5(zipCode)} yet. Choose pickup, or use an address in one of the Miami areas we serve.`;
}
