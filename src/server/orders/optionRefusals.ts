// Why a dish's options were refused, by code and in both languages: the checks of optionProblems
// (src/domain/dishOptions.ts) in their order, each with the names the Spanish sentence needs (the option
// and group names as the Spanish menu shows them). The English is the domain's own sentence.
import { dishInSpanish } from "../../domain/dishSpanish";
import type { ChosenOption } from "../../domain/dishOptions";
import { said, type Said } from "../../domain/i18n/ui/errors";
import type { MenuItem } from "../../domain/menu.schema";
import { log } from "../platform/http";
import { CONTENT_SPANISH_DISHES, readStaffSpanish } from "../content";

/** The dish in Spanish as the menu shows it (the English dish when the staff's Spanish cannot be read). */
export async function spanishDish(item: MenuItem): Promise<MenuItem> {
  try {
    return dishInSpanish(item, await readStaffSpanish(), CONTENT_SPANISH_DISHES[String(item.id)]);
  } catch (error) {
    log("warn", "staff's Spanish unreadable for an options refusal", { error: error instanceof Error ? error.message : String(error) });
    return dishInSpanish(item, new Map(), CONTENT_SPANISH_DISHES[String(item.id)]);
  }
}

/**
 * One refusal per problem optionProblems finds for this choice, in the same order; `english` are its
 * sentences (the answer's English). `spanish` is the same dish with Spanish names.
 */
export function optionRefusals(item: MenuItem, spanish: MenuItem, chosen: readonly ChosenOption[], english: readonly string[]): Said[] {
  const refusals: Said[] = [];
  const sentence = () => english[refusals.length] ?? "";
  const spanishGroup = (groupId: string) => spanish.optionGroups.find((g) => g.id === groupId);
  const spanishName = (groupId: string, optionId: string) => spanishGroup(groupId)?.options.find((o) => o.id === optionId)?.name ?? optionId;
  for (const pick of chosen) {
    const group = item.optionGroups.find((g) => g.id === pick.groupId);
    const option = group?.options.find((o) => o.id === pick.optionId);
    if (!group || !option || option.hiddenOnline) refusals.push(said("option_unknown", sentence(), item.name));
    else if (option.soldOut) refusals.push(said("option_sold_out", sentence(), item.name, spanishName(group.id, option.id)));
    else if (!Number.isInteger(pick.quantity) || pick.quantity < 1 || (!group.allowQuantities && pick.quantity > 1)) {
      refusals.push(said("option_quantity", sentence(), item.name, spanishName(group.id, option.id), Boolean(group.allowQuantities)));
    }
  }
  for (const group of item.optionGroups) {
    const picks = chosen.filter((c) => c.groupId === group.id);
    const groupName = spanishGroup(group.id)?.name ?? group.name;
    if (new Set(picks.map((p) => p.optionId)).size !== picks.length) refusals.push(said("option_repeated", sentence(), item.name, groupName));
    const units = picks.reduce((sum, p) => sum + p.quantity, 0);
    if (units < group.min || units > group.max) refusals.push(said("option_limit", sentence(), item.name, groupName, group.min, group.max));
  }
  return refusals;
}
