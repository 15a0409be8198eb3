// A dish in Spanish: its description and its options' names from content/es/menu.json (the name stays
// as the restaurant writes it; anything without its Spanish keeps its English). Ids and prices never
// change, so an order placed from the Spanish menu is the same order, and the kitchen reads English.

export interface DishTranslation {
  description: string;
  /** By option group id: the group's name and each choice's name by option id. */
  options?: Record<string, { name: string; choices: Record<string, string> }>;
}

