// When an 86'd dish comes back: a dish is sold out while its in-stock flag is off and its return time
// (if any) has not come. Worked out at each read from the clock, so the return needs no job and no write.
import { KITCHEN_SECTIONS, hoursOn, miamiInstant, nextDate, type RestaurantSchedule } from "./schedule";
import { restaurantTime } from "./hours";
import type { MenuItem } from "./menu.schema";

/** The dish as diners see it at `now`: back in stock once its return time has passed. */
export function stockAt(item: MenuItem, now: Date): MenuItem {
  if (item.inStock || !item.backInStockAt) return item;
  if (Date.parse(item.backInStockAt) > now.getTime()) return item;
  return { ...item, inStock: true, backInStockAt: null };
}

/**
 * "86 until tomorrow": the start of tomorrow's first opening of either kitchen in the restaurant's hours
 * (special dates included), or 00:00 tomorrow in Miami when neither kitchen opens tomorrow.
 */
export function tomorrowsOpening(schedule: RestaurantSchedule, now: Date): Date {
  const tomorrow = nextDate(restaurantTime(now).date);
  const opens = KITCHEN_SECTIONS.flatMap((section) => hoursOn(schedule, section, tomorrow).map((range) => range.opens));
  return miamiInstant(tomorrow, opens.length > 0 ? Math.min(...opens) : 0);
}

/** "17:00" as the next time Miami's clock reads it (today, or tomorrow once it has passed); undefined when not a time. */
export function nextWallTime(text: string, now: Date): Date | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  const today = restaurantTime(now).date;
  const at = miamiInstant(today, minutes);
  return at.getTime() > now.getTime() ? at : miamiInstant(nextDate(today), minutes);
}
