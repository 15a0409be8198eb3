// The words of the time-aware menu: the full menu and menu pages, their rows and filters, the featured
// cards. Read at build by the .astro components; the browser's scripts get only the page's language,
// written into the HTML (liveMenuWords, featuredWords), never this dictionary.
import { ALLERGENS, DIETARY_LABELS, DIETARY_TEXT, filterText, type Allergen, type AllergenState, type DietaryLabel } from "../../dietaryLabels";
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
  "filters.none": {
    en: "No dish is marked for what you chose yet, so none is shown. Call us at {phone}: we will tell you what the kitchen can make.",
    es: "Aún no hay platos marcados para lo que elegiste, así que no se muestra ninguno. Llámanos al {phone}: te diremos qué puede preparar la cocina.",
  },
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
  "outOfStock": { en: "Out of Stock", es: "Agotado" },
  "added": words(
    (name: string) => `${name} added to your order.`,
    (name: string) => `Se agregó ${name} a tu pedido.`,
  ),
  "notice.close": { en: "Close the notice", es: "Cerrar el aviso" },
  "featured.outNote": { en: "Out of Stock - Still Available to Order", es: "Agotado - Aún puedes pedirlo" },
  "featured.orderOut": { en: "Order (Out of Stock)", es: "Pedir (agotado)" },
  /** Under the dietary filters: what a free-from filter promises, and who to ask (the phone follows, from content/site.json). */
  "filters.askUs": {
    en: "Free-from filters show only the dishes our kitchen has marked free of it; a dish nobody has checked is left out. Ask us about anything else:",
    es: "Los filtros «Sin…» muestran solo los platos que nuestra cocina ha marcado sin ese alérgeno; un plato sin revisar queda fuera. Pregúntanos por cualquier otra cosa:",
  },
  /** The consumer advisory for raw or undercooked animal foods (FDA Food Code 3-603.11, adopted by Florida). */
  "advisory": {
    en: "* Cooked to order: served raw or undercooked, or may contain raw or undercooked ingredients. Consuming raw or undercooked meats, poultry, seafood, shellfish, or eggs may increase your risk of foodborne illness, especially if you have certain medical conditions.",
    es: "* Cocinado al gusto: se sirve crudo o poco cocido, o puede contener ingredientes crudos o poco cocidos. Consumir carnes, aves, mariscos, moluscos o huevos crudos o poco cocidos puede aumentar el riesgo de enfermedades transmitidas por los alimentos, especialmente si usted tiene ciertas condiciones médicas.",
  },
  "sheet.allergens": { en: "Allergens", es: "Alérgenos" },
  "sheet.close": { en: "Close", es: "Cerrar" },
  "featured.labels": { en: "Dietary labels", es: "Etiquetas de dieta" },
  "featured.fullMenu": { en: "View Full Menu", es: "Ver el menú completo" },
  "featured.loading": { en: "Loading featured items...", es: "Cargando los platos destacados..." },
} satisfies Dictionary;

/** A dish's label as its badge says it, in each language (the English is dietaryLabels.ts's own). */
export const DIETARY_WORDS = {
  "vegetarian": { en: DIETARY_TEXT["vegetarian"], es: "Vegetariano" },
  "vegan": { en: DIETARY_TEXT["vegan"], es: "Vegano" },
  "gluten-free-option": { en: DIETARY_TEXT["gluten-free-option"], es: "Opción sin gluten" },
  "gluten-free": { en: DIETARY_TEXT["gluten-free"], es: "Sin gluten" },
  "dairy-free": { en: DIETARY_TEXT["dairy-free"], es: "Sin lácteos" },
  "nut-free": { en: DIETARY_TEXT["nut-free"], es: "Sin nueces" },
  "egg-free": { en: DIETARY_TEXT["egg-free"], es: "Sin huevo" },
  "shellfish-free": { en: DIETARY_TEXT["shellfish-free"], es: "Sin mariscos" },
  "contains-gluten": { en: DIETARY_TEXT["contains-gluten"], es: "Contiene gluten" },
  "contains-dairy": { en: DIETARY_TEXT["contains-dairy"], es: "Contiene lácteos" },
  "contains-nuts": { en: DIETARY_TEXT["contains-nuts"], es: "Contiene nueces" },
  "contains-eggs": { en: DIETARY_TEXT["contains-eggs"], es: "Contiene huevo" },
  "contains-shellfish": { en: DIETARY_TEXT["contains-shellfish"], es: "Contiene mariscos" },
  "cooked-to-order": { en: DIETARY_TEXT["cooked-to-order"], es: "Cocinado al gusto*" },
} satisfies Record<DietaryLabel, { en: string; es: string }>;

/** An allergen's name in each language: the dish sheet's list ("Dairy: contains"). */
const ALLERGEN_WORDS = {
  gluten: { en: "Gluten", es: "Gluten" },
  dairy: { en: "Dairy", es: "Lácteos" },
  nuts: { en: "Nuts", es: "Nueces" },
  eggs: { en: "Eggs", es: "Huevo" },
  shellfish: { en: "Shellfish", es: "Mariscos" },
} satisfies Record<Allergen, { en: string; es: string }>;

/** What the dish sheet says of each allergen's state. */
const ALLERGEN_STATE_WORDS = {
  contains: { en: "Contains", es: "Contiene" },
  free: { en: "Free of it (marked by our kitchen)", es: "No contiene (lo marcó nuestra cocina)" },
  unknown: { en: "Not known: ask us", es: "Sin confirmar: pregúntanos" },
} satisfies Record<AllergenState, { en: string; es: string }>;

export function dietaryText(label: DietaryLabel, locale: Locale): string {
  return DIETARY_WORDS[label][locale];
}

/** The words of a label's filter: a diet shows its dishes ("Vegan"), a free-from filter its own ("No nuts", "Sin nueces"). */
export function dietaryFilterText(label: DietaryLabel, locale: Locale): string {
  if (locale === "en") return filterText(label);
  return DIETARY_WORDS[label].es;
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
  out: string;
  now: string;
  slot: string;
  loading: string;
  added: string;
  shownOne: string;
  shownMany: string;
  /** No dish suits the filters chosen: why, and the phone ("{phone}") to ask instead. */
  filtersNone: string;
  labels: Record<DietaryLabel, string>;
  /** The dish sheet: its heading over the allergens, each allergen's name and what is known of it, its close button. */
  sheetAllergens: string;
  sheetClose: string;
  allergens: Record<Allergen, string>;
  states: Record<AllergenState, string>;
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
    out: t("outOfStock"),
    now: t("now"),
    slot: t("slot", "{day}", "{time}"),
    loading: t("loading"),
    added: t("added", "{name}"),
    shownOne: t("shown", 1),
    shownMany: t("shown", "{n}"),
    filtersNone: t("filters.none"),
    labels: Object.fromEntries(DIETARY_LABELS.map((label) => [label, dietaryText(label, locale)])) as Record<DietaryLabel, string>,
    sheetAllergens: t("sheet.allergens"),
    sheetClose: t("sheet.close"),
    allergens: Object.fromEntries(ALLERGENS.map((allergen) => [allergen, ALLERGEN_WORDS[allergen][locale]])) as Record<Allergen, string>,
    states: { contains: ALLERGEN_STATE_WORDS.contains[locale], free: ALLERGEN_STATE_WORDS.free[locale], unknown: ALLERGEN_STATE_WORDS.unknown[locale] },
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
    /** Said beside the card's button once its dish is in the cart; {name} is the dish's. */
    added: t("added", "{name}"),
  };
}
export type FeaturedWords = ReturnType<typeof featuredWords>;
