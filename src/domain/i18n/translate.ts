// One typed dictionary per part of the site (./ui/*.ts), each entry holding its English and its Spanish
// side by side: an entry without its Spanish, or whose Spanish takes other arguments, is a compile error.
// Islands import only the part they show, so a page's JavaScript carries no other page's words.
import type { Locale } from "./locales";

type Words<A extends unknown[]> = string | ((...args: A) => string);
/** One entry: its text in each language (text with arguments is a function of them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entry's arguments: unknown[] would refuse every typed function
export type Entry = { en: Words<any[]>; es: Words<any[]> };
export type Dictionary = Record<string, Entry>;

/** An entry whose text takes arguments: both languages take the same ones. */
export function words<A extends unknown[]>(en: (...args: A) => string, es: (...args: A) => string): { en: (...args: A) => string; es: (...args: A) => string } {
  return { en, es };
}

type ArgsOf<E extends Entry> = E["en"] extends (...args: infer A) => string ? A : [];

export type Translate<D extends Dictionary> = <K extends keyof D & string>(key: K, ...args: ArgsOf<D[K]>) => string;

/** A sentence's full stop, unless it already ends with one ("... 3:00 p. m." takes none). */
export function sentenceEnd(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

/** A whole dictionary in one language, keyed as it is: `inLanguage(words, "es").walletFailed("Apple Pay")`. */
export function inLanguage<D extends Dictionary>(dictionary: D, locale: Locale): { [K in keyof D]: D[K]["en"] } {
  return Object.fromEntries(Object.entries(dictionary).map(([key, entry]) => [key, entry[locale]])) as { [K in keyof D]: D[K]["en"] };
}

/** The words of one dictionary in one language: `t("cart.title")`, `t("cart.count", 3)`. */
export function translator<D extends Dictionary>(dictionary: D, locale: Locale): Translate<D> {
  return (key, ...args) => {
    const text = dictionary[key]![locale];
    return typeof text === "function" ? text(...args) : text;
  };
}
