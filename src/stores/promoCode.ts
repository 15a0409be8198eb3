// The promo code the diner brought: from a link (/full-menu?code=BRUNCH5, any page with the cart) or
// typed at checkout. Kept in localStorage next to the cart, so a code from a link opened on the menu is
// still there at checkout (./cart reads the link when it loads); forgotten when removed or once an order
// is placed with it. Only the code is kept: what it gives is always the server's answer.
import { persistentAtom } from "@nanostores/persistent";
import { installSafeBrowserStorage } from "./cartStorage";

export const PROMO_CODE_STORAGE_KEY = "jealous-fork-promo-code";

/** As the server takes a code: letters, digits, "-" or "_", 40 at most; any capitals. */
const CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

/** A code as typed or linked, in capitals; null when it cannot be a code at all. */
export function promoCodeOf(raw: string | null | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

// Before the store reads storage for the first time (./cart does the same; installing twice is harmless).
installSafeBrowserStorage();

/** The code to apply at checkout, "" when none. */
export const $promoCode = persistentAtom<string>(PROMO_CODE_STORAGE_KEY, "", {
  encode: (code) => code,
  decode: (stored) => promoCodeOf(stored) ?? "",
});

/** Remembers the link's ?code= (a page's query string); answers the code kept, or null when the link had none. */
export function rememberLinkedCode(search: string = typeof location === "undefined" ? "" : location.search): string | null {
  const code = promoCodeOf(new URLSearchParams(search).get("code"));
  if (code) $promoCode.set(code);
  return code;
}

/** Keeps a code typed at checkout, or forgets it (null): removed, or spent by a placed order. */
export function setPromoCode(code: string | null): void {
  $promoCode.set(code ? (promoCodeOf(code) ?? "") : "");
}
