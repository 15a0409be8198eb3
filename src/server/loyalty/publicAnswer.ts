// What GET /api/loyalty answers: loyalty off, or the reward tiers in the request's language. Loyalty is
// offered only with a way to prove a phone (the verification service's keys), since an account links its
// loyalty by a proved phone.
import type { Locale } from "../../domain/i18n/locales";
import { shownTiers, type LoyaltyTier } from "../../domain/loyaltyTiers";
import { phoneVerifier } from "../verify";
import { loyaltyProgram } from "./program";

export type LoyaltyAnswer = { enabled: false } | { enabled: true; tiers: LoyaltyTier[] };

export async function loyaltyAnswer(locale: Locale): Promise<LoyaltyAnswer> {
  if (!phoneVerifier()) return { enabled: false };
  const program = await loyaltyProgram();
  return program.enabled ? { enabled: true, tiers: shownTiers(program.tiers, locale) } : { enabled: false };
}
