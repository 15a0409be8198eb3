// A Square notification as every room reads it: its envelope checked, its object read by the room's own schema.
import * as z from "../../domain/zod";

export const eventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }),
  merchant_id: z.string().optional(),
  data: z.object({ type: z.string().optional(), id: z.string().optional(), object: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export type SquareEvent = z.infer<typeof eventSchema>;

/** The event's object read by `schema`, or null when it is not what the schema says. */
export function objectOf<S extends z.ZodType>(event: SquareEvent, schema: S): z.infer<S> | null {
  const parsed = schema.safeParse(event.data?.object ?? {});
  return parsed.success ? parsed.data : null;
}
