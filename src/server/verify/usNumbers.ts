// Which numbers the site texts codes to: the restaurant's diners are in the US, and a text to anywhere else
// costs more and is how SMS pumping pays (premium and satellite ranges, the Caribbean's carriers). A number
// passes only as +1 on the North American Numbering Plan, in a US area code: not Canada's, not the
// Caribbean's or the US territories' (they share +1 but are billed as international), and not a
// non-geographic code (toll-free, premium 900, personal 5XX, 600/700). The lists are NANPA's
// (https://www.nationalnanpa.com/enas/geoAreaCodeNumberReport.do, "Area codes by location"), as of 2026.
// Twilio Verify's Geo Permissions should allow the US only as well (docs/loyalty.md): this is the site's half.

/** Canada's area codes (geographic and its non-geographic 600 and 622). */
export const CANADA_AREA_CODES: readonly string[] = [
  "204", "226", "236", "249", "250", "257", "263", "273", "289", "306", "343", "354", "365", "367", "368", "382",
  "403", "416", "418", "428", "431", "437", "438", "450", "460", "468", "474", "506", "514", "519", "548", "579",
  "581", "584", "587", "600", "604", "613", "622", "639", "647", "672", "683", "705", "709", "742", "753", "778",
  "780", "782", "807", "819", "825", "867", "873", "879", "902", "905", "942",
];

/** The Caribbean countries' and the US territories' area codes on +1. */
export const CARIBBEAN_AND_TERRITORY_AREA_CODES: readonly string[] = [
  "242", // Bahamas
  "246", // Barbados
  "264", // Anguilla
  "268", // Antigua and Barbuda
  "284", // British Virgin Islands
  "340", // US Virgin Islands
  "345", // Cayman Islands
  "441", // Bermuda
  "473", // Grenada
  "649", // Turks and Caicos
  "658", "876", // Jamaica
  "664", // Montserrat
  "670", // Northern Mariana Islands
  "671", // Guam
  "684", // American Samoa
  "721", // Sint Maarten
  "758", // Saint Lucia
  "767", // Dominica
  "784", // Saint Vincent and the Grenadines
  "787", "939", // Puerto Rico
  "809", "829", "849", // Dominican Republic
  "868", // Trinidad and Tobago
  "869", // Saint Kitts and Nevis
];

/**
 * Non-geographic codes: personal communications (500, 521-533, 544, 566, 577, 588), inbound international
 * (456), 700, 710 (the federal government), toll-free (800, 833, 844, 855, 866, 877, 888 and the 88X kept
 * for it), premium (900).
 */
const NON_GEOGRAPHIC = /^(500|52[1-9]|53[0-3]|544|566|577|588|456|700|710|800|833|844|855|866|877|88\d|900)$/;

const REFUSED = new Set([...CANADA_AREA_CODES, ...CARIBBEAN_AND_TERRITORY_AREA_CODES]);

/**
 * True for a US number in E.164 (+1, then a 10-digit NANP number: area code and exchange each starting 2-9,
 * the area code not N11 nor a code reserved for expansion, N9X) in a US area code.
 */
export function isUsNumber(e164: string): boolean {
  const match = /^\+1([2-9]\d\d)([2-9]\d\d)\d{4}$/.exec(e164);
  if (!match) return false;
  const [, area = "", exchange = ""] = match;
  if (/^.11$/.test(area) || area[1] === "9" || /^.11$/.test(exchange)) return false;
  return !REFUSED.has(area) && !NON_GEOGRAPHIC.test(area);
}
