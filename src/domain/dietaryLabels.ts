// Dietary and allergen labels of a dish: what the cards say in words (never colour alone), what the
// full menu filters by, what the JSON-LD declares, and how Square's food and beverage details map to
// them. No zod: the browser imports it.

export const DIETARY_LABELS = [
  "vegetarian",
  "vegan",
  "gluten-free",
  "gluten-free-option",
  "dairy-free",
  "contains-nuts",
  "contains-dairy",
  "contains-eggs",
  "contains-gluten",
  "contains-shellfish",
] as const;
export type DietaryLabel = (typeof DIETARY_LABELS)[number];

/** The words on a dish's badge and on the menu's filter. */
export const DIETARY_TEXT: Record<DietaryLabel, string> = {
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  "gluten-free": "Gluten-free",
  "gluten-free-option": "Gluten-free available",
  "dairy-free": "Dairy-free",
  "contains-nuts": "Contains nuts",
  "contains-dairy": "Contains dairy",
  "contains-eggs": "Contains eggs",
  "contains-gluten": "Contains gluten",
  "contains-shellfish": "Contains shellfish",
};

export function isDietaryLabel(value: unknown): value is DietaryLabel {
  return typeof value === "string" && (DIETARY_LABELS as readonly string[]).includes(value);
}

/** Labels a diner chooses a dish by ("show me vegan dishes"); the others warn of an allergen. */
export const DIET_LABELS: readonly DietaryLabel[] = ["vegetarian", "vegan", "gluten-free", "gluten-free-option", "dairy-free"];

/** The words of a label's filter on the full menu: a diet shows its dishes, an allergen hides its own. */
export function filterText(label: DietaryLabel): string {
  return DIET_LABELS.includes(label) ? DIETARY_TEXT[label] : `No ${DIETARY_TEXT[label].replace(/^Contains /, "")}`;
}

/** Whether a dish with these labels stays shown under the filters chosen (each a label's filter). */
export function dishShown(labels: readonly DietaryLabel[], wanted: readonly DietaryLabel[]): boolean {
  const diets = wanted.filter((label) => DIET_LABELS.includes(label));
  const avoided = wanted.filter((label) => !DIET_LABELS.includes(label));
  // "Vegan" suits a vegetarian too.
  const suits = (diet: DietaryLabel) => labels.includes(diet) || (diet === "vegetarian" && labels.includes("vegan"));
  return diets.every(suits) && !avoided.some((label) => labels.includes(label));
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

/** Our labels for Square's standard dietary preferences and ingredients (custom ones have no label of ours). */
export function labelsFromSquare(preferences: readonly (string | undefined)[], ingredients: readonly (string | undefined)[]): DietaryLabel[] {
  const labels = new Set<DietaryLabel>();
  for (const name of preferences) if (name && SQUARE_PREFERENCES[name]) labels.add(SQUARE_PREFERENCES[name]);
  for (const name of ingredients) if (name && SQUARE_INGREDIENTS[name]) labels.add(SQUARE_INGREDIENTS[name]);
  return DIETARY_LABELS.filter((label) => labels.has(label));
}
