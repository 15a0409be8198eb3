// The local test gateway's gift cards: stands in for Square on a developer's machine and in tests without
// credentials. It issues real (local) cards with 16-digit numbers, activates them from a paid sale, and
// keeps the first result of every keyed step, as Square does, so `npm run dev` sells a card end to end with
// nothing configured. Loaded only there (provider.ts); a deployed site never runs it.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { SANDBOX_NONCES, TEST_WALLET_TOKENS } from "../../domain/payment";
import { TEST_GIFT_CARD_TOKEN_PREFIX, type GiftCardState } from "../../domain/giftCards";
import { db } from "../platform/database";
import { KeyReused, said } from "../platform/errors";
import { declined, type ProviderError } from "../payments";
import { sql } from "../platform/sql";
import type { GiftCardProvider, GiftCardView, SaleOrder, SalePayment } from "./provider";

type StepResult<T> = { ok: true; value: T } | { ok: false; errors: ProviderError[] };

/** Runs `work` once per key: the same key and request answer the first result; another request is refused. */
async function once<T>(key: string, request: unknown, work: () => Promise<StepResult<T>>): Promise<T> {
  const fingerprint = createHash("sha256").update(JSON.stringify(request)).digest("base64url");
  let first = await db.one<{ fingerprint: string; result: StepResult<T> }>(sql`SELECT fingerprint, result FROM sandbox_gift_card_steps WHERE idempotency_key = ${key}`);
  if (!first) {
    const result = await work();
    await db.run(sql`INSERT INTO sandbox_gift_card_steps (idempotency_key, fingerprint, result) VALUES (${key}, ${fingerprint}, ${result}) ON CONFLICT DO NOTHING`);
    first = await db.one(sql`SELECT fingerprint, result FROM sandbox_gift_card_steps WHERE idempotency_key = ${key}`);
  }
  if (first!.fingerprint !== fingerprint) throw new KeyReused(said("key_reused_payment"));
  if (!first!.result.ok) throw declined(first!.result.errors);
  return first!.result.value;
}

const DECLINES: Record<string, ProviderError> = {
  [SANDBOX_NONCES.declined]: { category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE", detail: "Authorization error: 'GENERIC_DECLINE'" },
  [SANDBOX_NONCES.cvv]: { category: "PAYMENT_METHOD_ERROR", code: "CVV_FAILURE", detail: "Authorization error: 'CVV_FAILURE'" },
  [SANDBOX_NONCES.postalCode]: { category: "PAYMENT_METHOD_ERROR", code: "ADDRESS_VERIFICATION_FAILURE", detail: "Authorization error: 'ADDRESS_VERIFICATION_FAILURE'" },
  [SANDBOX_NONCES.expiration]: { category: "PAYMENT_METHOD_ERROR", code: "INVALID_EXPIRATION", detail: "Authorization error: 'INVALID_EXPIRATION'" },
  [SANDBOX_NONCES.alreadyUsed]: { category: "INVALID_REQUEST_ERROR", code: "CARD_TOKEN_USED", detail: "Card nonce already used; please request new nonce." },
};
const APPROVED: ReadonlySet<string> = new Set([SANDBOX_NONCES.approved, ...Object.values(TEST_WALLET_TOKENS)]);

interface CardRow {
  id: string;
  gan: string;
  state: GiftCardState;
  balance_cents: number;
}

const viewOf = (row: CardRow): GiftCardView => ({ id: row.id, gan: row.gan, state: row.state, balanceCents: row.balance_cents });

/** A number like Square's: 7783 (Square's prefix for its gift cards) and twelve random digits. */
function newGan(): string {
  return `7783${Array.from({ length: 12 }, () => randomInt(10)).join("")}`;
}

export class SandboxGiftCards implements GiftCardProvider {
  readonly kind = "sandbox";

  async createSaleOrder(key: string, saleId: string, amountCents: number): Promise<SaleOrder> {
    const { orderId, lineItemUid } = await once<SaleOrder & { amountCents: number }>(`${key}-order`, ["order", saleId, amountCents], async () => ({
      ok: true,
      value: { orderId: `sandbox-order-${randomBytes(9).toString("base64url")}`, lineItemUid: `gift-card-line-${randomBytes(6).toString("base64url")}`, amountCents },
    }));
    return { orderId, lineItemUid };
  }

  async paySaleOrder(key: string, order: SaleOrder, saleId: string, amountCents: number, payment: SalePayment): Promise<{ paymentId: string }> {
    const { paymentId } = await once<{ paymentId: string; paidOrderId: string }>(key, ["payment", order.orderId, saleId, amountCents, payment.source], async () =>
      APPROVED.has(payment.source)
        ? { ok: true, value: { paymentId: `sandbox-payment-${randomBytes(9).toString("base64url")}`, paidOrderId: order.orderId } }
        : {
            ok: false,
            errors: [DECLINES[payment.source] ?? { category: "PAYMENT_METHOD_ERROR", code: "INVALID_CARD_DATA", detail: "The test gateway accepts only Square's sandbox test nonces." }],
          },
    );
    return { paymentId };
  }

  createCard(key: string): Promise<GiftCardView> {
    return once(`${key}-card`, ["card"], async () => {
      const row = await db.one<CardRow>(sql`
        INSERT INTO sandbox_gift_cards (id, gan) VALUES (${`sandbox-gftc-${randomBytes(9).toString("base64url")}`}, ${newGan()})
        RETURNING id, gan, state, balance_cents`);
      return { ok: true, value: viewOf(row!) };
    });
  }

  async activate(key: string, giftCardId: string, order: SaleOrder): Promise<GiftCardView> {
    await once(`${key}-activate`, ["activate", giftCardId, order.orderId, order.lineItemUid], async () => {
      // As at Square: only the GIFT_CARD line of a paid order activates a card, with that line's amount.
      const line = await db.one<{ amount: number }>(sql`
        SELECT (result->'value'->>'amountCents')::int AS amount FROM sandbox_gift_card_steps
        WHERE result->'value'->>'orderId' = ${order.orderId} AND result->'value'->>'lineItemUid' = ${order.lineItemUid}`);
      const paid = await db.one(sql`
        SELECT 1 FROM sandbox_gift_card_steps WHERE (result->>'ok')::boolean AND result->'value'->>'paidOrderId' = ${order.orderId}`);
      if (!line || !paid) return { ok: false, errors: [{ category: "INVALID_REQUEST_ERROR", code: "BAD_REQUEST", detail: "The order is not a paid gift card order." }] };
      const changed = await db.run(sql`
        UPDATE sandbox_gift_cards SET state = 'ACTIVE', balance_cents = balance_cents + ${line.amount} WHERE id = ${giftCardId} AND state = 'PENDING'`);
      return changed ? { ok: true, value: true } : { ok: false, errors: [{ category: "INVALID_REQUEST_ERROR", code: "BAD_REQUEST", detail: "The gift card is not PENDING." }] };
    });
    return this.cardById(giftCardId);
  }

  async cardById(id: string): Promise<GiftCardView> {
    const row = await db.one<CardRow>(sql`SELECT id, gan, state, balance_cents FROM sandbox_gift_cards WHERE id = ${id}`);
    if (!row) throw declined([{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Gift card not found" }]);
    return viewOf(row);
  }

  async cardByGan(gan: string): Promise<GiftCardView | null> {
    const row = await db.one<CardRow>(sql`SELECT id, gan, state, balance_cents FROM sandbox_gift_cards WHERE gan = ${gan}`);
    return row ? viewOf(row) : null;
  }

  /** TEST MODE's gift card token carries the card's number; any other token is no gift card here. */
  async cardByToken(token: string): Promise<GiftCardView | null> {
    return token.startsWith(TEST_GIFT_CARD_TOKEN_PREFIX) ? this.cardByGan(token.slice(TEST_GIFT_CARD_TOKEN_PREFIX.length)) : null;
  }

  async probe(): Promise<{ enabled: boolean; reason: string }> {
    return { enabled: true, reason: "The local test gateway issues test gift cards." };
  }
}
