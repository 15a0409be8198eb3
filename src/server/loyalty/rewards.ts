// Spending points on an order, Square's way. The checkout shows Square's total for the order with the
// reward (./checkoutPanel.ts, CalculateOrder with proposed_rewards); at Pay, once the order exists at
// Square and before the card is charged, CreateLoyaltyReward with its order_id locks the points and puts
// the discount on it; the charge is then Square's new total, and only when it is the total the diner was
// shown (else the reward is deleted and nothing is charged). One live reward per order (a unique row). A
// declined or refused payment deletes the reward (DeleteLoyaltyReward: the points come back); the
// reconcile schedule's sweeper deletes rewards left on orders still unpaid 15 minutes on. Points spent at the
// counter meanwhile make CreateLoyaltyReward fail: the diner reads a clear sentence and nothing is charged.
import type { OrderRequest } from "../../domain/orderRequest.schema";
import type { ProviderOrder } from "../payments";
import { db } from "../platform/database";
import { Conflict, InvalidRequest, said } from "../platform/errors";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { balanceKey, forgetLookups } from "./keptLookups";
import { squareClient } from "../platform/squareClient";
import { dinerLink, loyaltyOn, squareTrouble } from "./membership";
import { offerOfCode } from "../offers";

/** A reward on an order not paid this long after it was put on is deleted by the sweeper. */
export const ABANDONED_REWARD_MS = 15 * 60_000;

/** What the charge step needs of a reward chosen at checkout. */
export interface RewardChoice {
  loyaltyAccountId: string;
  tierId: string;
  points: number;
  shownTotalCents: number;
}

/**
 * The reward the checkout asks for, checked before anything is stored: a signed-in diner with linked loyalty,
 * a tier the program offers, and no promo code beside it unless the owner lets them combine.
 */
export async function rewardChoiceOf(request: OrderRequest, dinerAccountId: string | undefined): Promise<RewardChoice | undefined> {
  const wanted = request.loyaltyReward;
  if (!wanted) return undefined;
  if (request.promoCode) {
    // An unknown code is refused by the offer check itself, in its own words.
    const offer = await offerOfCode(request.promoCode);
    if (offer && !offer.combines_with_rewards) throw new Conflict(said("loyalty_reward_with_code"));
  }
  const program = await loyaltyOn();
  if (!program) throw new Conflict(said("loyalty_off"));
  const link = dinerAccountId ? await dinerLink(dinerAccountId) : null;
  if (!link) throw new InvalidRequest(said("loyalty_reward_needs_account"));
  const tier = program.tiers.find((candidate) => candidate.id === wanted.tierId);
  if (!tier) throw new InvalidRequest(said("loyalty_reward_unknown"), [{ path: "loyaltyReward.tierId", message: "not a reward of the program" }]);
  return { loyaltyAccountId: link.loyaltyAccountId, tierId: tier.id, points: tier.points, shownTotalCents: wanted.shownTotalCents };
}

/** The key of the order's n-th reward: a retry finds the same reward, a new choice after a deleted one is a new one. */
export function rewardIdempotencyKey(orderId: string, attempt: number): string {
  return `loyalty-reward-${orderId}-${attempt}`;
}

/**
 * Puts the chosen reward on the order's Square order (or finds the one already on it) and answers the order
 * as Square now prices it: what the card is charged. Refused (the points went at the counter, the total is
 * not the one shown), nothing is charged.
 */
export async function putReward(orderId: string, providerOrder: ProviderOrder, choice: RewardChoice): Promise<ProviderOrder> {
  const client = await squareClient("loyalty");
  const live = await db.one<{ reward_id: string }>(sql`SELECT reward_id FROM loyalty_rewards WHERE order_id = ${orderId} AND deleted_at IS NULL`);
  if (!live) {
    const tries = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM loyalty_rewards WHERE order_id = ${orderId}`);
    let rewardId: string | undefined;
    try {
      const created = await client.loyalty.rewards.create({
        idempotencyKey: rewardIdempotencyKey(orderId, tries?.n ?? 0),
        reward: { loyaltyAccountId: choice.loyaltyAccountId, rewardTierId: choice.tierId, orderId: providerOrder.id },
      });
      rewardId = created.reward?.id;
      // The reward locks its points: the balance kept for the panel is no longer Square's.
      forgetLookups(balanceKey(choice.loyaltyAccountId));
    } catch (error) {
      // Square refuses a reward the balance no longer covers (points spent at the counter meanwhile).
      if ((error as { statusCode?: number }).statusCode === 400) throw new Conflict(said("loyalty_reward_spent"));
      squareTrouble("loyalty.rewards.create", error);
    }
    if (!rewardId) throw new Conflict(said("loyalty_reward_spent"));
    await db.run(sql`
      INSERT INTO loyalty_rewards (reward_id, order_id, loyalty_account_id, tier_id, points)
      VALUES (${rewardId}, ${orderId}, ${choice.loyaltyAccountId}, ${choice.tierId}, ${choice.points}) ON CONFLICT (reward_id) DO NOTHING`);
  }
  const { order } = await client.orders.get({ orderId: providerOrder.id }).catch((error: unknown) => squareTrouble("orders.get", error));
  const totalCents = Number(order?.totalMoney?.amount ?? providerOrder.totalCents);
  const taxCents = Number(order?.totalTaxMoney?.amount ?? providerOrder.taxCents);
  if (totalCents !== choice.shownTotalCents) {
    log("warn", "a reward's total differs from the one shown; not charging", { shown: choice.shownTotalCents, square: totalCents });
    await releaseReward(orderId);
    throw new Conflict(said("loyalty_total_changed"));
  }
  // The reward's share is Square's discounts less the ones the order was decided with (a code's); the order
  // keeps Square's whole discount itself (orders' square_discount_cents), so the receipt reads as Square's.
  const squareDiscount = Number(order?.totalDiscountMoney?.amount ?? 0);
  await db.run(sql`
    UPDATE loyalty_rewards r SET total_cents = ${totalCents},
      discount_cents = GREATEST(0, ${squareDiscount}::integer - (SELECT o.discount_cents FROM orders o WHERE o.id = r.order_id))
    WHERE r.order_id = ${orderId} AND r.deleted_at IS NULL`);
  return { id: providerOrder.id, taxCents, totalCents, discountCents: squareDiscount };
}

/** Deletes the order's live reward at Square (its points come back) and answers whether one was. Never throws. */
export async function releaseReward(orderId: string): Promise<boolean> {
  const live = await db.one<{ reward_id: string }>(sql`SELECT reward_id FROM loyalty_rewards WHERE order_id = ${orderId} AND deleted_at IS NULL`).catch(() => null);
  if (!live) return false;
  try {
    const client = await squareClient("loyalty");
    await client.loyalty.rewards.delete({ rewardId: live.reward_id });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    // 404: gone already (deleted at the counter). A 400 is a redeemed reward (the order was paid): it stays.
    // Anything else is tried again by the sweeper.
    if (status !== 404) {
      log("warn", "loyalty reward not deleted", { status: status ?? null });
      return false;
    }
  }
  await db.run(sql`UPDATE loyalty_rewards SET deleted_at = now() WHERE reward_id = ${live.reward_id} AND deleted_at IS NULL`).catch(() => undefined);
  return true;
}

/** The sweeper: rewards on orders still unpaid 15 minutes after they were put on; answers how many were deleted. */
export async function releaseAbandonedRewards(now = new Date(), limit = 50): Promise<number> {
  const rows = await db.all<{ order_id: string }>(sql`
    SELECT r.order_id FROM loyalty_rewards r JOIN orders o ON o.id = r.order_id
    WHERE r.deleted_at IS NULL AND o.status IN ('pending', 'payment_failed')
      AND r.created_at < ${new Date(now.getTime() - ABANDONED_REWARD_MS)}
    ORDER BY r.created_at LIMIT ${limit}`);
  let released = 0;
  for (const { order_id } of rows) if (await releaseReward(order_id)) released++;
  return released;
}
