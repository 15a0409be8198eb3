// What the console and the checkout send about time, checked before any rule runs.
import * as z from "../../domain/zod";
import { KITCHEN_SECTIONS } from "../../domain/schedule";
import { SPANISH_LIMITS, spanishTextSchema } from "../../domain/spanishText.schema";

const minutes = z.number().int().min(0).max(24 * 60);
const range = z.object({ opens: minutes, closes: minutes });
const week = z.array(z.array(range).max(6)).length(7, "give the hours of all seven days");
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
const capacity = z.number().int().min(0).max(10_000);

export const hoursInputSchema = z.object({
  weekly: z.object({ "jealous-fork": week, "jealous-burger": week }),
  specialDates: z
    .array(
      z.object({
        from: date,
        to: date,
        sections: z.array(z.enum(KITCHEN_SECTIONS)).min(1).optional(),
        hours: z.array(range).max(6),
        note: z.string().trim().max(140),
        /** The note in Spanish; blank: not written yet. */
        noteEs: spanishTextSchema(SPANISH_LIMITS.note).optional(),
      }),
    )
    .max(100),
  leadMinutes: z.object({ pickup: z.number().int().min(0).max(240), delivery: z.number().int().min(0).max(240) }),
  capacities: z.object({
    "jealous-fork": z.object({ pickup: capacity, delivery: capacity }),
    "jealous-burger": z.object({ pickup: capacity, delivery: capacity }),
  }),
});

export const orderingInputSchema = z
  .object({
    pause: z
      .object({
        /** Null: until staff resume. */
        minutes: z.number().int().min(5).max(7 * 24 * 60).nullable(),
        message: z.string().trim().max(200),
        /** The message in Spanish; blank: not written yet. */
        messageEs: spanishTextSchema(SPANISH_LIMITS.pause).optional(),
      })
      .nullable()
      .optional(),
    busyMinutes: z.number().int().min(0).max(180).optional(),
  })
  .refine((input) => input.pause !== undefined || input.busyMinutes !== undefined, "send pause or busyMinutes");

export const dishWeightSchema = z.object({ kitchenWeight: z.number().int().min(0).max(100) });

/** GET /api/schedule's query: the cart as "7x2,1x1" (dish id x quantity) and the fulfilment. */
export const offeredQuerySchema = z.object({
  items: z
    .string()
    .max(2000)
    .regex(/^(\d{1,7}x\d{1,3}(,\d{1,7}x\d{1,3})*)?$/, "dishes as id x quantity, comma separated (7x2,1x1)")
    .default("")
    .transform((text) =>
      text
        ? text.split(",").map((pair) => {
            const [id, quantity] = pair.split("x").map(Number) as [number, number];
            return { id, quantity };
          })
        : [],
    ),
  orderType: z.enum(["pickup", "delivery"]).default("pickup"),
});
