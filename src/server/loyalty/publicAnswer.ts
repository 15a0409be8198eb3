// What GET /api/loyalty answers: loyalty off, or the reward tiers in the request's language.
import type { Locale } from "../../domain/i18n/locales";
import { shownTiers, type LoyaltyTier } from "../../domain/loyaltyTiers";
import { loyaltyProgram } from "./program";

export type LoyaltyAnswer = { enabled: false } | { enabled: true; tiers: LoyaltyTier[] };

export async function loyaltyAnswer(locale: Locale): Promise<LoyaltyAnswer> {
  const program = await loyaltyProgram();
  return program.enabled ? { enabled: true, tiers: shownTiers(program.tiers, locale) } : { enabled: false };
}
