// The fake Square's rewards on orders, from Square's documents:
// - a reward tier's discount is a catalog PRICING_RULE whose `discount_id` names a DISCOUNT object
//   (FIXED_AMOUNT or FIXED_PERCENTAGE, perhaps capped by `maximum_amount_money`); RetrieveCatalogObject with
//   `include_related_objects=true` answers the rule and its discount in `related_objects`
//   (https://developer.squareup.com/docs/loyalty-api/loyalty-rewards#reward-tiers,
//   https://developer.squareup.com/reference/square/catalog-api/retrieve-catalog-object);
// - CreateLoyaltyReward with an `order_id` "adds a discount to the order" (an ORDER-scope discount naming the
//   reward in `reward_ids` and the tier's `pricing_rule_id`), and the order is priced again; DeleteLoyaltyReward
//   takes that discount off (https://developer.squareup.com/docs/loyalty-api/loyalty-rewards#create-a-reward,
//   https://developer.squareup.com/docs/loyalty-api/loyalty-rewards#delete-a-reward);
// - CalculateOrder with `proposed_rewards` prices the order as if the reward were on it, locking nothing
//   (https://developer.squareup.com/reference/square/orders-api/calculate-order);
// - a reward stays ISSUED while its order is OPEN and is REDEEMED once the order is COMPLETED; a REDEEMED reward
//   can no longer be deleted (https://developer.squareup.com/docs/loyalty-api/loyalty-rewards#reward-states).
// The order is priced again by the fake's own pricing (discounts before tax), as CreateOrder prices it.
import { randomUUID } from "node:crypto";
import type { FakeReply } from "./fakeSquare";

export type TierDiscount = { type: "FIXED_AMOUNT"; amountCents: number } | { type: "FIXED_PERCENTAGE"; percentage: string; maxCents?: number };

export type PriceOrder = (order: any) => FakeReply | { priced: any };

/** The tier's discount read from a name Square makes ("$5 off your order"); $5 off otherwise. */
export function discountOfName(name: string): TierDiscount {
  const amount = /^\$(\d+(?:\.\d{1,2})?) off/i.exec(name);
  if (amount) return { type: "FIXED_AMOUNT", amountCents: Math.round(Number(amount[1]) * 100) };
  const percent = /^(\d+(?:\.\d+)?)% off/i.exec(name);
  if (percent) return { type: "FIXED_PERCENTAGE", percentage: percent[1]! };
  return { type: "FIXED_AMOUNT", amountCents: 500 };
}

const usd = (amount: number) => ({ amount, currency: "USD" });
const catalogId = () => randomUUID().toUpperCase().replace(/-/g, "").slice(0, 24);

/** The DISCOUNT and PRICING_RULE catalog objects of a tier (the Dashboard makes them with the tier). */
export function tierCatalogObjects(name: string, discount: TierDiscount, pricingRuleId = catalogId()): { rule: any; discount: any } {
  const now = new Date().toISOString();
  const discountObject = {
    type: "DISCOUNT",
    id: catalogId(),
    updated_at: now,
    version: 1,
    is_deleted: false,
    present_at_all_locations: true,
    discount_data: {
      name,
      discount_type: discount.type,
      ...(discount.type === "FIXED_AMOUNT" ? { amount_money: usd(discount.amountCents) } : { percentage: discount.percentage }),
      ...(discount.type === "FIXED_PERCENTAGE" && discount.maxCents !== undefined ? { maximum_amount_money: usd(discount.maxCents) } : {}),
      pin_required: false,
    },
  };
  const rule = {
    type: "PRICING_RULE",
    id: pricingRuleId,
    updated_at: now,
    version: 1,
    is_deleted: false,
    present_at_all_locations: true,
    pricing_rule_data: { name, discount_id: discountObject.id },
  };
  return { rule, discount: discountObject };
}

/** The order's discount for the reward, as its DISCOUNT object says (a capped percentage as the amount it comes to). */
function rewardDiscount(rewardId: string, discountObject: any, pricingRuleId: string, base: number): any {
  const data = discountObject.discount_data;
  let entry: any =
    data.discount_type === "FIXED_AMOUNT"
      ? { type: "FIXED_AMOUNT", amount_money: usd(data.amount_money.amount) }
      : { type: "FIXED_PERCENTAGE", percentage: data.percentage };
  const cap = data.maximum_amount_money?.amount;
  if (entry.type === "FIXED_PERCENTAGE" && cap !== undefined && Math.round((base * Number(data.percentage)) / 100) > cap) entry = { type: "FIXED_AMOUNT", amount_money: usd(cap) };
  return { uid: `reward-${rewardId.slice(0, 8)}`, name: data.name, ...entry, scope: "ORDER", _reward: { rewardId, pricingRuleId, catalogObjectId: discountObject.id } };
}

/** Prices `order` again with `discounts` (reward ones carry `_reward`), keeping Square's read-only fields on rewards. */
function repriced(order: any, discounts: any[], priceOrder: PriceOrder): { priced: any } | FakeReply {
  const adHoc = discounts.map(({ _reward, applied_money, reward_ids, pricing_rule_id, catalog_object_id, ...rest }) => rest);
  const lineScoped = new Set(adHoc.filter((discount) => discount.scope === "LINE_ITEM").map((discount) => discount.uid));
  const lines = (order.line_items ?? []).map(({ applied_discounts, total_discount_money, applied_taxes, total_tax_money, total_money, ...line }: any) => ({
    ...line,
    ...((applied_discounts ?? []).some((a: any) => lineScoped.has(a.discount_uid))
      ? { applied_discounts: applied_discounts.filter((a: any) => lineScoped.has(a.discount_uid)).map((a: any) => ({ uid: a.uid, discount_uid: a.discount_uid })) }
      : {}),
  }));
  const taxes = (order.taxes ?? []).map(({ applied_money, ...tax }: any) => tax);
  const serviceCharges = (order.service_charges ?? []).map(({ applied_money, total_money, ...charge }: any) => charge);
  const pricing = priceOrder({ ...order, line_items: lines, taxes, service_charges: serviceCharges, discounts: adHoc.length > 0 ? adHoc : undefined });
  if (!("priced" in pricing)) return pricing;
  for (const discount of pricing.priced.discounts ?? []) {
    const reward = discounts.find((given) => given.uid === discount.uid)?._reward;
    if (reward) Object.assign(discount, { catalog_object_id: reward.catalogObjectId, reward_ids: [reward.rewardId], pricing_rule_id: reward.pricingRuleId });
  }
  return pricing;
}

/** Rewards of the order already on it, plus `added`, as the order's discounts to price with. */
function discountsWith(order: any, added: any[]): any[] {
  const kept = (order.discounts ?? []).map((discount: any) =>
    discount.reward_ids ? { ...discount, _reward: { rewardId: discount.reward_ids[0], pricingRuleId: discount.pricing_rule_id, catalogObjectId: discount.catalog_object_id } } : discount,
  );
  return [...kept, ...added];
}

const subtotalOf = (order: any) => (order.line_items ?? []).reduce((sum: number, line: any) => sum + Number(line.gross_sales_money?.amount ?? 0), 0);

function store(order: any, priced: any): void {
  const { line_items, taxes, discounts, service_charges, total_money, total_tax_money, total_discount_money, total_service_charge_money } = priced;
  Object.assign(order, { line_items, taxes, service_charges, total_money, total_tax_money, total_service_charge_money });
  if (discounts?.length) Object.assign(order, { discounts, total_discount_money });
  else {
    delete order.discounts;
    delete order.total_discount_money;
  }
  order.version += 1;
  order.updated_at = new Date().toISOString();
}

/** Puts the reward's discount on the stored order and prices it again (an error reply when it cannot be priced). */
export function addRewardToOrder(order: any, rewardId: string, discountObject: any, pricingRuleId: string, priceOrder: PriceOrder): FakeReply | null {
  const pricing = repriced(order, discountsWith(order, [rewardDiscount(rewardId, discountObject, pricingRuleId, subtotalOf(order))]), priceOrder);
  if (!("priced" in pricing)) return pricing;
  store(order, pricing.priced);
  order.rewards = [...(order.rewards ?? []), { id: rewardId, reward_tier_id: "" }];
  return null;
}

/** Takes the reward's discount off the stored order and prices it again. */
export function removeRewardFromOrder(order: any, rewardId: string, priceOrder: PriceOrder): void {
  const left = discountsWith(order, []).filter((discount: any) => discount._reward?.rewardId !== rewardId);
  const pricing = repriced(order, left, priceOrder);
  if ("priced" in pricing) store(order, pricing.priced);
  order.rewards = (order.rewards ?? []).filter((reward: any) => reward.id !== rewardId);
  if (order.rewards.length === 0) delete order.rewards;
}

/** CalculateOrder's body with the proposed rewards' discounts added (the tier found by `discountOfTier`). */
export function withProposedRewards(body: any, discountOfTier: (tierId: string) => { discountObject: any; pricingRuleId: string } | null): any | FakeReply {
  const proposed: any[] = body?.proposed_rewards ?? [];
  if (proposed.length === 0) return body;
  const added: any[] = [];
  for (const reward of proposed) {
    const found = discountOfTier(reward.reward_tier_id);
    if (!found) return { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Reward tier not found.", field: "proposed_rewards" }] } };
    const data = found.discountObject.discount_data;
    added.push({
      uid: `proposed-${reward.id}`,
      name: data.name,
      ...(data.discount_type === "FIXED_AMOUNT" ? { type: "FIXED_AMOUNT", amount_money: usd(data.amount_money.amount) } : { type: "FIXED_PERCENTAGE", percentage: data.percentage }),
      scope: "ORDER",
    });
  }
  const { proposed_rewards: _unused, ...rest } = body;
  return { ...rest, order: { ...body.order, discounts: [...(body.order?.discounts ?? []), ...added] } };
}
