// The time an order is promised for, decided by the server from the same rules the checkout offers:
// hours at that time, lead time and busy minutes, closed dates, the pause, and each slot's room.
import { restaurantTime } from "../../domain/hours";
import type { NextFreeTime } from "../../domain/i18n/ui/errors";
import { promiseLabel } from "../../domain/promiseText";
import {
  availableSlots,
  canOrderNow,
  earliestReady,
  HORIZON_DAYS,
  isOpenAt,
  isPaused,
  pausedFor,
  KITCHEN_SECTIONS,
  nextDate,
  SECTION_NAMES,
  SLOT_MINUTES,
  slotProblem,
  upcomingSpecialDates,
  type Fulfilment,
  type KitchenSection,
  type OrderedSection,
  type RestaurantSchedule,
  type Slot,
  type SpecialDate,
} from "../../domain/schedule";
import { loadBySection } from "../../domain/kitchenLoad";
import { slotLabeller } from "../../domain/slotLabels";
import { db, type Queries } from "../platform/database";
import { Conflict, RuleBroken, said, type Said } from "../platform/errors";
import { issue } from "../platform/http";
import { readVersioned } from "../platform/dataVersions";
import { bookedFrom, bookingKey, giveBack, noteClaim, takeRoom, type Booked } from "./capacity";
import { scheduleInLanguage, type StaffSchedule } from "../../domain/scheduleSpanish";
import { readCapacities, readStaffSchedule, type Capacities } from "./store";
import { learnedLatenessFor } from "./lateness";
import type { LearnedLateness } from "../../domain/readyQuote";

const MINUTE = 60_000;
/** A slot's instant moved out by what the kitchen runs late: the honest 'as soon as possible' promise. */
const honest = (at: Date, learned: LearnedLateness) => new Date(at.getTime() + learned.minutes * MINUTE);

/**
 * Where the dishes' kitchen section and weight are read (the menu's, content's `menuSnapshot`): handed in
 * by the caller, so the schedule reads the menu without importing the room that keeps it.
 */
export type KitchenMenu = () => Promise<{ kitchen: ReadonlyMap<number, { section: string; weight: number }> }>;

export interface RequestedDish {
  id: number;
  quantity: number;
}

interface Pacing {
  schedule: RestaurantSchedule;
  /** The staff's words beside it in Spanish (the pause message, special dates' notes), for a refusal in Spanish. */
  staff: StaffSchedule;
  sections: OrderedSection[];
  load: Partial<Record<KitchenSection, number>>;
  hasRoom: (slot: Pick<Slot, "at">) => boolean;
}

/** The sections and kitchen load of the dishes asked for (unknown dishes are the pricing's to refuse). */
async function pacingFor(menuOf: KitchenMenu, dishes: readonly RequestedDish[], fulfilment: Fulfilment, now: Date, ownOrder: string | null = null): Promise<Pacing> {
  const [{ staff, capacities }, booked, menu] = await Promise.all([
    readVersioned("schedule", async () => {
      const [staff, capacities] = await Promise.all([readStaffSchedule(), readCapacities()]);
      return { staff, capacities };
    }),
    bookedFrom(db, fulfilment, new Date(now.getTime() - 3_600_000), ownOrder),
    menuOf(),
  ]);
  const kitchen = dishes.flatMap((dish) => {
    const known = menu.kitchen.get(dish.id);
    return known ? [{ section: known.section as OrderedSection, weight: known.weight, quantity: dish.quantity }] : [];
  });
  const sections = [...new Set(kitchen.map((dish) => dish.section))];
  const load = loadBySection(kitchen);
  return { schedule: scheduleInLanguage(staff, "en"), staff, sections, load, hasRoom: (slot) => fits(load, booked, capacities, fulfilment, slot.at) };
}

function fits(load: Pacing["load"], booked: Booked, capacities: Capacities, fulfilment: Fulfilment, at: string): boolean {
  return KITCHEN_SECTIONS.every((section) => {
    const weight = load[section];
    return !weight || (booked.get(bookingKey(at, section)) ?? 0) + weight <= capacities[section][fulfilment];
  });
}

/** The slots an 'as soon as possible' order may move to when the first one fills while it claims. */
const ASAP_CANDIDATES = 8;

/**
 * A chosen time another order filled first: a conflict (409) that names the next time with room, so
 * the customer can take it in one step. `taken` is the time refused, left out even where the earlier
 * read still saw room in it.
 */
function fullyBooked(pacing: Pacing, fulfilment: Fulfilment, now: Date, taken: Date): never {
  // The first one after it, found by walking the slots only that far (a rush refuses many attempts).
  const after = (candidate: Slot) => new Date(candidate.at).getTime() > taken.getTime() && pacing.hasRoom(candidate);
  const [next] = availableSlots(pacing.schedule, pacing.sections, fulfilment, now, after, 1);
  const labels: NextFreeTime | null = next
    ? { today: next.date === restaurantTime(now).date, en: slotLabeller(now, "en")(next), es: slotLabeller(now, "es")(next) }
    : null;
  // The issue's message is the next free slot's instant, which the checkout offers to take.
  throw new Conflict(said("slot_full", labels), [issue("slot", said("next_free_time", next ? next.at : "none"))]);
}

/**
 * Why a chosen time is refused, by code: slotProblem's own checks in its order (it decides whether
 * there is a problem; this names which, with the words' arguments).
 */
function slotRefusal(pacing: Pacing, fulfilment: Fulfilment, at: Date, now: Date): Said {
  const { schedule, sections } = pacing;
  if (Number.isNaN(at.getTime())) return isPaused(schedule, now) ? pausedRefusal(pacing) : said("slot_invalid");
  if (pausedFor(schedule, now, at, fulfilment)) return pausedRefusal(pacing);
  const { date, minutes } = restaurantTime(at);
  if (minutes % SLOT_MINUTES !== 0 || at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0) return said("slot_not_quarter_hour", SLOT_MINUTES);
  if (at.getTime() <= now.getTime()) return said("slot_past");
  if (at.getTime() < earliestReady(schedule, fulfilment, now).getTime()) {
    return said("slot_too_soon", fulfilment, schedule.leadMinutes[fulfilment] + schedule.busyMinutes);
  }
  if (date > nextDate(restaurantTime(now).date, HORIZON_DAYS)) return said("slot_too_far", HORIZON_DAYS);
  for (const section of sections.length ? sections : (["beverages"] as const)) {
    if (isOpenAt(schedule, section, at)) continue;
    const closure =
      section === "beverages"
        ? undefined
        : schedule.specialDates.find((s) => s.from <= date && date <= s.to && (!s.sections || s.sections.includes(section)));
    if (closure && closure.hours.length === 0) {
      const spanish = scheduleInLanguage(pacing.staff, "es").specialDates[schedule.specialDates.indexOf(closure)];
      return said("day_closed", { en: closure.note, es: spanish?.note ?? "" });
    }
    return said("section_not_serving", SECTION_NAMES[section]);
  }
  return said("slot_invalid");
}

/** The pause, in the staff's words in each language. */
function pausedRefusal(pacing: Pacing): Said {
  return said("kitchen_paused", { en: pacing.schedule.pause?.message ?? "", es: scheduleInLanguage(pacing.staff, "es").pause?.message ?? "" });
}

export interface OrderPromise {
  /** The slot the order is promised for (an as-soon-as-possible order may move to a later one when it claims). */
  at: Date;
  asap: boolean;
  /** Whether a section serves at the promised time: what the pricing checks each dish against. */
  serves(section: OrderedSection): boolean;
  /**
   * Takes the slot's room inside the order's transaction and notes what the order took (given back if
   * it is cancelled); answers the slot taken. Throws RuleBroken when full.
   */
  claim(tx: Queries, orderId: string): Promise<Date>;
}

/**
 * The promise for an order: the chosen slot (`slot`, an ISO instant) after every check, or, for
 * 'as soon as possible' (no slot), the first slot with room while the kitchen serves now. Refuses with
 * RuleBroken and one sentence the customer understands.
 */
export async function promiseFor(
  menu: KitchenMenu,
  dishes: readonly RequestedDish[],
  fulfilment: Fulfilment,
  slot: string | null | undefined,
  now: Date,
  /** A retried attempt's order: the room it holds counts as free, since it gives it back to claim again. */
  ownOrder: string | null = null,
): Promise<OrderPromise> {
  const pacing = await pacingFor(menu, dishes, fulfilment, now, ownOrder);
  const { schedule, sections, load, hasRoom } = pacing;
  const refuse = (refusal: Said): never => {
    throw new RuleBroken(refusal, [issue("slot", refusal)]);
  };
  let candidates: Date[];
  let asap = false;
  if (slot) {
    const at = new Date(slot);
    if (slotProblem(schedule, sections, fulfilment, at, now)) refuse(slotRefusal(pacing, fulfilment, at, now));
    if (!hasRoom({ at: at.toISOString() })) fullyBooked(pacing, fulfilment, now, at);
    candidates = [at];
  } else {
    asap = true;
    if (isPaused(schedule, now)) refuse(pausedRefusal(pacing));
    // A section closed now leaves no candidate: the pricing then refuses its dishes by name.
    candidates = canOrderNow(schedule, sections, now)
      ? availableSlots(schedule, sections, fulfilment, now, hasRoom, ASAP_CANDIDATES).map((candidate) => new Date(candidate.at))
      : [];
    if (canOrderNow(schedule, sections, now) && !candidates.length) refuse(said("kitchen_full"));
  }
  // The slot takes the room; an 'as soon as possible' promise adds what the kitchen runs late lately.
  const learned = asap && candidates.length ? await learnedLatenessFor(sections, now) : { minutes: 0, source: "none" as const, orders: 0 };
  const first = candidates[0] ?? now;
  return {
    at: honest(first, learned),
    asap,
    serves: (section) => isOpenAt(schedule, section, asap ? now : first),
    async claim(tx, orderId) {
      if (!candidates.length) refuse(said("cannot_order_now"));
      for (const at of candidates) {
        const taken: [KitchenSection, number][] = [];
        for (const section of KITCHEN_SECTIONS) {
          const weight = load[section];
          if (!weight) continue;
          if (!(await takeRoom(tx, at, section, fulfilment, weight))) break;
          taken.push([section, weight]);
        }
        if (taken.length === KITCHEN_SECTIONS.filter((section) => load[section]).length) {
          for (const [section, weight] of taken) await noteClaim(tx, orderId, at, section, fulfilment, weight);
          return honest(at, learned);
        }
        for (const [section, weight] of taken) await giveBack(tx, at, section, fulfilment, weight);
      }
      return asap ? refuse(said("slot_taken")) : fullyBooked(pacing, fulfilment, now, candidates[0]!);
    },
  };
}

/** What the checkout offers: 'as soon as possible' with its real time (when the kitchen serves now), and every slot with room. */
export interface OfferedTimes {
  timeZone: string;
  now: string;
  paused: { message: string; until: string | null } | null;
  busyMinutes: number;
  leadMinutes: number;
  /** What 'as soon as possible' adds for how late the kitchen runs (src/domain/readyQuote.ts). */
  learned: LearnedLateness;
  asap: { at: string; label: string } | null;
  slots: (Slot & { label: string })[];
  specialDates: SpecialDate[];
}

export async function offeredTimes(menu: KitchenMenu, dishes: readonly RequestedDish[], fulfilment: Fulfilment, now: Date): Promise<OfferedTimes> {
  const { schedule, sections, hasRoom } = await pacingFor(menu, dishes, fulfilment, now);
  const slots = availableSlots(schedule, sections, fulfilment, now, hasRoom);
  const learned = await learnedLatenessFor(sections, now);
  const first = slots[0] && honest(new Date(slots[0].at), learned);
  const labelOf = slotLabeller(now);
  return {
    timeZone: "America/New_York",
    now: now.toISOString(),
    paused: isPaused(schedule, now) ? { message: schedule.pause!.message, until: schedule.pause!.until } : null,
    busyMinutes: schedule.busyMinutes,
    leadMinutes: schedule.leadMinutes[fulfilment],
    learned,
    asap: first && canOrderNow(schedule, sections, now) ? { at: first.toISOString(), label: promiseLabel(first, true, now, fulfilment) } : null,
    slots: slots.map((candidate) => {
      const { day, time } = labelOf(candidate);
      return { ...candidate, label: `${day} at ${time}` };
    }),
    specialDates: upcomingSpecialDates(schedule, now),
  };
}
