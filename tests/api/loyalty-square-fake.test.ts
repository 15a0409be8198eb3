// The fake Square's Loyalty behaves as Square documents it, spoken to through the `square` SDK as our code
// does (so every request and answer is held to Square's API description): the accrual rule that grants the
// most points, discounted items left out only by item rules, an unpaid order refused and a paid open one
// refused under the "completed" reading, CreateLoyaltyReward locks the tier's points and DeleteLoyaltyReward
// returns them, AdjustLoyaltyPoints goes below zero only when allowed, and an order accrues once.
import { describe, expect, it } from "vitest";
import { squareClient } from "../../src/server/platform/squareClient";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();

/** A paid, open pickup as Square keeps it: a $20 line and a $10 line with $2 off, no tax. */
function anOrder(): string {
  const id = `ORDER${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const money = (amount: number) => ({ amount, currency: "USD" });
  running.square.orders.set(id, {
    id,
    location_id: running.square.locationId,
    line_items: [
      { uid: "a", name: "Burger", quantity: "1", catalog_object_id: "BURGER-REGULAR", total_money: money(2000), total_tax_money: money(0), total_discount_money: money(0) },
      { uid: "b", name: "Pie", quantity: "2", catalog_object_id: "PIE-SLICE", total_money: money(800), total_tax_money: money(0), total_discount_money: money(200), applied_discounts: [{ uid: "d", discount_uid: "x", applied_money: money(200) }] },
    ],
    total_money: money(2800),
    tenders: [{ id: "T1", type: "CARD", amount_money: money(2800) }],
    state: "OPEN",
  });
  return id;
}

describe("the fake Square's Loyalty", () => {
  it("earns by the rule that grants the most, and leaves discounted items out only under an item rule", async () => {
    // $28 paid earns 28 by spend; the undiscounted burger earns 30 by its item rule; the pie, discounted, none: 30 wins.
    const program = running.square.loyalty.seedProgram({
      accrual: [{ type: "SPEND", points: 1, spendCents: 100 }, { type: "ITEM_VARIATION", points: 30, variationId: "BURGER-REGULAR" }, { type: "ITEM_VARIATION", points: 40, variationId: "PIE-SLICE" }],
    });
    const orderId = anOrder();
    const client = await squareClient("loyalty");
    expect((await client.loyalty.programs.calculate({ programId: program.id, orderId })).points).toBe(30);
    running.square.loyalty.seedProgram({ accrual: [{ type: "SPEND", points: 1, spendCents: 100 }, { type: "VISIT", points: 5 }] });
    expect((await client.loyalty.programs.calculate({ programId: program.id, orderId })).points).toBe(28);
  });

  it("accrues a paid order once, and a paid open pickup only once it is COMPLETED under the stricter reading", async () => {
    running.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 } });
    const account = running.square.loyalty.seedAccount("+13055550111");
    const client = await squareClient("loyalty");
    const accumulate = (orderId: string, key: string) => client.loyalty.accounts.accumulatePoints({ accountId: account.id, accumulatePoints: { orderId }, idempotencyKey: key, locationId: running.square.locationId });
    const unpaid = anOrder();
    delete running.square.orders.get(unpaid).tenders;
    await expect(accumulate(unpaid, "k0")).rejects.toMatchObject({ statusCode: 400 });
    const orderId = anOrder();
    running.square.readings.loyalty = "completed";
    await expect(accumulate(orderId, "k1")).rejects.toMatchObject({ statusCode: 400 });
    running.square.orders.get(orderId).state = "COMPLETED";
    expect((await accumulate(orderId, "k2")).events?.[0]?.accumulatePoints?.points).toBe(28);
    await expect(accumulate(orderId, "k3")).rejects.toMatchObject({ statusCode: 400 });
    expect(running.square.loyalty.accounts.get(account.id).balance).toBe(28);
  });

  it("locks a reward's points on the order and returns them when the reward is deleted", async () => {
    const program = running.square.loyalty.seedProgram({ tiers: [{ points: 100, name: "$5 off entire sale" }] });
    const account = running.square.loyalty.seedAccount("+13055550112", 150);
    const client = await squareClient("loyalty");
    // A $28 order as CreateOrder prices it: the reward's $5 comes off it before its tax (7.5% of $23 is $1.725, half to even: $1.72).
    const made = async (key: string) =>
      (await client.orders.create({ idempotencyKey: key, order: { locationId: running.square.locationId, lineItems: [{ name: "Burger", quantity: "1", basePriceMoney: { amount: BigInt(2800), currency: "USD" } }], taxes: [{ uid: "t", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }] } })).order!.id!;
    const orderId = await made("o1");
    const { reward } = await client.loyalty.rewards.create({ reward: { loyaltyAccountId: account.id, rewardTierId: program.reward_tiers[0].id, orderId }, idempotencyKey: "r1" });
    expect(reward).toMatchObject({ status: "ISSUED", points: 100 });
    expect(running.square.loyalty.accounts.get(account.id).balance).toBe(50);
    expect(running.square.orders.get(orderId)).toMatchObject({ total_discount_money: { amount: 500 }, total_money: { amount: 2472 } });
    await expect(client.loyalty.rewards.create({ reward: { loyaltyAccountId: account.id, rewardTierId: program.reward_tiers[0].id, orderId: await made("o2") }, idempotencyKey: "r2" })).rejects.toMatchObject({ statusCode: 400 });
    await client.loyalty.rewards.delete({ rewardId: reward!.id! });
    expect(running.square.loyalty.accounts.get(account.id).balance).toBe(150);
    expect(running.square.orders.get(orderId)).toMatchObject({ total_money: { amount: 3010 } });
    expect(running.square.orders.get(orderId).discounts).toBeUndefined();
  });

  it("takes a balance below zero only when the adjustment allows it", async () => {
    running.square.loyalty.seedProgram();
    const account = running.square.loyalty.seedAccount("+13055550113", 10);
    const client = await squareClient("loyalty");
    await expect(client.loyalty.accounts.adjust({ accountId: account.id, idempotencyKey: "a1", adjustPoints: { points: -30, reason: "refund" } })).rejects.toMatchObject({ statusCode: 400 });
    await client.loyalty.accounts.adjust({ accountId: account.id, idempotencyKey: "a2", adjustPoints: { points: -30, reason: "refund" }, allowNegativeBalance: true });
    expect(running.square.loyalty.accounts.get(account.id).balance).toBe(-20);
  });
});
