// The words of the time-aware menu: the full menu and menu pages, their rows and filters, the featured
// cards. Read at build by the .astro components; the browser's scripts get only the page's language,
// written into the HTML (liveMenuWords, featuredWords), never this dictionary.
import { DIETARY_LABELS, DIETARY_TEXT, filterText, type DietaryLabel } from "../../dietaryLabels";
import type { Locale } from "../locales";
import { translator, words, type Dictionary } from "../translate";

export const menuWords = {
  "heading": { en: "Our Menu", es: "Nuestro menú" },
  "intro": {
    en: "Brunch from Jealous Fork, burgers from Jealous Burger on Friday and Saturday nights, and drinks whenever we are open.",
    es: "Brunch de Jealous Fork, hamburguesas de Jealous Burger los viernes y sábados por la noche, y bebidas siempre que estemos abiertos.",
  },
  "orderingFor": { en: "Ordering for", es: "Pedido para" },
  "now": { en: "Now", es: "Ahora" },
  "slot": words(
    (day: string, time: string) => `${day} at ${time}`,
    (day: string, time: string) => `${day} a las ${time}`,
  ),
  "filters": { en: "Filters", es: "Filtros" },
  "sectionsNav": { en: "Menu sections", es: "Secciones del menú" },
  "categoriesNav": { en: "Categories", es: "Categorías" },
  "dietaryFilters": { en: "Dietary filters", es: "Filtros de dieta" },
  "show": { en: "Show:", es: "Mostrar:" },
  "shown": words(
    (count: number | string) => `${count} ${count === 1 ? "dish" : "dishes"} shown`,
    (count: number | string) => (count === 1 ? "Se muestra 1 plato" : `Se muestran ${count} platos`),
  ),
  "loading": { en: "Loading menu sections...", es: "Cargando las secciones del menú..." },
  "loadFailed": { en: "Failed to load menu. Please try again.", es: "No pudimos cargar el menú. Inténtalo de nuevo." },
  "tryAgain": { en: "Try again", es: "Reintentar" },
  "emptySection": {
    en: "No items available in this section. Check back during operating hours.",
    es: "No hay platos disponibles en esta sección. Vuelve durante nuestro horario.",
  },
  "hoursHeading": { en: "Operating Hours", es: "Horario" },
  /** The closed days in the plural ("Mondays", "lunes"): closedDaysPlural. */
  "closedOn": words(
    (days: string) => `CLOSED ${days.toUpperCase()}`,
    (days: string) => `CERRADO LOS ${days.toUpperCase()}`,
  ),
  "badge.open": { en: "OPEN", es: "ABIERTO" },
  "badge.openNow": { en: "OPEN NOW", es: "ABIERTO AHORA" },
  "badge.closed": { en: "CLOSED", es: "CERRADO" },
  "add": { en: "Add to Cart", es: "Agregar al carrito" },
  "closedButton": { en: "Closed", es: "Cerrado" },
  "unavailable": { en: "Unavailable", es: "No disponible" },
  "available": { en: "Available", es: "Disponible" },
  "outOfStock": { en: "Out of Stock", es: "Agotado" },
  "added": words(
    (name: string) => `${name} added to your order.`,
    (name: string) => `Se agregó ${name} a tu pedido.`,
  ),
  "notice.close": { en: "Close the notice", es: "Cerrar el aviso" },
  "featured.outNote": { en: "Out of Stock - Still Available to Order", es: "Agotado - Aún puedes pedirlo" },
  "featured.orderOut": { en: "Order (Out of Stock)", es: "Pedir (agotado)" },
  "featured.labels": { en: "Dietary labels", es: "Etiquetas de dieta" },
  "featured.fullMenu": { en: "View Full Menu", es: "Ver el menú completo" },
  "featured.loading": { en: "Loading featured items...", es: "Cargando los platos destacados..." },
} satisfies Dictionary;

/** A dish's label as its badge says it, in each language (the English is dietaryLabels.ts's own). */
export const DIETARY_WORDS = {
  "vegetarian": { en: DIETARY_TEXT["vegetarian"], es: "Vegetariano" },
  "vegan": { en: DIETARY_TEXT["vegan"], es: "Vegano" },
  "gluten-free": { en: DIETARY_TEXT["gluten-free"], es: "Sin gluten" },
  "gluten-free-option": { en: DIETARY_TEXT["gluten-free-option"], es: "Opción sin gluten" },
  "dairy-free": { en: DIETARY_TEXT["dairy-free"], es: "Sin lácteos" },
  "contains-nuts": { en: DIETARY_TEXT["contains-nuts"], es: "Contiene nueces" },
  "contains-dairy": { en: DIETARY_TEXT["contains-dairy"], es: "Contiene lácteos" },
  "contains-eggs": { en: DIETARY_TEXT["contains-eggs"], es: "Contiene huevo" },
  "contains-gluten": { en: DIETARY_TEXT["contains-gluten"], es: "Contiene gluten" },
  "contains-shellfish": { en: DIETARY_TEXT["contains-shellfish"], es: "Contiene mariscos" },
} satisfies Record<DietaryLabel, { en: string; es: string }>;

/** The filter of an allergen hides the dishes that carry it: "No nuts", "Sin nueces". */
const ALLERGEN_FILTER_ES = {
  "contains-nuts": "Sin nueces",
  "contains-dairy": "Sin lácteos",
  "contains-eggs": "Sin huevo",
  "contains-gluten": "Sin gluten",
  "contains-shellfish": "Sin mariscos",
} satisfies Record<Extract<DietaryLabel, `contains-${string}`>, string>;

export function dietaryText(label: DietaryLabel, locale: Locale): string {
  return DIETARY_WORDS[label][locale];
}

/** The words of a label's filter: a diet shows its dishes ("Vegan"), an allergen hides its own ("No nuts"). */
export function dietaryFilterText(label: DietaryLabel, locale: Locale): string {
  if (locale === "en") return filterText(label);
  return label in ALLERGEN_FILTER_ES ? ALLERGEN_FILTER_ES[label as keyof typeof ALLERGEN_FILTER_ES] : DIETARY_WORDS[label].es;
}

/**
 * The menu's categories in Spanish (English shows the restaurant's own word, capitalised by the page).
 * A category staff add later without its Spanish here shows as written.
 */
const CATEGORY_ES: Record<string, string> = {
  starters: "entradas",
  salads: "ensaladas",
  pancakes: "pancakes",
  sandwiches: "sándwiches",
  flatbread: "flatbreads",
  breakfast: "desayunos",
  apps: "aperitivos",
  fries: "papas fritas",
  burgers: "hamburguesas",
  desserts: "postres",
  cocktails: "cócteles",
  coffee: "café",
  beer: "cervezas",
  wine: "vinos",
  beverages: "bebidas",
  uncategorized: "otros",
};

export function categoryName(category: string, locale: Locale): string {
  return locale === "es" ? (CATEGORY_ES[category.toLowerCase()] ?? category) : category;
}

/**
 * What the full menu's script writes after load, in the page's language only (carried by the page:
 * src/lib/liveMenuWords.ts). "{name}", "{n}", "{day}" and "{time}" stand for what the script fills in.
 */
export interface LiveMenuWords {
  open: string;
  openNow: string;
  closed: string;
  add: string;
  closedButton: string;
  unavailable: string;
  available: string;
  out: string;
  now: string;
  slot: string;
  loading: string;
  added: string;
  shownOne: string;
  shownMany: string;
  labels: Record<DietaryLabel, string>;
  /** A category's name by the restaurant's own word (none in English: the page shows that word). */
  categories: Record<string, string>;
}

export function liveMenuWords(locale: Locale): LiveMenuWords {
  const t = translator(menuWords, locale);
  return {
    open: t("badge.open"),
    openNow: t("badge.openNow"),
    closed: t("badge.closed"),
    add: t("add"),
    closedButton: t("closedButton"),
    unavailable: t("unavailable"),
    available: t("available"),
    out: t("outOfStock"),
    now: t("now"),
    slot: t("slot", "{day}", "{time}"),
    loading: t("loading"),
    added: t("added", "{name}"),
    shownOne: t("shown", 1),
    shownMany: t("shown", "{n}"),
    labels: Object.fromEntries(DIETARY_LABELS.map((label) => [label, dietaryText(label, locale)])) as Record<DietaryLabel, string>,
    categories: locale === "es" ? CATEGORY_ES : {},
  };
}

/** What the featured cards say, in one language: the build writes the cards with them, and the browser again when the admin's list differs. */
export function featuredWords(locale: Locale, fullMenuHref: string) {
  const t = translator(menuWords, locale);
  return {
    add: t("add"),
    orderOut: t("featured.orderOut"),
    outNote: t("featured.outNote"),
    labelsName: t("featured.labels"),
    labels: Object.fromEntries(DIETARY_LABELS.map((label) => [label, dietaryText(label, locale)])) as Record<DietaryLabel, string>,
    fullMenu: t("featured.fullMenu"),
    fullMenuHref,
    loading: t("featured.loading"),
  };
}
export type FeaturedWords = ReturnType<typeof featuredWords>;
