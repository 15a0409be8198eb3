// A dish's option groups (Square modifier lists: burger temperature, add-ons, toppings) and the
// rules a choice must keep, plus the tip: shared by the option dialog, the cart and the server,
// which prices every option from its own menu. Returns problems; never throws. The problems are in
// English for the server and the kitchen, in Spanish for a Spanish page's dialog and cart.
import type { Locale } from "./i18n/locales";
import type { ChosenOption } from "./lineKey";
import type { Cents } from "./money";

export interface DishOption {
  id: string;
  name: string;
  /** Added to the dish's price for each unit chosen. */
  price: Cents;
  onByDefault?: boolean;
  soldOut?: boolean;
  hiddenOnline?: boolean;
  /** Square's modifier id once the menu is synced: Square then prices it from its catalogue. */
  squareId?: string | null;
}

export interface OptionGroup {
  id: string;
  name: string;
  /** At least this many units chosen (1 with max 1: "choose exactly one"). */
  min: number;
  /** At most this many units chosen in the group. */
  max: number;
  /** Whether one option may be chosen more than once (Square's allow_quantities). */
  allowQuantities?: boolean;
  options: readonly DishOption[];
  /** Square's modifier list id once the menu is synced. */
  squareId?: string | null;
}


export interface OptionProblem {
  groupId: string;
  message: string;
}

// The line's identity and the notes' limits live apart (./lineKey), so every page's cart carries only them.
export { LINE_NOTE_MAX, lineKey, ORDER_NOTE_MAX, type ChosenOption } from "./lineKey";

/** The options a customer is offered: hidden ones are not. */
export function visibleOptions(group: OptionGroup): DishOption[] {
  return group.options.filter((o) => !o.hiddenOnline);
}

/** The choice a dialog opens with: each group's defaults that can still be had. */
export function defaultChoice(groups: readonly OptionGroup[]): ChosenOption[] {
  return groups.flatMap((group) =>
    visibleOptions(group)
      .filter((o) => o.onByDefault && !o.soldOut)
      .slice(0, group.max)
      .map((o) => ({ groupId: group.id, optionId: o.id, quantity: 1 })),
  );
}

const PROBLEM_WORDS = {
  en: {
    noGroup: (dish: string) => `${dish} has no such option.`,
    noOption: (where: string) => `${where}: no such option.`,
    soldOut: (dish: string, option: string) => `${dish}: ${option} is sold out.`,
    times: (dish: string, option: string, many: boolean) => `${dish}: ${option} can be chosen ${many ? "a whole number of times" : "only once"}.`,
    once: (where: string) => `${where}: each option once, with its quantity.`,
    exactlyOne: "choose exactly one",
    exactly: (count: number) => `choose exactly ${count}`,
    upTo: (max: number) => `choose up to ${max}`,
    between: (min: number, max: number) => `choose between ${min} and ${max}`,
  },
  es: {
    noGroup: (dish: string) => `${dish} no tiene esa opción.`,
    noOption: (where: string) => `${where}: no existe esa opción.`,
    soldOut: (dish: string, option: string) => `${dish}: se agotó ${option}.`,
    times: (dish: string, option: string, many: boolean) => `${dish}: ${option} se puede elegir ${many ? "un número entero de veces" : "solo una vez"}.`,
    once: (where: string) => `${where}: cada opción una sola vez, con su cantidad.`,
    exactlyOne: "elige exactamente una",
    exactly: (count: number) => `elige exactamente ${count}`,
    upTo: (max: number) => `elige hasta ${max}`,
    between: (min: number, max: number) => `elige entre ${min} y ${max}`,
  },
} satisfies Record<Locale, unknown>;

function describeLimit(group: OptionGroup, locale: Locale): string {
  const words = PROBLEM_WORDS[locale];
  if (group.min === group.max) return group.min === 1 ? words.exactlyOne : words.exactly(group.min);
  if (group.min === 0) return words.upTo(group.max);
  return words.between(group.min, group.max);
}

/**
 * Every way a choice breaks its dish's rules, each naming the group (empty when it keeps them), in a
 * language (English unless told: the server's and the kitchen's).
 */
export function optionProblems(dishName: string, groups: readonly OptionGroup[], chosen: readonly ChosenOption[], locale: Locale = "en"): OptionProblem[] {
  const words = PROBLEM_WORDS[locale];
  const problems: OptionProblem[] = [];
  for (const pick of chosen) {
    const group = groups.find((g) => g.id === pick.groupId);
    const option = group?.options.find((o) => o.id === pick.optionId);
    if (!group) {
      problems.push({ groupId: pick.groupId, message: words.noGroup(dishName) });
    } else if (!option || option.hiddenOnline) {
      problems.push({ groupId: group.id, message: words.noOption(`${dishName}, ${group.name}`) });
    } else if (option.soldOut) {
      problems.push({ groupId: group.id, message: words.soldOut(dishName, option.name) });
    } else if (!Number.isInteger(pick.quantity) || pick.quantity < 1 || (!group.allowQuantities && pick.quantity > 1)) {
      problems.push({ groupId: group.id, message: words.times(dishName, option.name, Boolean(group.allowQuantities)) });
    }
  }
  for (const group of groups) {
    const picks = chosen.filter((c) => c.groupId === group.id);
    if (new Set(picks.map((p) => p.optionId)).size !== picks.length) {
      problems.push({ groupId: group.id, message: words.once(`${dishName}, ${group.name}`) });
    }
    const units = picks.reduce((sum, p) => sum + p.quantity, 0);
    if (units < group.min || units > group.max) {
      problems.push({ groupId: group.id, message: `${dishName}, ${group.name}: ${describeLimit(group, locale)}.` });
    }
  }
  return problems;
}

/** The dish's unit price with its options, priced from the menu's own groups (never from the browser). */
export function unitPriceWithOptions(basePrice: Cents, groups: readonly OptionGroup[], chosen: readonly ChosenOption[]): Cents {
  return chosen.reduce((sum, pick) => {
    const option = groups.find((g) => g.id === pick.groupId)?.options.find((o) => o.id === pick.optionId);
    return sum + (option ? option.price * pick.quantity : 0);
  }, basePrice);
}

/** A chosen option as a line keeps it: named and priced when it was ordered, whatever the menu becomes. */
export interface ChosenOptionDetail extends ChosenOption {
  groupName: string;
  name: string;
  price: Cents;
  squareId: string | null;
}

/**
 * The choice spelled out in the menu's order of groups and options (what the cart, the kitchen and
 * Square read): picks the groups do not know are left out (optionProblems reports them).
 */
export function describeChoice(groups: readonly OptionGroup[], chosen: readonly ChosenOption[]): ChosenOptionDetail[] {
  return groups.flatMap((group) =>
    group.options.flatMap((option) => {
      const pick = chosen.find((c) => c.groupId === group.id && c.optionId === option.id);
      return pick
        ? [{ ...pick, groupName: group.name, name: option.name, price: option.price, squareId: option.squareId ?? null }]
        : [];
    }),
  );
}

/** "Medium-rare, 2 × Bacon, Fried egg": a line's options in a few words. */
export function choiceText(details: readonly Pick<ChosenOptionDetail, "name" | "quantity">[]): string {
  return details.map((d) => (d.quantity > 1 ? `${d.quantity} × ${d.name}` : d.name)).join(", ");
}

/** The tips the checkout offers, as percent of the subtotal before tax. */
export const TIP_PERCENTS = [15, 18, 20] as const;

export type TipChoice = { kind: "none" } | { kind: "percent"; percent: number } | { kind: "custom"; amount: Cents };

/** A percent tip of the subtotal, rounded half up to the cent; tax is never charged on it. */
export function tipAmount(subtotal: Cents, choice: TipChoice): Cents {
  if (choice.kind === "none") return 0;
  if (choice.kind === "custom") return choice.amount;
  return Math.floor((subtotal * choice.percent + 50) / 100);
}

/** Why a tip cannot be taken (negative, fractional, or more than the subtotal); null when it can. */
export function tipProblem(subtotal: Cents, tip: Cents): string | null {
  if (!Number.isInteger(tip) || tip < 0) return "The tip must be zero or a positive amount in dollars and cents.";
  if (tip > subtotal) return "The tip cannot be more than the order's subtotal.";
  return null;
}
