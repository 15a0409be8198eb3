import { describe, expect, it } from "vitest";
import { normalizeCode, offerInputSchema, offerPatchSchema } from "./offer.schema";

const base = { code: "brunch5", kind: "amount", amountCents: 500, labelEn: "$5 off", labelEs: "$5 de descuento" };

describe("an offer as the owner writes it", () => {
  it("keeps its code in capitals, so a code is case-insensitive", () => {
    expect(offerInputSchema.parse(base).code).toBe("BRUNCH5");
    expect(normalizeCode("  Brunch5 ")).toBe("BRUNCH5");
  });

  it("needs the value its kind gives", () => {
    expect(offerInputSchema.safeParse({ ...base, kind: "percent" }).success).toBe(false);
    expect(offerInputSchema.safeParse({ ...base, kind: "percent", percent: 101 }).success).toBe(false);
    expect(offerInputSchema.safeParse({ ...base, kind: "free_dish" }).success).toBe(false);
    expect(offerInputSchema.safeParse({ ...base, scope: "dishes" }).success).toBe(false);
  });

  it("refuses a single-use code of fewer than 8 random characters, and an end before the start", () => {
    expect(offerInputSchema.safeParse({ ...base, singleUse: true }).success).toBe(false);
    expect(offerInputSchema.safeParse({ ...base, code: "K7Q3MX9PTA", singleUse: true }).success).toBe(true);
    expect(offerInputSchema.safeParse({ ...base, startsAt: "2026-12-01T10:00", endsAt: "2026-12-01T09:00" }).success).toBe(false);
  });
});

describe("an edit of an offer", () => {
  it("names only what it changes: a pause fills in no defaults that would wipe the rest", () => {
    expect(offerPatchSchema.parse({ paused: true })).toEqual({ paused: true });
  });
});
