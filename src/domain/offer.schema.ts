// An offer (a promo code) as the console writes it and the API answers it, with the rules every code
// keeps: case-insensitive, up to 40 characters; a single-use code has at least 8 random characters;
// start and end are the restaurant's wall clock (America/New_York), "YYYY-MM-DDTHH:mm".
import * as z from "./zod";

export const OFFER_KINDS = ["percent", "amount", "free_dish"] as const;
export const OFFER_SCOPES = ["order", "dishes"] as const;
export const CODE_MAX = 40;
/** The random characters a single-use code needs at least, so it cannot be guessed. */
export const SINGLE_USE_MIN = 8;
/** Letters and digits people read aloud without confusion (no 0/O, 1/I/L). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A code as it is compared and stored: trimmed, capitals. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export const promoCodeSchema = z.string().trim().min(1, "enter a code").max(CODE_MAX, `at most ${CODE_MAX} characters`);

const localTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "a local time YYYY-MM-DDTHH:mm (Miami)")
  .nullish();

const label = (language: string) => z.string().trim().min(1, `a label in ${language}`).max(120);

const offerFields = {
  code: z
    .string()
    .trim()
    .min(3, "at least 3 characters")
    .max(CODE_MAX, `at most ${CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '-' or '_' only")
    .transform(normalizeCode),
  kind: z.enum(OFFER_KINDS),
  percent: z.number().int().min(1).max(100).nullish(),
  amountCents: z.number().int().min(1).max(100_000).nullish(),
  freeDishId: z.string().trim().min(1).max(50).nullish(),
  scope: z.enum(OFFER_SCOPES),
  dishIds: z.array(z.string().trim().min(1).max(50)).max(200),
  minSubtotalCents: z.number().int().min(0).max(1_000_000),
  startsAt: localTime,
  endsAt: localTime,
  totalCap: z.number().int().min(1).max(1_000_000).nullish(),
  perDinerCap: z.number().int().min(1).max(1000).nullish(),
  firstOrderOnly: z.boolean(),
  singleUse: z.boolean(),
  labelEn: label("English"),
  labelEs: label("Spanish"),
  paused: z.boolean(),
  combinesWithRewards: z.boolean(),
};

export type OfferInput = z.infer<z.ZodObject<typeof offerFields>>;

/** The rules across fields, for a new offer and for an offer after an edit. */
export function offerProblems(offer: OfferInput): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (offer.kind === "percent" && !offer.percent) problems.push({ path: "percent", message: "a percentage from 1 to 100" });
  if (offer.kind === "amount" && !offer.amountCents) problems.push({ path: "amountCents", message: "an amount in cents" });
  if (offer.kind === "free_dish" && !offer.freeDishId) problems.push({ path: "freeDishId", message: "the dish given free" });
  if (offer.kind !== "free_dish" && offer.scope === "dishes" && offer.dishIds.length === 0) problems.push({ path: "dishIds", message: "at least one dish" });
  if (offer.startsAt && offer.endsAt && offer.endsAt <= offer.startsAt) problems.push({ path: "endsAt", message: "after the start" });
  if (offer.singleUse) {
    const random = [...offer.code].filter((character) => CODE_ALPHABET.includes(character)).length;
    if (random < SINGLE_USE_MIN) problems.push({ path: "code", message: `a single-use code needs at least ${SINGLE_USE_MIN} random characters (use the generator)` });
  }
  return problems;
}

/** A new offer: what it leaves out takes these. */
const withDefaults = {
  ...offerFields,
  scope: offerFields.scope.default("order"),
  dishIds: offerFields.dishIds.default([]),
  minSubtotalCents: offerFields.minSubtotalCents.default(0),
  firstOrderOnly: offerFields.firstOrderOnly.default(false),
  singleUse: offerFields.singleUse.default(false),
  paused: offerFields.paused.default(false),
  combinesWithRewards: offerFields.combinesWithRewards.default(false),
};

export const offerInputSchema = z.object(withDefaults).superRefine((offer, ctx) => {
  for (const problem of offerProblems(offer)) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
});

/** An edit: only the fields it names (no defaults: a pause leaves the rest as it was); the result is checked as a whole. */
export const offerPatchSchema = z.object(offerFields).partial();
export type OfferPatch = z.infer<typeof offerPatchSchema>;

export interface OfferStats {
  /** Paid orders that used it. */
  uses: number;
  /** Attempts holding a use right now (not yet paid, not yet released). */
  reserved: number;
  /** Cents taken off paid orders. */
  discountGiven: number;
  /** Paid orders with it from diners who had never paid an order before. */
  firstTimeDiners: number;
}

export type Offer = OfferInput & { id: string; createdAt: string; updatedAt: string; stats: OfferStats };
