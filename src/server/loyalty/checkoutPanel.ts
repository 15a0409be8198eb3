// What the checkout shows a signed-in member: their balance (live from Square, negative as Square keeps it),
// the points this order will earn (CalculateLoyaltyPoints) and the rewards their balance covers; with a
// reward chosen, Square's total for the order with it (CalculateOrder with proposed_rewards), the total the
// Pay step then charges (./rewards.ts refuses any other). Items with a discount earn no points (Square's
// rule): a promo code's items are left out of the amount asked about, and a reward discounts every item,
// so an order with one earns none; the page says so.
import type { Square } from "square";
import type { Locale } from "../../domain/i18n/locales";
import type { z } from "../../domain/zod";
import type { checkoutLoyaltySchema } from "../../domain/loyalty.schema";
import { shownTiers } from "../../domain/loyaltyTiers";
import { log } from "../platform/http";
import { squareClient, squareConfig } from "../square/squareClient";
import { dinerLink, loyaltyBalance, loyaltyOn } from "./membership";

export type CheckoutCart = z.infer<typeof checkoutLoyaltySchema>;

export interface CheckoutLoyalty {
  available: boolean;
  member?: boolean;
  balance?: number;
  pointsToEarn?: number;
  /** Some items carry a discount and earn no points. */
  discountedItems?: boolean;
  tiers?: Array<{ id: string; points: number; name: string; affordable: boolean }>;
  /** Square's total for the order with the chosen reward, and what the reward takes off. */
  reward?: { tierId: string; totalCents: number; discountCents: number };
}

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });

/** The order as the gateway makes it at Square (src/server/payments/square.ts): ad hoc lines, the sales tax, the delivery fee. */
function squareOrderOf(cart: CheckoutCart, locationId: string): Square.Order {
  return {
    locationId,
    lineItems: cart.lines.map((line) => ({ name: line.name, quantity: String(line.quantity), basePriceMoney: usd(line.unitPriceCents) })),
    taxes: [{ uid: "miami-sales-tax", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }],
    ...(cart.deliveryFeeCents > 0 ? { serviceCharges: [{ name: "Delivery fee", amountMoney: usd(cart.deliveryFeeCents), calculationPhase: "TOTAL_PHASE" }] } : {}),
  };
}

/** The checkout's loyalty panel for the diner (null: a guest) and the cart the page priced. */
export async function checkoutLoyalty(accountId: string | null, cart: CheckoutCart, locale: Locale): Promise<CheckoutLoyalty> {
  if (!accountId) return { available: false };
  const program = await loyaltyOn();
  const config = squareConfig();
  if (!program || !config) return { available: false };
  const link = await dinerLink(accountId);
  if (!link) return { available: true, member: false };
  const tier = cart.tierId ? program.tiers.find((candidate) => candidate.id === cart.tierId) : undefined;
  const subtotal = cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const eligible = tier ? 0 : Math.max(0, subtotal - cart.discountedCents);
  try {
    const client = await squareClient();
    const [{ balance }, calculated, quote] = await Promise.all([
      loyaltyBalance(link.loyaltyAccountId),
      eligible > 0 ? client.loyalty.programs.calculate({ programId: program.programId, transactionAmountMoney: usd(eligible), loyaltyAccountId: link.loyaltyAccountId }) : Promise.resolve({ points: 0, promotionPoints: 0 }),
      tier ? client.orders.calculate({ order: squareOrderOf(cart, config.locationId), proposedRewards: [{ id: "chosen-reward", rewardTierId: tier.id }] }) : Promise.resolve(null),
    ]);
    // A reward's points are locked while it waits on an order: the balance shown already counts them out.
    return {
      available: true,
      member: true,
      balance,
      pointsToEarn: (calculated.points ?? 0) + (calculated.promotionPoints ?? 0),
      discountedItems: Boolean(tier) || cart.discountedCents > 0,
      tiers: shownTiers(program.tiers, locale).map((shown) => ({ ...shown, affordable: balance >= shown.points })),
      ...(tier && quote?.order
        ? { reward: { tierId: tier.id, totalCents: Number(quote.order.totalMoney?.amount ?? 0), discountCents: Number(quote.order.totalDiscountMoney?.amount ?? 0) } }
        : {}),
    };
  } catch (error) {
    // The panel is a courtesy: the order goes on without it.
    log("warn", "checkout loyalty panel not shown: square did not answer", { status: (error as { statusCode?: number }).statusCode ?? null });
    return { available: false };
  }
}
