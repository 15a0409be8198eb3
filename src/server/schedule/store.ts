// The restaurant's schedule as rows: weekly hours per kitchen section, special dates, the pause, busy
// minutes and lead times; and the pacing (each slot's capacity, each dish's kitchen weight). Until staff
// first save the weekly hours, those of content/hours.json apply.
import seed from "../../../content/hours.json";
import {
  KITCHEN_SECTIONS,
  scheduleProblems,
  type Fulfilment,
  type KitchenSection,
  type RestaurantSchedule,
  type SpecialDate,
  type TimeRange,
} from "../../domain/schedule";
import type { Capacities, DishWeight } from "../../domain/kitchenLoad";
import { scheduleFromSeed, type ScheduleSeed } from "../../domain/scheduleSeed";

export type { Capacities, DishWeight };
import type { Locale } from "../../domain/i18n/locales";
import { DEFAULT_PAUSE_MESSAGE, scheduleInLanguage, type StaffSchedule } from "../../domain/scheduleSpanish";
import { db, type Queries } from "../platform/database";
import { NotFound, RuleBroken } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";

const SEED_SCHEDULE = scheduleFromSeed(seed as ScheduleSeed);

interface SettingsRow {
  hours_saved: boolean;
  paused: boolean;
  paused_until: Date | null;
  pause_message: string;
  pause_message_es: string;
  busy_minutes: number;
  pickup_lead_minutes: number;
  delivery_lead_minutes: number;
}

interface SpecialRow {
  starts_on: string;
  ends_on: string;
  sections: KitchenSection[] | null;
  hours: TimeRange[];
  note: string;
  note_es: string;
}

/**
 * The schedule every decision is made from (ordering, the menu's open states, every page's hours), its
 * staff's words (notes, the pause message) in a language: Spanish where staff wrote it, else English.
 */
export async function readSchedule(on: Queries = db, locale: Locale = "en"): Promise<RestaurantSchedule> {
  return scheduleInLanguage(await readStaffSchedule(on), locale);
}

/** The schedule with the Spanish staff wrote beside each note and the pause message ('' where none yet). */
export async function readStaffSchedule(on: Queries = db): Promise<StaffSchedule> {
  const settings = await on.one<SettingsRow>(sql`SELECT * FROM ordering_settings WHERE id`);
  let weekly = SEED_SCHEDULE.weekly;
  if (settings?.hours_saved) {
    const rows = await on.all<{ section: KitchenSection; weekday: number; opens: number; closes: number }>(
      sql`SELECT section, weekday, opens, closes FROM opening_hours ORDER BY section, weekday, opens`,
    );
    const weekOf = (section: KitchenSection) =>
      [0, 1, 2, 3, 4, 5, 6].map((day) =>
        rows.filter((row) => row.section === section && row.weekday === day).map(({ opens, closes }) => ({ opens, closes })),
      );
    weekly = { "jealous-fork": weekOf("jealous-fork"), "jealous-burger": weekOf("jealous-burger") };
  }
  // Dates as text: a Postgres date read as a JS Date would be midnight UTC, the day before in Miami.
  const specials = await on.all<SpecialRow>(sql`
    SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, sections, hours, note, note_es
    FROM special_dates ORDER BY starts_on, id`);
  return {
    weekly,
    specialDates: specials.map((row) => ({
      from: row.starts_on,
      to: row.ends_on,
      ...(row.sections ? { sections: row.sections } : {}),
      hours: row.hours,
      note: row.note,
      noteEs: row.note_es,
    })),
    pause: settings?.paused
      ? {
          until: settings.paused_until?.toISOString() ?? null,
          message: settings.pause_message || DEFAULT_PAUSE_MESSAGE.en,
          messageEs: settings.pause_message_es,
        }
      : null,
    busyMinutes: settings?.busy_minutes ?? 0,
    leadMinutes: settings
      ? { pickup: settings.pickup_lead_minutes, delivery: settings.delivery_lead_minutes }
      : { ...SEED_SCHEDULE.leadMinutes },
  };
}

/** The schedule for pages and menus, which must show something: content/hours.json when the database cannot be read (logged). */
export async function readScheduleOrSeed(locale: Locale = "en"): Promise<RestaurantSchedule> {
  try {
    return await readSchedule(db, locale);
  } catch (error) {
    log("error", "schedule unreadable; showing the hours of content/hours.json", { error: error instanceof Error ? error.message : String(error) });
    return SEED_SCHEDULE;
  }
}

/** What staff save from the Hours tab: the week, the special dates, lead times and slot capacities. */
export interface HoursInput {
  weekly: Record<KitchenSection, TimeRange[][]>;
  /** Each with its note's Spanish ('' or absent: none yet, the English shows on the Spanish pages). */
  specialDates: (SpecialDate & { noteEs?: string })[];
  leadMinutes: Record<Fulfilment, number>;
  capacities: Capacities;
}


/** The Hours tab's part of the schedule, as the activity log keeps it before and after a save. */
async function savedHours(on: Queries): Promise<Pick<StaffSchedule, "weekly" | "specialDates" | "leadMinutes"> & { capacities: Capacities }> {
  const schedule = await readStaffSchedule(on);
  const capacities = await readCapacities(on);
  return { weekly: schedule.weekly, specialDates: schedule.specialDates, leadMinutes: schedule.leadMinutes, capacities };
}

/**
 * Saves the hours in one transaction, after the same checks the rules rely on; a refused save changes
 * nothing. A person's save writes its activity row (the hours before and after) in the same transaction.
 */
export async function saveHours(input: HoursInput, actor?: ActivityActor): Promise<void> {
  const current = await readSchedule();
  const problems = scheduleProblems({ ...current, weekly: input.weekly, specialDates: input.specialDates, leadMinutes: input.leadMinutes });
  if (problems.length) throw new RuleBroken(problems[0]!, problems.map((message) => ({ path: "hours", message })));
  await db.transaction(async (tx) => {
    // Held for the save: two saves at once follow one another, each logging the hours the other left.
    await tx.run(sql`SELECT id FROM ordering_settings WHERE id FOR UPDATE`);
    const before = actor ? await savedHours(tx) : undefined;
    await tx.run(sql`DELETE FROM opening_hours`);
    for (const section of KITCHEN_SECTIONS) {
      for (const [weekday, ranges] of input.weekly[section].entries()) {
        for (const range of ranges) {
          await tx.run(sql`INSERT INTO opening_hours (section, weekday, opens, closes)
                           VALUES (${section}, ${weekday}, ${range.opens}, ${range.closes})`);
        }
      }
    }
    await tx.run(sql`DELETE FROM special_dates`);
    for (const special of input.specialDates) {
      await tx.run(sql`INSERT INTO special_dates (starts_on, ends_on, sections, hours, note, note_es)
                       VALUES (${special.from}, ${special.to}, ${special.sections ? [...special.sections] : null},
                               ${JSON.stringify(special.hours)}::jsonb, ${special.note}, ${special.noteEs ?? ""})`);
    }
    await tx.run(sql`UPDATE ordering_settings SET hours_saved = true, pickup_lead_minutes = ${input.leadMinutes.pickup},
                       delivery_lead_minutes = ${input.leadMinutes.delivery}, updated_at = now() WHERE id`);
    for (const section of KITCHEN_SECTIONS) {
      for (const fulfilment of ["pickup", "delivery"] as const) {
        await tx.run(sql`INSERT INTO slot_capacities (section, fulfilment, weight)
                         VALUES (${section}, ${fulfilment}, ${input.capacities[section][fulfilment]})
                         ON CONFLICT (section, fulfilment) DO UPDATE SET weight = EXCLUDED.weight`);
      }
    }
    if (actor) await recordActivity(actor, { action: "hours.save", target: "hours", before, after: await savedHours(tx) }, tx);
  });
}

/** The header's one-tap switches: pause (for some minutes, or until resumed) with a message, and busy minutes. */
export interface OrderingInput {
  /** `messageEs`: the message's Spanish ('' or absent: none, the Spanish pages show the English, or the Spanish default). */
  pause?: { minutes: number | null; message: string; messageEs?: string } | null;
  busyMinutes?: number;
}

/** The header's switches as the activity log keeps them before and after a change. */
async function orderingState(on: Queries): Promise<Pick<StaffSchedule, "pause" | "busyMinutes">> {
  const { pause, busyMinutes } = await readStaffSchedule(on);
  return { pause, busyMinutes };
}

/** Pauses, resumes or slows ordering; a person's change writes its activity row in the same transaction. */
export async function setOrdering(input: OrderingInput, now: Date, actor?: ActivityActor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`SELECT id FROM ordering_settings WHERE id FOR UPDATE`);
    const before = actor ? await orderingState(tx) : undefined;
    if (input.pause === null) {
      await tx.run(sql`UPDATE ordering_settings SET paused = false, paused_until = NULL, updated_at = now() WHERE id`);
    } else if (input.pause) {
      const until = input.pause.minutes === null ? null : new Date(now.getTime() + input.pause.minutes * 60_000);
      await tx.run(sql`UPDATE ordering_settings SET paused = true, paused_until = ${until}, pause_message = ${input.pause.message},
                         pause_message_es = ${input.pause.messageEs ?? ""}, updated_at = now() WHERE id`);
    }
    if (input.busyMinutes !== undefined) {
      await tx.run(sql`UPDATE ordering_settings SET busy_minutes = ${input.busyMinutes}, updated_at = now() WHERE id`);
    }
    if (actor) {
      const action = input.pause !== undefined ? "ordering.pause" : "ordering.busy";
      await recordActivity(actor, { action, target: "ordering", before, after: await orderingState(tx) }, tx);
    }
  });
}

export async function readCapacities(on: Queries = db): Promise<Capacities> {
  const rows = await on.all<{ section: KitchenSection; fulfilment: Fulfilment; weight: number }>(
    sql`SELECT section, fulfilment, weight FROM slot_capacities`,
  );
  const capacity = (section: KitchenSection, fulfilment: Fulfilment) =>
    rows.find((row) => row.section === section && row.fulfilment === fulfilment)?.weight ?? 0;
  return {
    "jealous-fork": { pickup: capacity("jealous-fork", "pickup"), delivery: capacity("jealous-fork", "delivery") },
    "jealous-burger": { pickup: capacity("jealous-burger", "pickup"), delivery: capacity("jealous-burger", "delivery") },
  };
}


export async function readDishWeights(): Promise<DishWeight[]> {
  return (
    await db.all<{ id: number; name: string; section: string; kitchen_weight: number }>(
      sql`SELECT id, name, section, kitchen_weight FROM menu_items ORDER BY position, id`,
    )
  ).map((row) => ({ id: row.id, name: row.name, section: row.section, kitchenWeight: row.kitchen_weight }));
}

/** Sets how much of a slot's capacity a dish takes; a person's change writes its activity row in the same transaction. */
export async function setDishWeight(id: number, kitchenWeight: number, actor?: ActivityActor): Promise<DishWeight> {
  const row = await db.transaction(async (tx) => {
    const before = await tx.one<{ kitchen_weight: number }>(sql`SELECT kitchen_weight FROM menu_items WHERE id = ${id} FOR UPDATE`);
    if (!before) throw new NotFound(`No dish ${id} on the menu.`);
    const saved = await tx.one<{ id: number; name: string; section: string; kitchen_weight: number }>(
      sql`UPDATE menu_items SET kitchen_weight = ${kitchenWeight} WHERE id = ${id} RETURNING id, name, section, kitchen_weight`,
    );
    if (actor) {
      await recordActivity(
        actor,
        { action: "dish.weight", target: `${id} ${saved!.name}`, before: { kitchenWeight: before.kitchen_weight }, after: { kitchenWeight: saved!.kitchen_weight } },
        tx,
      );
    }
    return saved!;
  });
  return { id: row.id, name: row.name, section: row.section, kitchenWeight: row.kitchen_weight };
}
