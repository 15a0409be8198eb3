// The dietary and allergen labels a dish can carry, and the two checks the menu pages' first scripts make
// (src/lib/fullMenu.ts, src/lib/featuredCards.ts). Their words, filters and rules are in dietaryLabels.ts,
// loaded by the browser only with the filters and the dish sheet.
export const DIETARY_LABELS = [
  "vegetarian",
  "vegan",
  "gluten-free-option",
  "gluten-free",
  "dairy-free",
  "nut-free",
  "egg-free",
  "shellfish-free",
  "contains-gluten",
  "contains-dairy",
  "contains-nuts",
  "contains-eggs",
  "contains-shellfish",
  "cooked-to-order",
] as const;
export type DietaryLabel = (typeof DIETARY_LABELS)[number];

export function isDietaryLabel(value: unknown): value is DietaryLabel {
  return typeof value === "string" && (DIETARY_LABELS as readonly string[]).includes(value);
}

/** "Contains dairy" and its kind: said in the dish sheet, not on the full menu's rows (whose bytes are the page's budget). */
export const isAllergenWarning = (label: DietaryLabel) => label.startsWith("contains-");
