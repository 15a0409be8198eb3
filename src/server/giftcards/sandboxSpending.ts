// Spending the local test gateway's gift cards (sandbox_gift_cards, this room's): the TEST MODE form sends a
// test card's number, and the order's total with its tip is redeemed from the local card as Square redeems a
// gift card payment: refused when the card is not active or its balance is short (INSUFFICIENT_FUNDS, beside
// GIFT_CARD_AVAILABLE_AMOUNT when a tip is asked). The test gateway (payments/sandbox.ts) asks it for a token
// it owns and keeps each attempt's first outcome, so nothing is redeemed twice.
import { randomBytes } from "node:crypto";
import { TEST_GIFT_CARD_TOKEN_PREFIX } from "../../domain/giftCards";
import { db } from "../platform/database";
import { RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import type { ProviderError, ProviderOrder, TestOutcome, TestTender } from "../payments";

const ganOf = (token: string) => token.slice(TEST_GIFT_CARD_TOKEN_PREFIX.length).replace(/[\s-]/g, "");
const UNKNOWN: ProviderError = { category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Card nonce not found", field: "source_id" };

/** Redeems the total and tip from the test card. */
async function pay(token: string, order: ProviderOrder, tipCents: number): Promise<TestOutcome> {
  const gan = ganOf(token);
  const amount = order.totalCents + tipCents;
  const card = await db.one<{ state: string; balance_cents: number }>(sql`SELECT state, balance_cents FROM sandbox_gift_cards WHERE gan = ${gan}`);
  if (!card) return { ok: false, errors: [UNKNOWN] };
  if (card.state !== "ACTIVE") return { ok: false, errors: [{ category: "PAYMENT_METHOD_ERROR", code: "CARD_DECLINED", detail: `Gift card is ${card.state}` }] };
  const redeemed = await db.run(sql`
    UPDATE sandbox_gift_cards SET balance_cents = balance_cents - ${amount} WHERE gan = ${gan} AND state = 'ACTIVE' AND balance_cents >= ${amount}`);
  if (!redeemed) {
    const short: ProviderError = { category: "PAYMENT_METHOD_ERROR", code: "INSUFFICIENT_FUNDS", detail: "Authorization error: 'INSUFFICIENT_FUNDS'" };
    const available: ProviderError = { category: "PAYMENT_METHOD_ERROR", code: "GIFT_CARD_AVAILABLE_AMOUNT", detail: String(card.balance_cents) };
    return { ok: false, errors: tipCents > 0 ? [short, available] : [short] };
  }
  const paymentId = `sandbox-payment-${randomBytes(9).toString("base64url")}`;
  return {
    ok: true,
    result: {
      provider: "sandbox",
      providerOrder: order,
      paymentId,
      amountCents: order.totalCents,
      receiptUrl: null,
      payments: [{ paymentId, amountCents: amount, kind: "gift_card" }],
      tenders: [{ kind: "gift_card", last4: gan.slice(-4), amountCents: amount, balanceCents: card.balance_cents - amount }],
    },
  };
}

/**
 * Split tender at the test gateway: the test card pays what it holds (up to the total), the card or wallet's
 * outcome decides the rest; nothing is taken from the gift card when the rest is refused.
 */
async function payFirst(token: string, order: ProviderOrder, rest: TestOutcome): Promise<TestOutcome> {
  const gan = ganOf(token);
  const card = await db.one<{ state: string; balance_cents: number }>(sql`SELECT state, balance_cents FROM sandbox_gift_cards WHERE gan = ${gan}`);
  if (!card) return { ok: false, errors: [UNKNOWN] };
  if (card.state !== "ACTIVE" || card.balance_cents <= 0) {
    return { ok: false, errors: [{ category: "PAYMENT_METHOD_ERROR", code: card.state !== "ACTIVE" ? "CARD_DECLINED" : "INSUFFICIENT_FUNDS", detail: "Gift card declined" }] };
  }
  if (card.balance_cents >= order.totalCents) throw new RuleBroken(said("gift_card_covers_all"));
  if (!rest.ok) return rest;
  const redeemed = await db.run(sql`
    UPDATE sandbox_gift_cards SET balance_cents = 0 WHERE gan = ${gan} AND balance_cents = ${card.balance_cents}`);
  if (!redeemed) return { ok: false, errors: [{ category: "PAYMENT_METHOD_ERROR", code: "INSUFFICIENT_FUNDS", detail: "The gift card's balance changed" }] };
  const paymentId = `sandbox-gift-card-${randomBytes(9).toString("base64url")}`;
  const paid = rest.result.payments ?? [{ paymentId: rest.result.paymentId, amountCents: rest.result.amountCents, kind: "card" as const }];
  return {
    ok: true,
    result: {
      ...rest.result,
      // The card's share is what the gift card left of the total, with the tip the rest's outcome was asked for.
      payments: [{ paymentId, amountCents: card.balance_cents, kind: "gift_card" }, ...paid.map((share) => ({ ...share, amountCents: share.amountCents - card.balance_cents }))],
      tenders: [{ kind: "gift_card", last4: gan.slice(-4), amountCents: card.balance_cents, balanceCents: 0 }, ...(rest.result.tenders ?? [])],
    },
  };
}

/** TEST MODE's gift card numbers, as the local test gateway's tender (registered in src/server/participants.ts). */
export const testGiftCardTender: TestTender = {
  owns: (token) => token.startsWith(TEST_GIFT_CARD_TOKEN_PREFIX),
  pay,
  payFirst,
};
