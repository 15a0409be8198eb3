// The staff's schedule as data a build publishes (src/content.config.ts): the same shape as
// RestaurantSchedule in ./schedule, checked field by field so a bad row stops the build with its path.
import * as z from "./zod";
import { KITCHEN_SECTIONS, scheduleProblems, type RestaurantSchedule } from "./schedule";

const MINUTES_IN_DAY = 24 * 60;
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");

export const timeRangeSchema = z.strictObject({
  opens: z.number().int().min(0).max(MINUTES_IN_DAY),
  closes: z.number().int().min(0).max(MINUTES_IN_DAY),
});

const weekSchema = z.array(z.array(timeRangeSchema)).length(7).describe("Sunday to Saturday, each day's opening ranges");

export const restaurantScheduleSchema = z
  .strictObject({
    weekly: z.strictObject({ "jealous-fork": weekSchema, "jealous-burger": weekSchema }),
    specialDates: z.array(
      z.strictObject({
        from: dateSchema,
        to: dateSchema,
        sections: z.array(z.enum(KITCHEN_SECTIONS)).optional(),
        hours: z.array(timeRangeSchema),
        note: z.string().max(200),
        /** The note in Spanish as staff wrote it; '' or absent: the Spanish pages show the English. */
        noteEs: z.string().max(200).optional(),
      }),
    ),
    pause: z
      .strictObject({
        until: z.iso.datetime({ offset: true }).nullable(),
        message: z.string().min(1).max(300),
        messageEs: z.string().max(300).optional(),
      })
      .nullable(),
    busyMinutes: z.number().int().min(0).max(240),
    leadMinutes: z.strictObject({ pickup: z.number().int().min(0), delivery: z.number().int().min(0) }),
  })
  .superRefine((schedule, context) => {
    for (const message of scheduleProblems(schedule as RestaurantSchedule)) context.addIssue({ code: "custom", path: ["weekly"], message });
  });
