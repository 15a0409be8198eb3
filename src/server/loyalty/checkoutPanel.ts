// What the checkout shows a signed-in member: their balance (live from Square, negative as Square keeps it),
// the points this order will earn (CalculateLoyaltyPoints) and the rewards their balance covers; with a
// reward chosen, Square's total for the order with it (CalculateOrder with proposed_rewards), the total the
// Pay step then charges (./rewards.ts refuses any other). Square earns by the best single accrual rule: a
// spend rule counts what the diner pays (the dishes after a code's or a reward's discount, before tax, as
// Square's CalculateOrder prices them), and only an item rule leaves discounted items out, which the page
// then says. The code's discount is on the quote as on the order Pay makes; a code that does not combine
// with rewards offers none.
import { createHash } from "node:crypto";
import type { Square } from "square";
import type { Locale } from "../../domain/i18n/locales";
import type { z } from "../../domain/zod";
import type { checkoutLoyaltySchema } from "../../domain/loyalty.schema";
import type { SquareDiscount } from "../../domain/discounts";
import { shownTiers } from "../../domain/loyaltyTiers";
import type { OrderLine } from "../../domain/orderLines";
import { offerOfCode, squareDiscountOf } from "../offers";
import { withSquareDiscount } from "../payments";
import { TooManyAttempts } from "../platform/errors";
import { log } from "../platform/http";
import { refuseKnownAsker } from "../platform/lookupBudget";
import { squareClient, squareConfig } from "../platform/squareClient";
import { keptLookup, lookupTicket } from "./keptLookups";
import { dinerLink, loyaltyBalance, loyaltyOn } from "./membership";

export type CheckoutCart = z.infer<typeof checkoutLoyaltySchema>;

export interface CheckoutLoyalty {
  available: boolean;
  member?: boolean;
  balance?: number;
  pointsToEarn?: number;
  /** Some items carry a discount and earn no points. */
  discountedItems?: boolean;
  /** The promo code applied does not combine with rewards (its owner's setting): none can be chosen. */
  codeBlocksRewards?: boolean;
  tiers?: Array<{ id: string; points: number; name: string; affordable: boolean }>;
  /** Square's total for the order with the chosen reward, and what the reward takes off. */
  reward?: { tierId: string; totalCents: number; discountCents: number };
}

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });

/** The order as the gateway makes it at Square (src/server/payments/square.ts): ad hoc lines, the code's discount, the sales tax, the delivery fee. */
function squareOrderOf(cart: CheckoutCart, discount: SquareDiscount | null, locationId: string): Square.Order {
  return {
    locationId,
    ...withSquareDiscount(cart.lines.map((line) => ({ name: line.name, quantity: String(line.quantity), basePriceMoney: usd(line.unitPriceCents) })), discount),
    taxes: [{ uid: "miami-sales-tax", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }],
    ...(cart.deliveryFeeCents > 0 ? { serviceCharges: [{ name: "Delivery fee", amountMoney: usd(cart.deliveryFeeCents), calculationPhase: "TOTAL_PHASE" }] } : {}),
  };
}

/** What the diner pays for the dishes in Square's priced order: its total less tax and the delivery fee. */
function spendOf(order: Square.Order): number {
  const cents = (money: Square.Money | undefined) => Number(money?.amount ?? 0);
  return cents(order.totalMoney) - cents(order.totalTaxMoney) - cents(order.totalServiceChargeMoney);
}

/** The applied code's discount on these lines (none when the code gives none), and whether it combines with rewards. */
async function promoOf(cart: CheckoutCart): Promise<{ discount: SquareDiscount | null; combines: boolean }> {
  if (!cart.promoCode) return { discount: null, combines: true };
  const offer = await offerOfCode(cart.promoCode);
  if (!offer || offer.paused) return { discount: null, combines: true };
  const lines: OrderLine[] = cart.lines.map((line) => ({ menuItemId: line.id ?? -1, name: line.name, description: "", unitPriceCents: line.unitPriceCents, quantity: line.quantity, catalogObjectId: null, options: [], note: "" }));
  let discount: SquareDiscount | null = null;
  try {
    discount = squareDiscountOf(offer, lines);
  } catch {
    // None of its dishes is in the cart: it discounts nothing.
  }
  return { discount, combines: offer.combines_with_rewards };
}

/**
 * The checkout's loyalty panel for the diner (null: a guest) and the cart the page priced. Square's answers
 * are kept about a minute (./keptLookups.ts); asking Square counts against the look-up budgets of the diner,
 * their network (`address`) and the site (429 with a sentence past them).
 */
export async function checkoutLoyalty(accountId: string | null, cart: CheckoutCart, locale: Locale, address: string | null): Promise<CheckoutLoyalty> {
  if (!accountId) return { available: false };
  refuseKnownAsker({ accountId, address });
  const program = await loyaltyOn();
  const config = squareConfig();
  if (!program || !config) return { available: false };
  const link = await dinerLink(accountId);
  if (!link) return { available: true, member: false };
  const code = await promoOf(cart);
  const tier = cart.tierId && code.combines ? program.tiers.find((candidate) => candidate.id === cart.tierId) : undefined;
  const discounted = Boolean(tier) || Boolean(code.discount);
  const ticket = lookupTicket({ accountId, address });
  const order = squareOrderOf(cart, code.discount, config.locationId);
  try {
    const client = await squareClient("lookup");
    const [{ balance }, quote] = await Promise.all([
      loyaltyBalance(link.loyaltyAccountId, ticket),
      discounted
        ? keptLookup(`quote:${tier?.id ?? ""}:${hashOf(order)}`, ticket, () => client.orders.calculate({ order, ...(tier ? { proposedRewards: [{ id: "chosen-reward", rewardTierId: tier.id }] } : {}) }))
        : Promise.resolve(null),
    ]);
    const spent = quote?.order ? spendOf(quote.order) : cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const calculated =
      spent > 0
        ? await keptLookup(`points:${link.loyaltyAccountId}:${program.programId}:${spent}`, ticket, () =>
            client.loyalty.programs.calculate({ programId: program.programId, transactionAmountMoney: usd(spent), loyaltyAccountId: link.loyaltyAccountId }),
          )
        : { points: 0, promotionPoints: 0 };
    // A reward's points are locked while it waits on an order: the balance shown already counts them out.
    return {
      available: true,
      member: true,
      balance,
      pointsToEarn: (calculated.points ?? 0) + (calculated.promotionPoints ?? 0),
      discountedItems: program.itemRules && discounted,
      ...(code.combines ? {} : { codeBlocksRewards: true }),
      tiers: shownTiers(program.tiers, locale).map((shown) => ({ ...shown, affordable: code.combines && balance >= shown.points })),
      ...(tier && quote?.order
        ? { reward: { tierId: tier.id, totalCents: Number(quote.order.totalMoney?.amount ?? 0), discountCents: Number(quote.order.totalDiscountMoney?.amount ?? 0) } }
        : {}),
    };
  } catch (error) {
    // Past the look-up budgets the diner reads why; otherwise the panel is a courtesy: the order goes on without it.
    if (error instanceof TooManyAttempts) throw error;
    log("warn", "checkout loyalty panel not shown: square did not answer", { status: (error as { statusCode?: number }).statusCode ?? null });
    return { available: false };
  }
}

/** A short, stable name of an order's shape (its amounts are bigints), for the kept quotes. */
function hashOf(order: Square.Order): string {
  return createHash("sha256")
    .update(JSON.stringify(order, (_, value: unknown) => (typeof value === "bigint" ? value.toString() : value)))
    .digest("base64url")
    .slice(0, 22);
}
