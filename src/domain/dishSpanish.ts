// The Spanish of a dish's texts: what staff wrote in the console (keyed per text, see spanishTextKey)
// over content/es/menu.json, over the English. The dish's name stays as the restaurant writes it; ids,
// prices and flags never change, so an order from the Spanish menu is the same order.
import type { DishTranslation } from "./i18n/dishes";
import type { MenuItem } from "./menu.schema";

/** The keys of a dish's translatable texts, as spanish_texts stores them. */
export const dishTextKey = {
  description: (dishId: number) => `dish:${dishId}:description`,
  group: (dishId: number, groupId: string) => `dish:${dishId}:group:${groupId}`,
  option: (dishId: number, groupId: string, optionId: string) => `dish:${dishId}:option:${groupId}:${optionId}`,
};

/** Staff's Spanish by key (only what they wrote). */
export type StaffSpanish = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

function lookup(staff: StaffSpanish, key: string): string | undefined {
  const text = staff instanceof Map ? staff.get(key) : (staff as Readonly<Record<string, string>>)[key];
  return text || undefined;
}

/** Each of the dish's texts with its English and its Spanish (staff's, else content/es's, else undefined). */
export function dishTexts(dish: Pick<MenuItem, "id" | "description" | "optionGroups">, staff: StaffSpanish, content: DishTranslation | undefined) {
  const texts: { key: string; part: "description" | "group" | "option"; english: string; spanish: string | undefined; fromStaff: boolean; groupName?: string }[] = [];
  const add = (key: string, part: "description" | "group" | "option", english: string, fromContent: string | undefined, groupName?: string) => {
    const own = lookup(staff, key);
    texts.push({ key, part, english, spanish: own ?? (fromContent || undefined), fromStaff: own !== undefined, ...(groupName ? { groupName } : {}) });
  };
  if (dish.description) add(dishTextKey.description(dish.id), "description", dish.description, content?.description);
  for (const group of dish.optionGroups) {
    const words = content?.options?.[group.id];
    add(dishTextKey.group(dish.id, group.id), "group", group.name, words?.name);
    for (const option of group.options) {
      // Never offered online: no visitor reads it, the kitchen reads English.
      if (option.hiddenOnline) continue;
      add(dishTextKey.option(dish.id, group.id, option.id), "option", option.name, words?.choices[option.id], group.name);
    }
  }
  return texts;
}

/** The dish in Spanish: each text's Spanish where there is one, its English where not (never empty). */
export function dishInSpanish<D extends Pick<MenuItem, "id" | "description" | "optionGroups">>(dish: D, staff: StaffSpanish, content: DishTranslation | undefined): D {
  const spanish = (key: string, fromContent: string | undefined, english: string) => lookup(staff, key) ?? (fromContent || english);
  return {
    ...dish,
    description: spanish(dishTextKey.description(dish.id), content?.description, dish.description),
    optionGroups: dish.optionGroups.map((group) => {
      const words = content?.options?.[group.id];
      return {
        ...group,
        name: spanish(dishTextKey.group(dish.id, group.id), words?.name, group.name),
        options: group.options.map((option) => ({
          ...option,
          name: spanish(dishTextKey.option(dish.id, group.id, option.id), words?.choices[option.id], option.name),
        })),
      };
    }),
  };
}

/**
 * A chosen option's group and name in Spanish as the Spanish menu showed them when the diner chose
 * (staff's, else content/es's, else the English kept on the order): what a Spanish receipt prints.
 */
export function spanishChoice(
  dishId: number,
  choice: { groupId: string; optionId: string; groupName: string; name: string },
  staff: StaffSpanish,
  content: DishTranslation | undefined,
): { group: string; name: string } {
  const words = content?.options?.[choice.groupId];
  return {
    group: lookup(staff, dishTextKey.group(dishId, choice.groupId)) ?? (words?.name || choice.groupName),
    name: lookup(staff, dishTextKey.option(dishId, choice.groupId, choice.optionId)) ?? (words?.choices[choice.optionId] || choice.name),
  };
}
