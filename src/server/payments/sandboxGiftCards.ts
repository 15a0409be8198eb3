// The local test gateway's gift card payments: the TEST MODE form sends a test card's number, and the
// order's total with its tip is redeemed from the local card (sandbox_gift_cards), as Square redeems a gift
// card payment: refused when the card is not active or its balance is short (INSUFFICIENT_FUNDS, beside
// GIFT_CARD_AVAILABLE_AMOUNT when a tip is asked), once per checkout attempt.
import { randomBytes } from "node:crypto";
import { TEST_GIFT_CARD_TOKEN_PREFIX } from "../../domain/giftCards";
import { db } from "../platform/database";
import { RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import type { ProviderError } from "./declines";
import type { ChargeResult, ProviderOrder } from "./contract";

export function isTestGiftCardToken(sourceId: string): boolean {
  return sourceId.startsWith(TEST_GIFT_CARD_TOKEN_PREFIX);
}

type Outcome = { ok: true; result: ChargeResult } | { ok: false; errors: ProviderError[] };

/**
 * Redeems the total and tip from the test card, unless this attempt was already decided (its first
 * outcome stands, as at Square, and nothing is redeemed twice).
 */
export async function testGiftCardOutcome(sourceId: string, idempotencyKey: string, order: ProviderOrder, tipCents: number): Promise<Outcome> {
  const earlier = await db.one<{ outcome: Outcome }>(sql`SELECT outcome FROM sandbox_payments WHERE idempotency_key = ${idempotencyKey}`);
  if (earlier) return earlier.outcome;
  const gan = sourceId.slice(TEST_GIFT_CARD_TOKEN_PREFIX.length).replace(/[\s-]/g, "");
  const amount = order.totalCents + tipCents;
  const card = await db.one<{ state: string; balance_cents: number }>(sql`SELECT state, balance_cents FROM sandbox_gift_cards WHERE gan = ${gan}`);
  if (!card) return { ok: false, errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Card nonce not found", field: "source_id" }] };
  if (card.state !== "ACTIVE") return { ok: false, errors: [{ category: "PAYMENT_METHOD_ERROR", code: "CARD_DECLINED", detail: `Gift card is ${card.state}` }] };
  const redeemed = await db.run(sql`
    UPDATE sandbox_gift_cards SET balance_cents = balance_cents - ${amount} WHERE gan = ${gan} AND state = 'ACTIVE' AND balance_cents >= ${amount}`);
  if (!redeemed) {
    const short: ProviderError = { category: "PAYMENT_METHOD_ERROR", code: "INSUFFICIENT_FUNDS", detail: "Authorization error: 'INSUFFICIENT_FUNDS'" };
    return { ok: false, errors: tipCents > 0 ? [short, { category: "PAYMENT_METHOD_ERROR", code: "GIFT_CARD_AVAILABLE_AMOUNT", detail: String(card.balance_cents) }] : [short] };
  }
  return {
    ok: true,
    result: {
      provider: "sandbox",
      providerOrder: order,
      paymentId: `sandbox-payment-${randomBytes(9).toString("base64url")}`,
      amountCents: order.totalCents,
      receiptUrl: null,
      tenders: [{ kind: "gift_card", last4: gan.slice(-4), amountCents: amount, balanceCents: card.balance_cents - amount }],
    },
  };
}

/**
 * Split tender at the test gateway: the test card pays what it holds (up to the total), the card or wallet's
 * outcome decides the rest; nothing is taken from the gift card when the rest is refused.
 */
export async function testSplitOutcome(giftCardSourceId: string, idempotencyKey: string, order: ProviderOrder, rest: Outcome): Promise<Outcome> {
  const earlier = await db.one<{ outcome: Outcome }>(sql`SELECT outcome FROM sandbox_payments WHERE idempotency_key = ${idempotencyKey}`);
  if (earlier) return earlier.outcome;
  const gan = giftCardSourceId.slice(TEST_GIFT_CARD_TOKEN_PREFIX.length).replace(/[\s-]/g, "");
  const card = await db.one<{ state: string; balance_cents: number }>(sql`SELECT state, balance_cents FROM sandbox_gift_cards WHERE gan = ${gan}`);
  if (!card) return { ok: false, errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Card nonce not found", field: "source_id" }] };
  if (card.state !== "ACTIVE" || card.balance_cents <= 0) {
    return { ok: false, errors: [{ category: "PAYMENT_METHOD_ERROR", code: card.state !== "ACTIVE" ? "CARD_DECLINED" : "INSUFFICIENT_FUNDS", detail: "Gift card declined" }] };
  }
  if (card.balance_cents >= order.totalCents) throw new RuleBroken(said("gift_card_covers_all"));
  if (!rest.ok) return rest;
  const redeemed = await db.run(sql`
    UPDATE sandbox_gift_cards SET balance_cents = 0 WHERE gan = ${gan} AND balance_cents = ${card.balance_cents}`);
  if (!redeemed) return { ok: false, errors: [{ category: "PAYMENT_METHOD_ERROR", code: "INSUFFICIENT_FUNDS", detail: "The gift card's balance changed" }] };
  return {
    ok: true,
    result: {
      ...rest.result,
      giftCard: { paymentId: `sandbox-gift-card-${randomBytes(9).toString("base64url")}`, amountCents: card.balance_cents },
      tenders: [{ kind: "gift_card", last4: gan.slice(-4), amountCents: card.balance_cents, balanceCents: 0 }, ...(rest.result.tenders ?? [])],
    },
  };
}
