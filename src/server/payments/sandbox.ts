// The local test gateway: stands in for Square on a developer's machine and in tests when no
// credentials are set, honouring Square's sandbox test nonces with Square's idempotency rules. Loaded
// only there (payments/gateway.ts); a deployed site never runs it.
import { createHash, randomBytes } from "node:crypto";
import { discountedTotals } from "../../domain/discounts";
import type { Tender } from "../../domain/tenders";
import { SANDBOX_NONCES, TEST_WALLET_TOKENS } from "../../domain/payment";
import { db } from "../platform/database";
import { KeyReused, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { declined, type ProviderError } from "./declines";
import { testTenderOf, type TestOutcome } from "./testTenders";
import { checkProviderTotal, type ChargeLookup, type ChargeRequest, type ChargeResult, type PaymentGateway, type ProviderOrder } from "./contract";

interface SandboxPaymentRecord {
  fingerprint: string;
  outcome: TestOutcome;
}

async function firstAttempt(idempotencyKey: string): Promise<SandboxPaymentRecord | null> {
  return db.one<SandboxPaymentRecord>(sql`SELECT fingerprint, outcome FROM sandbox_payments WHERE idempotency_key = ${idempotencyKey}`);
}

const SANDBOX_DECLINES: Record<string, ProviderError> = {
  [SANDBOX_NONCES.declined]: { category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE", detail: "Authorization error: 'GENERIC_DECLINE'" },
  [SANDBOX_NONCES.cvv]: { category: "PAYMENT_METHOD_ERROR", code: "CVV_FAILURE", detail: "Authorization error: 'CVV_FAILURE'" },
  [SANDBOX_NONCES.postalCode]: {
    category: "PAYMENT_METHOD_ERROR",
    code: "ADDRESS_VERIFICATION_FAILURE",
    detail: "Authorization error: 'ADDRESS_VERIFICATION_FAILURE'",
  },
  [SANDBOX_NONCES.expiration]: { category: "PAYMENT_METHOD_ERROR", code: "INVALID_EXPIRATION", detail: "Authorization error: 'INVALID_EXPIRATION'" },
  [SANDBOX_NONCES.alreadyUsed]: { category: "INVALID_REQUEST_ERROR", code: "CARD_TOKEN_USED", detail: "Card nonce already used; please request new nonce." },
};

const SANDBOX_WALLETS: Record<string, Tender["kind"]> = {
  [TEST_WALLET_TOKENS.applePay]: "apple_pay",
  [TEST_WALLET_TOKENS.googlePay]: "google_pay",
  [TEST_WALLET_TOKENS.cashAppPay]: "cash_app",
};
const sandboxTender = (sourceId: string, amountCents: number): Tender =>
  SANDBOX_WALLETS[sourceId] ? { kind: SANDBOX_WALLETS[sourceId]!, amountCents } : { kind: "card", brand: "VISA", last4: "1111", amountCents };

/** Square's answer to a source it does not know (a partial source no test tender owns). */
const UNKNOWN_SOURCE: ProviderError = { category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: "Card nonce not found", field: "source_id" };

/** The TEST MODE form's wallet tokens: paid, as a wallet payment would be. */
const APPROVED_WALLET_TOKENS: ReadonlySet<string> = new Set(Object.values(TEST_WALLET_TOKENS));

/**
 * Every attempt is kept in sandbox_payments under its key (first writer wins), so, as at Square, the
 * same key and request give the first result again and the same key with another request is refused.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = "sandbox";

  async createOrder(request: ChargeRequest): Promise<ProviderOrder> {
    // Priced as Square prices it: the code's discount, then tax on what is left, then the delivery fee.
    const totals = discountedTotals(request.lines.map((line) => ({ amount: line.unitPriceCents * line.quantity })), request.deliveryFeeCents, request.discount ?? null);
    const order: ProviderOrder = request.providerOrder ?? {
      id: `sandbox-order-${randomBytes(9).toString("base64url")}`,
      taxCents: totals.tax,
      totalCents: totals.total,
    };
    checkProviderTotal(request, order);
    return order;
  }

  async charge(request: ChargeRequest, order: ProviderOrder): Promise<ChargeResult> {
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([request.sourceId, order.totalCents, request.referenceId, ...(request.tipCents ? [request.tipCents] : [])]))
      .digest("base64url");
    // An attempt already decided keeps its first outcome, as at Square: nothing is paid twice.
    const outcome = (await firstAttempt(request.idempotencyKey))?.outcome ?? (await this.outcomeOfRequest(request, order));
    await db.run(sql`
      INSERT INTO sandbox_payments (idempotency_key, fingerprint, outcome) VALUES (${request.idempotencyKey}, ${fingerprint}, ${outcome})
      ON CONFLICT (idempotency_key) DO NOTHING`);
    const first = (await firstAttempt(request.idempotencyKey))!;
    if (first.fingerprint !== fingerprint) {
      throw new KeyReused(said("key_reused_payment"));
    }
    if (!first.outcome.ok) throw declined(first.outcome.errors);
    return first.outcome.result;
  }

  async findCharge(lookup: ChargeLookup): Promise<ChargeResult | null> {
    const first = await firstAttempt(lookup.idempotencyKey);
    return first?.outcome.ok ? first.outcome.result : null;
  }

  /** A new attempt's outcome: a tender another room registered pays its own tokens (first, for a partial source). */
  private async outcomeOfRequest(request: ChargeRequest, order: ProviderOrder): Promise<TestOutcome> {
    const tipCents = request.tipCents ?? 0;
    if (request.partialSourceId) {
      const first = testTenderOf(request.partialSourceId);
      return first ? first.payFirst(request.partialSourceId, order, this.outcomeOf(request.sourceId, order, tipCents)) : { ok: false, errors: [UNKNOWN_SOURCE] };
    }
    const tender = testTenderOf(request.sourceId);
    return tender ? tender.pay(request.sourceId, order, tipCents) : this.outcomeOf(request.sourceId, order, tipCents);
  }

  private outcomeOf(sourceId: string, order: ProviderOrder, tipCents: number): TestOutcome {
    if (sourceId === SANDBOX_NONCES.approved || APPROVED_WALLET_TOKENS.has(sourceId)) {
      const paymentId = `sandbox-payment-${randomBytes(9).toString("base64url")}`;
      const tender = sandboxTender(sourceId, order.totalCents);
      return {
        ok: true,
        result: {
          provider: this.provider,
          providerOrder: order,
          paymentId,
          amountCents: order.totalCents,
          receiptUrl: null,
          payments: [{ paymentId, amountCents: order.totalCents + tipCents, kind: tender.kind }],
          // Square's sandbox test card behind the approved nonce is a Visa ending 1111; a wallet token says its wallet.
          tenders: [tender],
        },
      };
    }
    const decline = SANDBOX_DECLINES[sourceId] ?? {
      category: "PAYMENT_METHOD_ERROR",
      code: "INVALID_CARD_DATA",
      detail: "The test gateway accepts only Square's sandbox test nonces and the test wallet tokens.",
    };
    return { ok: false, errors: [decline] };
  }
}

