// The fake Square's Loyalty, written from Square's documents:
// - the program is made in the Seller Dashboard, never by the API; RetrieveLoyaltyProgram accepts `main`
//   and answers 404 NOT_FOUND when the seller has none (https://developer.squareup.com/reference/square/loyalty-api/retrieve-loyalty-program,
//   https://developer.squareup.com/docs/loyalty-api/overview); here `seedProgram` stands for the Dashboard;
// - a reward tier's discount is a catalog pricing rule named by `pricing_rule_reference`
//   (https://developer.squareup.com/docs/loyalty-api/loyalty-rewards#reward-tiers);
// - accounts are keyed by a phone mapping; SearchLoyaltyAccounts finds them by `query.mappings[].phone_number`
//   (https://developer.squareup.com/reference/square/loyalty-api/search-loyalty-accounts,
//   https://developer.squareup.com/reference/square/loyalty-api/create-loyalty-account); one account per phone;
// - CalculateLoyaltyPoints and AccumulateLoyaltyPoints with an `order_id` apply the accrual rules to the order:
//   "For purchases that qualify for multiple accrual rules, Square computes points based on the accrual rule
//   that grants the most points" (developer.squareup.com/reference/square/loyalty/accumulate-loyalty-points):
//   the best single rule, never a sum. SPEND earns `points` per whole `amount_money` of what the diner spent
//   (the lines after their discounts, before or after tax by `tax_mode`, less `excluded_item_variation_ids`),
//   VISIT earns `points` once when that spend reaches `minimum_amount_money`; "With 'Item based' accrual
//   rules, buyers earn points only for the items that they pay for. They don't earn points for discounted
//   items" (developer.squareup.com/docs/loyalty-api/walkthrough2-redeem-points): ITEM_VARIATION earns
//   `points` per unit of its variation on a line without a discount (LoyaltyProgramAccrualRule,
//   developer.squareup.com/reference/square/objects/LoyaltyProgramAccrualRule);
//   an order accrues points once: a second accumulate for it is refused
//   (https://developer.squareup.com/docs/loyalty-api/loyalty-accounts#accumulate-points); the idempotency key
//   makes a retried call answer the first events; "First, you create an order and take a payment. Then, you
//   call AccumulateLoyaltyPoints" (developer.squareup.com/docs/loyalty-api/walkthrough1/accrue-points): an
//   unpaid order is refused, and under the "completed" reading (./fakeSquareReadings.ts) so is a paid order
//   not yet COMPLETED;
// - CreateLoyaltyReward with an `order_id` locks the tier's points (the balance drops by them) and the reward is
//   ISSUED until it is redeemed (at payment, or once the order is COMPLETED: ./fakeSquareReadings.ts); DeleteLoyaltyReward returns the points, and is refused once REDEEMED
//   (https://developer.squareup.com/docs/loyalty-api/loyalty-rewards#create-a-reward,
//   https://developer.squareup.com/reference/square/loyalty-api/delete-loyalty-reward);
// - AdjustLoyaltyPoints refuses to take a balance below zero unless `allow_negative_balance`
//   (https://developer.squareup.com/reference/square/loyalty-api/adjust-loyalty-points);
// - rewards on orders (their discount, CalculateOrder's proposed_rewards, REDEEMED once the order is COMPLETED) and the tiers'
//   catalog objects: ./fakeSquareLoyaltyOrders.ts;
// - SearchLoyaltyEvents filters by account, type and order (https://developer.squareup.com/reference/square/loyalty-api/search-loyalty-events);
//   what the counter does (a reward redeemed at the POS, Square's own adjustment after a refund there) is
//   seeded by `spendAtCounter` and `squareAdjust`, with source SQUARE;
// - 429s and 5xx come from the fake's own faults: square.fault("POST /v2/loyalty/accounts/:id/accumulate", { status: 429 }).
import { randomUUID } from "node:crypto";
import type { FakeReply, RouteHandler } from "./fakeSquare";
import type { FakeSquareReadings } from "./fakeSquareReadings.ts";
import { addRewardToOrder, discountOfName, removeRewardFromOrder, tierCatalogObjects, withProposedRewards, type PriceOrder, type TierDiscount } from "./fakeSquareLoyaltyOrders.ts";

export interface LoyaltyHost {
  routes: Map<string, RouteHandler>;
  orders: Map<string, any>;
  locationId: string;
  notify(type: string, dataType: string, dataId: string, object: Record<string, unknown>): unknown;
  idempotent(endpoint: string, body: any, work: () => FakeReply): FakeReply;
  /** The fake's own order pricing (CreateOrder's), to price an order again once a reward's discount changed. */
  priceOrder: PriceOrder;
  readings: FakeSquareReadings;
}

export interface SeedTier {
  points: number;
  name: string;
  /** The catalog pricing rule that is this tier's discount. */
  pricingRuleId?: string;
  /** The pricing rule's discount; by default read from the name ("$5 off ..."). */
  discount?: TierDiscount;
}

/** One accrual rule: points per whole `spendCents` spent (SPEND), per qualifying visit (VISIT), or per unit of an item variation bought without a discount (ITEM_VARIATION). */
export type SeedAccrual =
  | { type: "SPEND"; points: number; spendCents: number; taxMode?: "BEFORE_TAX" | "AFTER_TAX"; excludedVariationIds?: string[] }
  | { type: "VISIT"; points: number; minimumCents?: number; taxMode?: "BEFORE_TAX" | "AFTER_TAX" }
  | { type: "ITEM_VARIATION"; points: number; variationId: string };

export interface SeedProgram {
  status?: "ACTIVE" | "INACTIVE";
  /** The program's accrual rule, or several (Square takes the one that grants the most). */
  accrual?: SeedAccrual | SeedAccrual[];
  tiers?: SeedTier[];
  terminology?: { one: string; other: string };
}

export interface FakeLoyalty {
  /** The seller's program (null until the Dashboard made one). */
  program: any | null;
  accounts: Map<string, any>;
  rewards: Map<string, any>;
  /** Every loyalty event, in order (ACCUMULATE_POINTS, CREATE_REWARD, DELETE_REWARD, ADJUST_POINTS). */
  events: any[];
  /** The seller sets up (or changes) the program in the Dashboard; changes notify loyalty.program.updated. */
  seedProgram(program?: SeedProgram): any;
  /** An account made at the counter, with a starting balance. */
  seedAccount(phone: string, balance?: number, customerId?: string): any;
  /** Points spent at the counter: a reward redeemed at the POS (source SQUARE). */
  spendAtCounter(accountId: string, points: number): void;
  /** Square's own adjustment of an account tied to an order (a refund made at the POS, source SQUARE). */
  squareAdjust(accountId: string, points: number, orderId: string): void;
  /** The catalog's tier objects (pricing rules and their discounts), by id. */
  catalog: Map<string, any>;
  reset(): void;
}

const notFound = (detail: string): FakeReply => ({ status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail }] } });
const invalid = (code: string, detail: string, field?: string): FakeReply => ({
  status: 400,
  body: { errors: [{ category: "INVALID_REQUEST_ERROR", code, detail, ...(field ? { field } : {}) }] },
});

export function installLoyalty(host: LoyaltyHost): FakeLoyalty {
  const accounts = new Map<string, any>();
  const rewards = new Map<string, any>();
  const events: any[] = [];
  const catalog = new Map<string, any>();
  /** The order each event concerns (an event's own fields do not always name it). */
  const eventOrders = new Map<string, string>();
  /** Orders that already accrued points. */
  const accrued = new Set<string>();

  const event = (type: string, accountId: string, detail: Record<string, unknown>, source = "LOYALTY_API") => {
    const made = { id: randomUUID(), type, created_at: new Date().toISOString(), loyalty_account_id: accountId, location_id: host.locationId, source, ...detail };
    events.push(made);
    host.notify("loyalty.event.created", "loyalty_event", made.id, { loyalty_event: made });
    return made;
  };
  const touched = (account: any) => {
    account.updated_at = new Date().toISOString();
    host.notify("loyalty.account.updated", "loyalty_account", account.id, { loyalty_account: account });
  };

  /** Points an order earns: each rule's points, the best single one (a discounted line earns nothing only under an item rule). */
  function pointsFor(order: any): number {
    const program = api.program;
    if (!program || program.status !== "ACTIVE") return 0;
    const lines: any[] = order.line_items ?? [];
    const cents = (money: any) => Number(money?.amount ?? 0);
    const spent = (afterTax: boolean, excluded: string[] = []) =>
      lines.filter((line) => !excluded.includes(line.catalog_object_id)).reduce((sum, line) => sum + cents(line.total_money) - (afterTax ? 0 : cents(line.total_tax_money)), 0);
    const earned = (rule: any): number => {
      if (rule.accrual_type === "SPEND") {
        const spend = spent(rule.spend_data.tax_mode === "AFTER_TAX", rule.spend_data.excluded_item_variation_ids);
        return Math.floor(spend / cents(rule.spend_data.amount_money)) * rule.points;
      }
      if (rule.accrual_type === "VISIT") {
        const spend = spent(rule.visit_data?.tax_mode === "AFTER_TAX");
        return spend > 0 && spend >= cents(rule.visit_data?.minimum_amount_money) ? rule.points : 0;
      }
      if (rule.accrual_type === "ITEM_VARIATION") {
        const undiscounted = lines.filter((line) => line.catalog_object_id === rule.item_variation_data.item_variation_id && cents(line.total_discount_money) === 0 && (line.applied_discounts ?? []).length === 0);
        return undiscounted.reduce((sum, line) => sum + Number(line.quantity ?? 1) * rule.points, 0);
      }
      return 0;
    };
    return Math.max(0, ...(program.accrual_rules ?? []).map(earned));
  }

  /** Whether Square takes points (or redeems a reward) on this order now: paid, and COMPLETED under the "completed" reading. */
  const orderReady = (order: any) => (host.readings.loyalty === "completed" ? order.state === "COMPLETED" : order.state === "COMPLETED" || (order.tenders ?? []).length > 0);

  const api: FakeLoyalty = {
    program: null,
    accounts,
    rewards,
    events,
    seedProgram(seed = {}) {
      const now = new Date().toISOString();
      const accruals: SeedAccrual[] = [seed.accrual ?? { type: "SPEND", points: 1, spendCents: 100 }].flat();
      const rules = accruals.map((accrual) =>
        accrual.type === "SPEND"
          ? { accrual_type: "SPEND", points: accrual.points, spend_data: { amount_money: { amount: accrual.spendCents, currency: "USD" }, tax_mode: accrual.taxMode ?? "BEFORE_TAX", ...(accrual.excludedVariationIds ? { excluded_item_variation_ids: accrual.excludedVariationIds } : {}) } }
          : accrual.type === "VISIT"
            ? { accrual_type: "VISIT", points: accrual.points, visit_data: { tax_mode: accrual.taxMode ?? "BEFORE_TAX", ...(accrual.minimumCents ? { minimum_amount_money: { amount: accrual.minimumCents, currency: "USD" } } : {}) } }
            : { accrual_type: "ITEM_VARIATION", points: accrual.points, item_variation_data: { item_variation_id: accrual.variationId } },
      );
      const tiers = seed.tiers ?? [{ points: 100, name: "$5 off your order" }];
      const existing = api.program;
      const ruleIds = tiers.map((tier) => {
        const { rule, discount } = tierCatalogObjects(tier.name, tier.discount ?? discountOfName(tier.name), tier.pricingRuleId);
        catalog.set(rule.id, rule);
        catalog.set(discount.id, discount);
        return rule.id;
      });
      api.program = {
        id: existing?.id ?? randomUUID(),
        status: seed.status ?? "ACTIVE",
        reward_tiers: tiers.map((tier, index) => ({
          id: randomUUID(),
          points: tier.points,
          name: tier.name,
          created_at: now,
          pricing_rule_reference: { object_id: ruleIds[index]!, catalog_version: 1 },
        })),
        terminology: seed.terminology ?? { one: "Point", other: "Points" },
        location_ids: [host.locationId],
        created_at: existing?.created_at ?? now,
        updated_at: now,
        accrual_rules: rules,
      };
      if (existing) host.notify("loyalty.program.updated", "loyalty_program", api.program.id, { loyalty_program: api.program });
      return api.program;
    },
    seedAccount(phone, balance = 0, customerId) {
      const account = makeAccount(phone, customerId);
      account.balance = balance;
      account.lifetime_points = balance;
      return account;
    },
    spendAtCounter(accountId, points) {
      const account = accounts.get(accountId);
      account.balance -= points;
      touched(account);
      event("REDEEM_REWARD", account.id, { redeem_reward: { loyalty_program_id: api.program?.id, reward_id: randomUUID() } }, "SQUARE");
    },
    squareAdjust(accountId, points, orderId) {
      const account = accounts.get(accountId);
      account.balance += points;
      touched(account);
      const made = event("ADJUST_POINTS", account.id, { adjust_points: { loyalty_program_id: api.program?.id, points, reason: "Refund" } }, "SQUARE");
      eventOrders.set(made.id, orderId);
    },
    catalog,
    reset() {
      api.program = null;
      catalog.clear();
      eventOrders.clear();
      accounts.clear();
      rewards.clear();
      events.length = 0;
      accrued.clear();
    },
  };

  function makeAccount(phone: string, customerId?: string) {
    const now = new Date().toISOString();
    const account = {
      id: randomUUID(),
      program_id: api.program?.id ?? "",
      balance: 0,
      lifetime_points: 0,
      customer_id: customerId ?? randomUUID().toUpperCase().replace(/-/g, "").slice(0, 26),
      enrolled_at: now,
      created_at: now,
      updated_at: now,
      mapping: { id: randomUUID(), created_at: now, phone_number: phone },
    };
    accounts.set(account.id, account);
    return account;
  }
  const byPhone = (phone: string) => [...accounts.values()].find((account) => account.mapping.phone_number === phone);

  host.routes.set("GET /v2/loyalty/programs/:id", ({ params }) => {
    const program = api.program;
    if (!program || (params.id !== "main" && params.id !== program.id)) return notFound("Loyalty program not found.");
    return { status: 200, body: { program } };
  });

  host.routes.set("POST /v2/loyalty/accounts/search", ({ body }) => {
    const phones: string[] = (body?.query?.mappings ?? []).map((mapping: any) => mapping.phone_number);
    const customers: string[] = body?.query?.customer_ids ?? [];
    const found = [...accounts.values()].filter((account) => phones.includes(account.mapping.phone_number) || customers.includes(account.customer_id));
    return { status: 200, body: found.length > 0 ? { loyalty_accounts: found } : {} };
  });

  host.routes.set("POST /v2/loyalty/accounts", ({ body }) => {
    const phone = body?.loyalty_account?.mapping?.phone_number;
    if (!api.program || body?.loyalty_account?.program_id !== api.program.id) return notFound("Loyalty program not found.");
    if (typeof phone !== "string" || !/^\+[1-9]\d{7,14}$/.test(phone)) return invalid("INVALID_PHONE_NUMBER", "Invalid phone number.", "loyalty_account.mapping.phone_number");
    return host.idempotent("loyalty-accounts", body, () => {
      if (byPhone(phone)) return { status: 409, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "CONFLICT", detail: "A loyalty account with this phone number already exists." }] } };
      return { status: 200, body: { loyalty_account: makeAccount(phone) } };
    });
  });

  host.routes.set("GET /v2/loyalty/accounts/:id", ({ params }) => {
    const account = accounts.get(params.id ?? "");
    return account ? { status: 200, body: { loyalty_account: account } } : notFound("Loyalty account not found.");
  });

  host.routes.set("POST /v2/loyalty/programs/:id/calculate", ({ params, body }) => {
    if (!api.program || (params.id !== api.program.id && params.id !== "main")) return notFound("Loyalty program not found.");
    if (body?.order_id) {
      const order = host.orders.get(body.order_id);
      if (!order) return notFound("Order not found.");
      return { status: 200, body: { points: pointsFor(order) } };
    }
    const cents = Number(body?.transaction_amount_money?.amount ?? 0);
    return { status: 200, body: { points: pointsFor({ line_items: [{ total_money: { amount: cents } }] }) } };
  });

  host.routes.set("POST /v2/loyalty/accounts/:id/accumulate", ({ params, body }) => {
    const account = accounts.get(params.id ?? "");
    if (!account) return notFound("Loyalty account not found.");
    return host.idempotent("loyalty-accumulate", body, () => {
      const orderId = body.accumulate_points?.order_id;
      const program = api.program;
      if (!program || program.status !== "ACTIVE") return invalid("BAD_REQUEST", "The loyalty program is not active.");
      let points = Number(body.accumulate_points?.points ?? 0);
      if (orderId) {
        const order = host.orders.get(orderId);
        if (!order) return notFound("Order not found.");
        if (accrued.has(orderId)) return invalid("BAD_REQUEST", "Points were already accumulated for this order.");
        if (!orderReady(order)) return invalid("BAD_REQUEST", `Points cannot be accumulated for an order in state ${order.state}${(order.tenders ?? []).length > 0 ? "" : " without a payment"}.`, "accumulate_points.order_id");
        accrued.add(orderId);
        points = pointsFor(order);
      }
      // An event carries at least 1 point (LoyaltyEventAccumulatePoints.points, minimum 1): an order that
      // earns none (every item discounted) is marked accrued and answers no event.
      if (points === 0) return { status: 200, body: {} };
      account.balance += points;
      account.lifetime_points += points;
      touched(account);
      const made = event("ACCUMULATE_POINTS", account.id, { accumulate_points: { loyalty_program_id: program.id, points, ...(orderId ? { order_id: orderId } : {}) } });
      if (orderId) eventOrders.set(made.id, orderId);
      return { status: 200, body: { events: [made] } };
    });
  });

  host.routes.set("POST /v2/loyalty/accounts/:id/adjust", ({ params, body }) => {
    const account = accounts.get(params.id ?? "");
    if (!account) return notFound("Loyalty account not found.");
    return host.idempotent("loyalty-adjust", body, () => {
      const points = Number(body.adjust_points?.points ?? 0);
      if (account.balance + points < 0 && body.allow_negative_balance !== true) return invalid("BAD_REQUEST", "The adjustment would make the balance negative.");
      account.balance += points;
      if (points > 0) account.lifetime_points += points;
      touched(account);
      const made = event("ADJUST_POINTS", account.id, { adjust_points: { loyalty_program_id: api.program?.id, points, ...(body.adjust_points?.reason ? { reason: body.adjust_points.reason } : {}) } });
      return { status: 200, body: { event: made } };
    });
  });

  host.routes.set("POST /v2/loyalty/rewards", ({ body }) => {
    const wanted = body?.reward ?? {};
    const account = accounts.get(wanted.loyalty_account_id);
    if (!account) return notFound("Loyalty account not found.");
    const tier = api.program?.reward_tiers.find((candidate: any) => candidate.id === wanted.reward_tier_id);
    if (!tier) return notFound("Reward tier not found.");
    const order = wanted.order_id ? host.orders.get(wanted.order_id) : undefined;
    if (wanted.order_id && !order) return notFound("Order not found.");
    return host.idempotent("loyalty-rewards", body, () => {
      if (account.balance < tier.points) return invalid("BAD_REQUEST", "The loyalty account does not have enough points for this reward.");
      if (order && (order.tenders ?? []).length > 0) return invalid("BAD_REQUEST", "The order is already paid.");
      const now = new Date().toISOString();
      const reward = { id: randomUUID(), status: "ISSUED", loyalty_account_id: account.id, reward_tier_id: tier.id, points: tier.points, ...(wanted.order_id ? { order_id: wanted.order_id } : {}), created_at: now, updated_at: now };
      if (order) {
        const rule = catalog.get(tier.pricing_rule_reference.object_id);
        const refused = addRewardToOrder(order, reward.id, catalog.get(rule.pricing_rule_data.discount_id), rule.id, host.priceOrder);
        if (refused) return refused;
        order.rewards[order.rewards.length - 1].reward_tier_id = tier.id;
      }
      rewards.set(reward.id, reward);
      account.balance -= tier.points;
      touched(account);
      event("CREATE_REWARD", account.id, { create_reward: { loyalty_program_id: api.program.id, reward_id: reward.id, points: tier.points } });
      return { status: 200, body: { reward } };
    });
  });

  /** A reward stays ISSUED until its order is paid ("paid" reading) or COMPLETED ("completed" reading), then it is REDEEMED. */
  const current = (reward: any) => {
    const order = reward.order_id && host.orders.get(reward.order_id);
    if (reward.status === "ISSUED" && order && orderReady(order)) {
      reward.status = "REDEEMED";
      reward.redeemed_at = new Date().toISOString();
    }
    return reward;
  };

  host.routes.set("GET /v2/loyalty/rewards/:id", ({ params }) => {
    const reward = rewards.get(params.id ?? "") && current(rewards.get(params.id ?? ""));
    return reward ? { status: 200, body: { reward } } : notFound("Reward not found.");
  });

  host.routes.set("DELETE /v2/loyalty/rewards/:id", ({ params }) => {
    const reward = rewards.get(params.id ?? "");
    if (!reward) return notFound("Reward not found.");
    if (current(reward).status === "REDEEMED") return invalid("BAD_REQUEST", "A redeemed reward cannot be deleted.");
    rewards.delete(reward.id);
    const order = reward.order_id ? host.orders.get(reward.order_id) : undefined;
    if (order) removeRewardFromOrder(order, reward.id, host.priceOrder);
    const account = accounts.get(reward.loyalty_account_id);
    account.balance += reward.points;
    touched(account);
    event("DELETE_REWARD", account.id, { delete_reward: { loyalty_program_id: api.program?.id, reward_id: reward.id, points: reward.points } });
    return { status: 200, body: {} };
  });

  host.routes.set("GET /v2/catalog/object/:id", ({ params, query }) => {
    const object = catalog.get(params.id ?? "");
    if (!object) return notFound("Catalog object not found.");
    const related = query.include_related_objects === "true" && object.type === "PRICING_RULE" ? [catalog.get(object.pricing_rule_data.discount_id)] : [];
    return { status: 200, body: { object, ...(related.length > 0 ? { related_objects: related } : {}) } };
  });

  host.routes.set("POST /v2/loyalty/events/search", ({ body }) => {
    const filter = body?.query?.filter ?? {};
    const found = events.filter(
      (made) =>
        (!filter.loyalty_account_filter || made.loyalty_account_id === filter.loyalty_account_filter.loyalty_account_id) &&
        (!filter.type_filter || filter.type_filter.types.includes(made.type)) &&
        (!filter.order_filter || eventOrders.get(made.id) === filter.order_filter.order_id),
    );
    return { status: 200, body: found.length > 0 ? { events: found.slice(-(body?.limit ?? 30)).reverse() } : {} };
  });

  // CalculateOrder with proposed_rewards: the order priced as if the rewards were on it.
  const calculate = host.routes.get("POST /v2/orders/calculate");
  if (calculate) {
    host.routes.set("POST /v2/orders/calculate", (request) => {
      const body = withProposedRewards(request.body, (tierId) => {
        const tier = api.program?.reward_tiers.find((candidate: any) => candidate.id === tierId);
        const rule = tier && catalog.get(tier.pricing_rule_reference.object_id);
        return rule ? { discountObject: catalog.get(rule.pricing_rule_data.discount_id), pricingRuleId: rule.id } : null;
      });
      if ("status" in body && !("order" in body)) return body as FakeReply;
      return calculate({ ...request, body });
    });
  }

  return api;
}
