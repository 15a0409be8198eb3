// Catering's requests as the API takes them: a diner's order of trays for an event, and the owner's
// trays and rules. Money in cents; the event an ISO instant (the page sends Miami's time as an instant).
import * as z from "./zod";
import { customerInfoSchema } from "./orderRequest.schema";

export const CATERING_MAX_PEOPLE = 500;
export const CATERING_MAX_TRAYS = 60;

export const cateringLineSchema = z.object({
  tray: z.string().trim().regex(/^[a-z0-9-]{2,60}$/, "a tray's slug"),
  quantity: z.number().int().min(1).max(CATERING_MAX_TRAYS),
});

export const cateringOrderSchema = z.object({
  eventAt: z.iso.datetime({ offset: true }),
  headcount: z.number().int().min(1).max(CATERING_MAX_PEOPLE),
  lines: z.array(cateringLineSchema).min(1, "at least one tray").max(20),
  customer: customerInfoSchema,
  note: z.string().trim().max(500).optional(),
  /** The card's token from the payment form (an event whose card can be held). Never stored, never logged. */
  sourceId: z.string().trim().min(1).max(500).optional(),
  /** The diner saw the cancellation terms before paying. */
  acceptTerms: z.literal(true, "accept the cancellation terms"),
});
export type CateringOrderRequest = z.infer<typeof cateringOrderSchema>;

const words = (max: number) => z.string().trim().min(1).max(max);

export const cateringTraySchema = z.object({
  slug: z.string().trim().regex(/^[a-z0-9-]{2,60}$/, "lower-case letters, digits and '-'"),
  name: z.object({ en: words(120), es: words(120) }),
  description: z.object({ en: z.string().trim().max(500), es: z.string().trim().max(500) }),
  serves: z.number().int().min(1).max(200),
  priceCents: z.number().int().min(100).max(1_000_000),
  available: z.boolean().optional(),
});
export type CateringTrayInput = z.infer<typeof cateringTraySchema>;

const termSchema = z.object({ hoursBefore: z.number().int().min(0).max(24 * 60), refundPercent: z.number().int().min(0).max(100) });

export const cateringRulesSchema = z
  .object({
    minPeople: z.number().int().min(1).max(CATERING_MAX_PEOPLE),
    minCents: z.number().int().min(0).max(1_000_000),
    noticeHours: z.number().int().min(1).max(24 * 14),
    smallNoticeHours: z.number().int().min(1).max(24 * 14),
    smallMaxPeople: z.number().int().min(0).max(CATERING_MAX_PEOPLE),
    traysPerDay: z.number().int().min(0).max(1_000),
    terms: z.array(termSchema).min(1).max(6),
  })
  .partial()
  .strict();
export type CateringRulesPatch = z.infer<typeof cateringRulesSchema>;

/** PUT /api/admin/catering: the owner's rules and, when sent, the whole list of trays in its order. */
export const cateringSetupSchema = z
  .object({ enabled: z.boolean().optional(), rules: cateringRulesSchema.optional(), trays: z.array(cateringTraySchema).min(1).max(40).optional() })
  .strict()
  .refine((value) => value.enabled !== undefined || value.rules || value.trays, "enabled, rules or trays");
