// Whether this restaurant has Square Loyalty, and its reward tiers: Square's program `main` decides. The
// program is made in Square's Dashboard, never by the API; a 404 (none) or a program that is not ACTIVE
// (an unpaid subscription stops accrual) turns every loyalty element off. What Square said is kept at most
// PROGRAM_KEPT_MS per instance, and dropped at once when Square notifies loyalty.program.updated. A failed
// look-up (a 429, an outage) keeps the last answer, or loyalty off for a short while when there is none.
// Each tier's words come from its pricing rule's discount (RetrieveCatalogObject with its related objects),
// so they can be said in both languages; a rule that cannot be read leaves the tier's own name.
import type { LoyaltyTier, TierDiscount } from "../../domain/loyaltyTiers";
import { log } from "../platform/http";
import { forgetLookups } from "./keptLookups";
import { squareClient, squareConfig } from "../platform/squareClient";
import { forgetWithInstance } from "../platform/instanceMemory";

export const PROGRAM_KEPT_MS = 5 * 60_000;
/** How long "off because Square did not answer" is kept: a minute, so a passing 429 does not hide loyalty for five. */
const FAILURE_KEPT_MS = 60_000;

export type LoyaltyProgram =
  | { enabled: false; reason: string }
  | {
      enabled: true;
      programId: string;
      tiers: LoyaltyTier[];
      /** The program earns by items (ITEM_VARIATION or CATEGORY rules), where a discounted item earns nothing; spend and visit rules count what was paid. */
      itemRules: boolean;
    };

let kept: { program: LoyaltyProgram; until: number } | null = null;
forgetWithInstance(() => {
  kept = null;
});

/** Forgets the kept program (Square notified a change, or a test starts afresh), and the answers priced by its tiers. */
export function forgetLoyaltyProgram(): void {
  kept = null;
  forgetLookups();
}

async function lookUp(): Promise<LoyaltyProgram> {
  if (!squareConfig()) return { enabled: false, reason: "Square is not connected" };
  const client = await squareClient("loyalty");
  try {
    const { program } = await client.loyalty.programs.get({ programId: "main" });
    if (!program?.id) return { enabled: false, reason: "Square answered no program" };
    if (program.status !== "ACTIVE") return { enabled: false, reason: `the loyalty program is ${program.status ?? "not active"}` };
    const tiers = await Promise.all(
      (program.rewardTiers ?? [])
        .filter((tier) => tier.id && typeof tier.points === "number")
        .map(async (tier) => {
          const discount = await discountOfRule(client, tier.pricingRuleReference?.objectId ?? undefined);
          return { id: tier.id!, points: tier.points, name: tier.name ?? "", ...(discount ? { discount } : {}) };
        }),
    );
    const itemRules = (program.accrualRules ?? []).some((rule) => rule.accrualType === "ITEM_VARIATION" || rule.accrualType === "CATEGORY");
    return { enabled: true, programId: program.id, tiers, itemRules };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return { enabled: false, reason: "the Square account has no loyalty program" };
    throw error;
  }
}

type Client = Awaited<ReturnType<typeof squareClient>>;

/** The discount of a tier's pricing rule, or undefined when it cannot be read (the tier's name is shown then). */
async function discountOfRule(client: Client, ruleId: string | undefined): Promise<TierDiscount | undefined> {
  if (!ruleId) return undefined;
  try {
    const answer = await client.catalog.object.get({ objectId: ruleId, includeRelatedObjects: true });
    const rule = answer.object;
    const discountId = rule?.type === "PRICING_RULE" ? rule.pricingRuleData?.discountId : undefined;
    const found = (answer.relatedObjects ?? []).find((object) => object.id === discountId);
    const data = found?.type === "DISCOUNT" ? found.discountData : undefined;
    if (data?.discountType === "FIXED_AMOUNT" && data.amountMoney?.amount !== undefined) return { kind: "amount", cents: Number(data.amountMoney.amount) };
    if (data?.discountType === "FIXED_PERCENTAGE" && data.percentage) {
      const cap = data.maximumAmountMoney?.amount;
      return { kind: "percent", percentage: data.percentage, ...(cap !== undefined && cap !== null ? { maxCents: Number(cap) } : {}) };
    }
  } catch (error) {
    log("warn", "a loyalty tier's pricing rule could not be read; its name is shown", { status: (error as { statusCode?: number }).statusCode ?? null });
  }
  return undefined;
}

/** The program as this instance knows it, asking Square when it knows none or what it knows is over 5 minutes old. */
export async function loyaltyProgram(now = Date.now()): Promise<LoyaltyProgram> {
  if (kept && kept.until > now) return kept.program;
  try {
    const program = await lookUp();
    kept = { program, until: now + PROGRAM_KEPT_MS };
    return program;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    log("warn", "Square's loyalty program could not be read", { status: status ?? null, error: error instanceof Error ? error.message : String(error) });
    if (kept) {
      kept = { program: kept.program, until: now + FAILURE_KEPT_MS };
      return kept.program;
    }
    const off: LoyaltyProgram = { enabled: false, reason: "Square did not answer" };
    kept = { program: off, until: now + FAILURE_KEPT_MS };
    return off;
  }
}

/** Square notified loyalty.program.updated (tiers, status or rules changed in the Dashboard): read it afresh on next use. */
export function loyaltyProgramChanged(): string {
  forgetLoyaltyProgram();
  return "applied: loyalty program read again on next use";
}
