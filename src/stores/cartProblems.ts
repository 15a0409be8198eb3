// What in the cart cannot be ordered for the time chosen, judged in the browser from the menu's latest
// answer (stock, the staff's schedule and pause) as the server will judge it: the cart sheet blocks
// "Proceed to Checkout" on it, the checkout's summary repeats it and the checkout refuses to go on to
// payment, naming the line, so Pay never answers "update your cart".
import { optionProblems } from "../domain/dishOptions";
import type { SectionId } from "../domain/hours";
import type { Locale } from "../domain/i18n/locales";
import { translator } from "../domain/i18n/translate";
import { cartWords } from "../domain/i18n/ui/cart";
import type { MenuAnswer } from "../domain/menuReadModel";
import { firstOrderTime } from "../domain/orderingState";
import { pauseBanner } from "../domain/pauseBanner";
import { isOpenAt, type OrderedSection } from "../domain/schedule";
import { sectionHoursText } from "../domain/scheduleText";
import sections from "../../content/sections.json";
import spanishSections from "../../content/es/sections.json";
import { $cart, removeItem, type CartItem } from "./cart";
import { cartLineKey } from "./cartStorage";
import { $menuLoad } from "./menu";
import { $orderFor, chosenTime } from "./orderTime";

/** The sections' names as the menu shows them (content/sections.json and its Spanish, a few hundred bytes). */
function sectionName(section: SectionId, locale: Locale): string {
  const spanish = locale === "es" ? (spanishSections as Partial<Record<SectionId, { name?: string }>>)[section] : undefined;
  return spanish?.name ?? sections.find((entry) => entry.id === section)?.name ?? section;
}

/** Why a line cannot be ordered for the time chosen (now when `at` is null), or undefined when it can. */
function lineProblem(line: CartItem, answer: MenuAnswer | undefined, now: Date | null, at: Date | null, locale: Locale): string | undefined {
  const t = translator(cartWords, locale);
  const current = answer?.sections.flatMap((section) => section.items).find((item) => item.id === line.id);
  if (answer && !current) return t("problem.gone");
  if (!(current?.inStock ?? line.inStock)) return t("problem.out");
  // The staff's schedule comes with the menu answer: no answer yet, no judgement.
  if (now && answer?.schedule && !isOpenAt(answer.schedule, line.section, at ?? now)) {
    const { days, hours } = sectionHoursText(answer.schedule, line.section, locale);
    return t("problem.closed", sectionName(line.section, locale), at !== null, days, hours);
  }
  // The options as the menu offers them now (one sold out since, a group changed), after the reasons
  // that concern the whole dish, as the server checks them.
  const optionProblem = current && optionProblems(current.name, current.optionGroups, line.options ?? [], locale)[0];
  if (optionProblem) return optionProblem.message;
  return undefined;
}

export interface CartCheck {
  /** Each line's problem, in the cart's order (undefined: it can be ordered). */
  problems: (string | undefined)[];
  /** Each line whose dish is sold out or off the menu: it counts in no total and its quantity cannot grow. */
  soldOut: boolean[];
  /** The pause's banner while staff pause online ordering, else null. */
  paused: string | null;
  /** The first time every line's section serves, when the only problem is a closed section: one tap pre-orders for it. */
  preorderAt: Date | null;
  /** Nothing may go on to checkout: a pause, or a line that cannot be ordered. */
  blocked: boolean;
}

/** The cart judged against a menu answer at `now` for the chosen time ("" as soon as possible). */
export function checkCart(items: readonly CartItem[], answer: MenuAnswer | undefined, now: Date | null, orderFor: string, locale: Locale): CartCheck {
  const at = now && chosenTime(orderFor, now);
  const problems = items.map((line) => lineProblem(line, answer, now, at, locale));
  const paused = now && answer?.schedule ? pauseBanner(answer.schedule, now, locale) : null;
  const schedule = answer?.schedule;
  // Closed sections alone (every line in stock and on the menu): a time when they all serve may exist.
  const onlyClosed =
    problems.some(Boolean) && items.every((line, index) => !problems[index] || (schedule && now && !isOpenAt(schedule, line.section, at ?? now) && lineProblem(line, answer, null, null, locale) === undefined));
  const preorderAt = onlyClosed && schedule && now ? firstOrderTime(schedule, [...new Set(items.map((line) => line.section as OrderedSection))], now) : null;
  const soldOut = items.map((line) => {
    const current = answer?.sections.flatMap((section) => section.items).find((item) => item.id === line.id);
    return (answer !== undefined && !current) || !(current?.inStock ?? line.inStock);
  });
  return { problems, soldOut, paused, preorderAt, blocked: paused !== null || problems.some(Boolean) };
}

/**
 * Why the checkout cannot go on to payment, naming the first line that cannot be ordered ("Hot Maple
 * Flatbread: Out of stock"), or the pause; undefined when the menu's answer finds nothing (the server still judges).
 */
export function checkoutBlock(locale: Locale, now: Date = new Date()): string | undefined {
  const items = $cart.get().items;
  const check = checkCart(items, $menuLoad.get().answer, now, $orderFor.get(), locale);
  if (check.paused) return check.paused;
  const index = check.problems.findIndex(Boolean);
  if (index < 0) return undefined;
  return translator(cartWords, locale)("problem.named", items[index]!.name, check.problems[index]!);
}

/** One tap: every line that cannot be ordered leaves the cart. */
export function removeUnavailable(items: readonly CartItem[], problems: readonly (string | undefined)[]): void {
  items.forEach((line, index) => {
    if (problems[index]) removeItem(cartLineKey(line));
  });
}
