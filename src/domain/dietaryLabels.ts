// Dietary and allergen labels of a dish: what the cards say in words (never colour alone), what the
// full menu filters by, what the JSON-LD declares, and how Square's food and beverage details map to
// them. No zod: the browser imports it.
//
// Each allergen has three states on a dish: it contains it ("contains-dairy"), the kitchen has marked it
// free of it ("dairy-free"), or neither label, which means nobody has said: unknown, never safe. A
// free-from filter shows only the dishes marked free.

// The list itself and its two checks live in dietaryLabelList.ts: the menu pages' first scripts need only them,
// not the words and rules below (about 0.6 KB of their JavaScript before interaction).
import { DIETARY_LABELS, isAllergenWarning, isDietaryLabel, type DietaryLabel } from "./dietaryLabelList";
export { DIETARY_LABELS, isAllergenWarning, isDietaryLabel, type DietaryLabel };

export const ALLERGENS = ["gluten", "dairy", "nuts", "eggs", "shellfish"] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The label that says a dish is free of an allergen, and the one that says it contains it. */
export const FREE_OF: Record<Allergen, DietaryLabel> = {
  gluten: "gluten-free",
  dairy: "dairy-free",
  nuts: "nut-free",
  eggs: "egg-free",
  shellfish: "shellfish-free",
};
export const CONTAINS: Record<Allergen, DietaryLabel> = {
  gluten: "contains-gluten",
  dairy: "contains-dairy",
  nuts: "contains-nuts",
  eggs: "contains-eggs",
  shellfish: "contains-shellfish",
};

/** The words on a dish's badge. */
export const DIETARY_TEXT: Record<DietaryLabel, string> = {
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  "gluten-free-option": "Gluten-free available",
  "gluten-free": "Gluten-free",
  "dairy-free": "Dairy-free",
  "nut-free": "Nut-free",
  "egg-free": "Egg-free",
  "shellfish-free": "Shellfish-free",
  "contains-gluten": "Contains gluten",
  "contains-dairy": "Contains dairy",
  "contains-nuts": "Contains nuts",
  "contains-eggs": "Contains eggs",
  "contains-shellfish": "Contains shellfish",
  // The asterisk leads to the consumer advisory under the dishes (raw or undercooked animal foods).
  "cooked-to-order": "Cooked to order*",
};

/** An allergen's name in a filter ("No dairy") and in the dish sheet. */
const ALLERGEN_TEXT: Record<Allergen, string> = { gluten: "gluten", dairy: "dairy", nuts: "nuts", eggs: "eggs", shellfish: "shellfish" };


/** Labels a diner chooses a dish by ("show me vegan dishes"). */
export const DIET_LABELS: readonly DietaryLabel[] = ["vegetarian", "vegan", "gluten-free-option"];

/** The full menu's filters: the diets some dish carries, then every free-from filter (even one no dish passes yet). */
export function menuFilters(labelsOnMenu: Iterable<DietaryLabel>): DietaryLabel[] {
  const present = new Set(labelsOnMenu);
  return [...DIET_LABELS.filter((label) => present.has(label)), ...ALLERGENS.map((allergen) => FREE_OF[allergen])];
}

const allergenOfFree = (label: DietaryLabel) => ALLERGENS.find((allergen) => FREE_OF[allergen] === label);

/** The words of a label's filter on the full menu: a diet shows its dishes, a free-from filter says "No dairy". */
export function filterText(label: DietaryLabel): string {
  const allergen = allergenOfFree(label);
  return allergen ? `No ${ALLERGEN_TEXT[allergen]}` : DIETARY_TEXT[label];
}

/** What a dish's labels say of one allergen: contains it, marked free of it, or nobody has said. */
export type AllergenState = "contains" | "free" | "unknown";
export function allergenState(labels: readonly DietaryLabel[], allergen: Allergen): AllergenState {
  if (labels.includes(CONTAINS[allergen])) return "contains";
  return labels.includes(FREE_OF[allergen]) ? "free" : "unknown";
}

/** Whether the dish's labels say nothing of any allergen (what the console counts). */
export function allergensUnknown(labels: readonly DietaryLabel[]): boolean {
  return ALLERGENS.every((allergen) => allergenState(labels, allergen) === "unknown");
}

/**
 * Whether a dish with these labels stays shown under the filters chosen: it must carry every label
 * chosen. A dish nobody has marked free of an allergen is left out, never counted safe.
 */
export function dishShown(labels: readonly DietaryLabel[], wanted: readonly DietaryLabel[]): boolean {
  const carries = (label: DietaryLabel) =>
    labels.includes(label) ||
    // "Vegan" suits a vegetarian too; a gluten-free dish suits one who asks for a gluten-free option.
    (label === "vegetarian" && labels.includes("vegan")) ||
    (label === "gluten-free-option" && labels.includes("gluten-free"));
  return wanted.every(carries);
}

/** Labels that cannot both be true of one dish: what the console refuses, in words for the person. */
export function labelProblems(labels: readonly DietaryLabel[]): string[] {
  const problems = ALLERGENS.filter((allergen) => labels.includes(FREE_OF[allergen]) && labels.includes(CONTAINS[allergen])).map(
    (allergen) => `A dish cannot both contain ${ALLERGEN_TEXT[allergen]} and be free of ${ALLERGEN_TEXT[allergen]}.`,
  );
  if (labels.includes("vegan") && (labels.includes("contains-dairy") || labels.includes("contains-eggs"))) {
    problems.push("A vegan dish cannot contain dairy or eggs.");
  }
  if (new Set(labels).size !== labels.length) problems.push("Each label once.");
  return problems;
}

/** schema.org's RestrictedDiet for the labels that promise a diet ("gluten-free available" promises none). */
export const SUITABLE_FOR_DIET: Partial<Record<DietaryLabel, string>> = {
  vegetarian: "https://schema.org/VegetarianDiet",
  vegan: "https://schema.org/VeganDiet",
  "gluten-free": "https://schema.org/GlutenFreeDiet",
};

/** The diets a dish with these labels suits, as schema.org names them. */
export function suitableForDiet(labels: readonly DietaryLabel[]): string[] {
  return labels.flatMap((label) => (SUITABLE_FOR_DIET[label] ? [SUITABLE_FOR_DIET[label]!] : []));
}

const SQUARE_PREFERENCES: Record<string, DietaryLabel> = {
  VEGETARIAN: "vegetarian",
  VEGAN: "vegan",
  GLUTEN_FREE: "gluten-free",
  DAIRY_FREE: "dairy-free",
};

const SQUARE_INGREDIENTS: Record<string, DietaryLabel> = {
  PEANUTS: "contains-nuts",
  TREE_NUTS: "contains-nuts",
  MILK: "contains-dairy",
  EGGS: "contains-eggs",
  GLUTEN: "contains-gluten",
  CRUSTACEANS: "contains-shellfish",
  MOLLUSCS: "contains-shellfish",
};

/** The labels Square's food and beverage details can state; the others are set in our console only. */
const SQUARE_STATED: readonly DietaryLabel[] = [...new Set([...Object.values(SQUARE_PREFERENCES), ...Object.values(SQUARE_INGREDIENTS)])];

/** Drops the claims an allergen the dish contains contradicts ("dairy-free" beside milk, "vegan" beside eggs). */
function withoutContradictions(labels: ReadonlySet<DietaryLabel>): DietaryLabel[] {
  const kept = DIETARY_LABELS.filter((label) => labels.has(label));
  return kept.filter((label) => {
    const allergen = allergenOfFree(label);
    if (allergen) return !labels.has(CONTAINS[allergen]);
    return label !== "vegan" || !(labels.has("contains-dairy") || labels.has("contains-eggs"));
  });
}

/**
 * Our labels for Square's standard dietary preferences and ingredients (custom ones have no label of
 * ours). An ingredient Square lists wins over a preference that contradicts it: unknown is never safe.
 */
export function labelsFromSquare(preferences: readonly (string | undefined)[], ingredients: readonly (string | undefined)[]): DietaryLabel[] {
  const labels = new Set<DietaryLabel>();
  for (const name of preferences) if (name && SQUARE_PREFERENCES[name]) labels.add(SQUARE_PREFERENCES[name]);
  for (const name of ingredients) if (name && SQUARE_INGREDIENTS[name]) labels.add(SQUARE_INGREDIENTS[name]);
  return withoutContradictions(labels);
}

/**
 * A dish's labels after a catalogue sync: what Square states replaces our labels of Square's vocabulary;
 * the labels only our console sets (nut-free, cooked to order...) are kept unless Square's contradict them.
 * When Square states nothing, our labels stay as they are.
 */
export function mergeSquareLabels(ours: readonly DietaryLabel[], fromSquare: readonly DietaryLabel[]): DietaryLabel[] {
  if (fromSquare.length === 0) return [...ours];
  return withoutContradictions(new Set([...fromSquare, ...ours.filter((label) => !SQUARE_STATED.includes(label))]));
}
