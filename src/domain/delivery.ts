// Where we deliver: only to the ZIP codes of the areas in content/areas.json. The checkout form and
// POST /api/orders both use this rule, so the browser shows the message the server would answer.
// Pure: callers pass the served ZIP codes (the server reads the areas file, the checkout page hands
// the island just the codes), so the browser never ships the areas' texts.

/** Every ZIP code the areas list, once each and sorted: the list the rule below takes. */
export function servedZipCodes(areas: readonly { zipCodes: readonly string[] }[]): string[] {
  return [...new Set(areas.flatMap((area) => area.zipCodes))].sort();
}

/** The five-digit part of a US ZIP ("33156-1234" -> "33156"). */
export function zip5(zipCode: string): string {
  return zipCode.trim().slice(0, 5);
}

export function deliversTo(zipCode: string, servedZips: readonly string[]): boolean {
  return servedZips.includes(zip5(zipCode));
}

/** The sentence for a ZIP we do not deliver to, in each language (the API's code outside_delivery_area). */
export const UNDELIVERABLE_ZIP = {
  en: (zipCode: string) => `Sorry, we don't deliver to ZIP code ${zip5(zipCode)} yet. Choose pickup, or use an address in one of the Miami areas we serve.`,
  es: (zipCode: string) =>
    `Lo sentimos, todavía no hacemos entregas al código postal ${zip5(zipCode)}. Elige recoger en el local, o usa una dirección en una de las zonas de Miami que atendemos.`,
};

/** The sentence shown (browser) and answered (server, 422) for a ZIP we do not deliver to. */
export function undeliverableZipMessage(zipCode: string, locale: "en" | "es" = "en"): string {
  return UNDELIVERABLE_ZIP[locale](zipCode);
}
