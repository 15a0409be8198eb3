// The payment gateway: create the order at the provider, then charge exactly its total. Square (the
// `square` SDK) when configured; locally without credentials, a sandbox gateway
// that honours Square's sandbox test nonces with the same idempotency rules.
import { createHash, randomBytes } from "node:crypto";
import { SquareError, SquareTimeoutError, type SquareClient } from "square";
import { taxOf } from "../domain/money";
import type { OrderType } from "../domain/order";
import { SANDBOX_NONCES } from "../domain/payment";
import { isDeployed } from "./env";
import { HttpError, log, type ErrorIssue } from "./http";
import { squareClient, squareConfig, type SquareConfig } from "./squareClient";
import { createJSON, store } from "./stores";

export interface ChargeLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Square item-variation id once the menu is synced; then Square prices the line from its catalogue. */
  catalogObjectId: string | null;
}

export interface ChargeRequest {
  /** The checkout attempt's key: the payment's idempotency key (Square keeps it to 45 characters). */
  idempotencyKey: string;
  /** Our short order number, shown to staff in Square's dashboard. */
  referenceId: string;
  /** The card token (nonce) from the payment form. Never stored, never logged. */
  sourceId: string;
  orderType: OrderType;
  lines: ChargeLine[];
  deliveryFeeCents: number;
  /** Our own total; the provider's total may differ by per-line tax rounding only. */
  expectedTotalCents: number;
  customer: { name: string; email: string; phone: string };
  delivery: { address: string; city: string; state: string; zipCode: string; notes: string } | null;
  /** The provider order made by an earlier attempt with this key, so a retry charges the same order. */
  providerOrder?: ProviderOrder | null;
}

export interface ProviderOrder {
  id: string;
  taxCents: number;
  totalCents: number;
}

export interface ChargeResult {
  provider: PaymentProvider;
  providerOrder: ProviderOrder;
  paymentId: string;
  /** What the card was charged: the provider order's total. */
  amountCents: number;
  receiptUrl: string | null;
}

export interface ChargeHooks {
  /** Called once the provider order exists, before the charge: lets the pending record remember it. */
  onProviderOrder?: (order: ProviderOrder) => Promise<void>;
}

export type PaymentProvider = "square" | "sandbox";

/** What a reconciliation knows of an attempt: everything of the charge but the card token. */
export type ChargeLookup = Omit<ChargeRequest, "sourceId">;

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /**
   * Creates the provider order and charges its total. Throws HttpError 402 for a declined card
   * (provider messages in `issues`), 409 for an idempotency key reused with another payment, and
   * 502 when the provider fails, times out or answers something unreadable.
   */
  createOrderAndCharge(request: ChargeRequest, hooks?: ChargeHooks): Promise<ChargeResult>;
  /**
   * Asks the provider whether an attempt charged the card (after a timeout, an unreadable answer or
   * a failed write of the confirmation): the completed charge, or null when there is none. Never
   * charges. Throws HttpError 502 when the provider cannot tell right now.
   */
  findCharge(lookup: ChargeLookup): Promise<ChargeResult | null>;
}


/** Customer-facing sentences for Square's card error codes; Square's own detail goes to `issues`. */
const DECLINE_MESSAGES: Record<string, string> = {
  GENERIC_DECLINE: "The card was declined.",
  CARD_DECLINED: "The card was declined.",
  CVV_FAILURE: "The card's security code (CVV) was not accepted.",
  ADDRESS_VERIFICATION_FAILURE: "The card's postal code was not accepted.",
  INVALID_EXPIRATION: "The card's expiration date is not valid.",
  CARD_EXPIRED: "The card has expired.",
  INSUFFICIENT_FUNDS: "The card has insufficient funds.",
  INVALID_CARD: "The card details are not valid.",
  INVALID_CARD_DATA: "The card details are not valid.",
  CARD_TOKEN_USED: "This card entry was already used. Please enter your card again.",
  CARD_TOKEN_EXPIRED: "This card entry has expired. Please enter your card again.",
  CARD_NOT_SUPPORTED: "This card is not supported.",
  TRANSACTION_LIMIT: "The card's transaction limit was reached.",
  VOICE_FAILURE: "The card was declined.",
  PAN_FAILURE: "The card number is not valid.",
};

export interface ProviderError {
  category?: string;
  code?: string;
  detail?: string;
}

/** A declined card: 402 with one sentence per provider error. */
export function declined(errors: ProviderError[]): HttpError {
  const messages = [...new Set(errors.map((e) => DECLINE_MESSAGES[e.code ?? ""] ?? e.detail ?? "The card was declined."))];
  const issues: ErrorIssue[] = errors.map((e) => ({ path: "payment", message: e.detail ?? e.code ?? "declined" }));
  return new HttpError(402, `Your payment was declined: ${messages.join(" ")}`, issues);
}

function isDecline(errors: ProviderError[]): boolean {
  return errors.some((e) => e.category === "PAYMENT_METHOD_ERROR" || (e.code !== undefined && e.code in DECLINE_MESSAGES));
}

const KEY_REUSED = new HttpError(
  409,
  "This checkout attempt was already used for a different payment. Please reload the page and try again.",
);

function providerUnavailable(): HttpError {
  return new HttpError(502, "The payment service is not answering right now. Please try again: you will not be charged twice.");
}

/** Square's phone numbers want E.164; US numbers typed with punctuation are rewritten, others kept. */
function e164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return phone.trim().startsWith("+") ? `+${digits}` : phone.trim();
}

function cents(amount: bigint | number | null | undefined): number {
  if (amount === null || amount === undefined) throw new Error("Square answered without an amount");
  return Number(amount);
}

/** Per-line tax rounding at the provider can move the total by at most a cent per line. */
function checkProviderTotal(request: ChargeRequest, order: ProviderOrder): void {
  if (Math.abs(order.totalCents - request.expectedTotalCents) <= request.lines.length) return;
  log("error", "provider order total differs from ours; not charging", {
    referenceId: request.referenceId,
    providerTotal: order.totalCents,
    expectedTotal: request.expectedTotalCents,
  });
  throw new HttpError(
    502,
    "Our prices are out of step with the payment system, so your card was not charged. Please call us at (305) 699-1430.",
  );
}

export class SquareGateway implements PaymentGateway {
  readonly provider = "square";
  private readonly client: SquareClient;

  constructor(private readonly config: SquareConfig) {
    this.client = squareClient(config);
  }

  async createOrderAndCharge(request: ChargeRequest, hooks: ChargeHooks = {}): Promise<ChargeResult> {
    const order = await this.call("orders.create", () => this.createOrder(request));
    checkProviderTotal(request, order);
    await hooks.onProviderOrder?.(order);
    const payment = await this.call("payments.create", () =>
      this.client.payments.create({
        sourceId: request.sourceId,
        idempotencyKey: request.idempotencyKey,
        amountMoney: { amount: BigInt(order.totalCents), currency: "USD" },
        locationId: this.config.locationId,
        orderId: order.id,
        referenceId: request.referenceId,
        buyerEmailAddress: request.customer.email,
        autocomplete: true,
      }),
    );
    const paid = payment.payment;
    if (!paid?.id) {
      log("error", "square answered a payment without an id", { referenceId: request.referenceId });
      throw providerUnavailable();
    }
    if (paid.status !== "COMPLETED" && paid.status !== "APPROVED") {
      throw declined([{ code: "GENERIC_DECLINE", detail: `Payment status ${paid.status ?? "unknown"}` }]);
    }
    return {
      provider: this.provider,
      providerOrder: order,
      paymentId: paid.id,
      // The card is charged by now: an answer without its amount must not turn into "not charged".
      amountCents: paid.amountMoney?.amount != null ? Number(paid.amountMoney.amount) : order.totalCents,
      receiptUrl: paid.receiptUrl ?? null,
    };
  }

  async findCharge(lookup: ChargeLookup): Promise<ChargeResult | null> {
    // The provider order is remembered before any charge, so without it no card was charged.
    const known = lookup.providerOrder;
    if (!known) return null;
    const { order } = await this.call("orders.get", () => this.client.orders.get({ orderId: known.id }));
    const paymentIds = (order?.tenders ?? []).map((tender) => tender.paymentId).filter((id): id is string => Boolean(id));
    for (const paymentId of paymentIds) {
      const { payment } = await this.call("payments.get", () => this.client.payments.get({ paymentId }));
      if (payment?.id && (payment.status === "COMPLETED" || payment.status === "APPROVED")) {
        return {
          provider: this.provider,
          providerOrder: known,
          paymentId: payment.id,
          amountCents: cents(payment.amountMoney?.amount),
          receiptUrl: payment.receiptUrl ?? null,
        };
      }
    }
    return null;
  }

  private async createOrder(request: ChargeRequest): Promise<ProviderOrder> {
    if (request.providerOrder) return request.providerOrder;
    const recipient = {
      displayName: request.customer.name,
      emailAddress: request.customer.email,
      phoneNumber: e164(request.customer.phone),
    };
    const { order } = await this.client.orders.create({
      // Its own key space at Square; derived from the checkout key so a retry finds the same order.
      idempotencyKey: `${request.idempotencyKey}-order`,
      order: {
        locationId: this.config.locationId,
        referenceId: request.referenceId,
        lineItems: request.lines.map((line) =>
          line.catalogObjectId
            ? { quantity: String(line.quantity), catalogObjectId: line.catalogObjectId }
            : {
                name: line.name,
                quantity: String(line.quantity),
                basePriceMoney: { amount: BigInt(line.unitPriceCents), currency: "USD" },
              },
        ),
        taxes: [{ uid: "miami-sales-tax", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }],
        serviceCharges:
          request.deliveryFeeCents > 0
            ? [
                {
                  name: "Delivery fee",
                  amountMoney: { amount: BigInt(request.deliveryFeeCents), currency: "USD" },
                  calculationPhase: "TOTAL_PHASE",
                },
              ]
            : undefined,
        fulfillments: [
          request.orderType === "pickup" || !request.delivery
            ? {
                type: "PICKUP",
                state: "PROPOSED",
                pickupDetails: { recipient, scheduleType: "ASAP", prepTimeDuration: "PT20M" },
              }
            : {
                type: "DELIVERY",
                state: "PROPOSED",
                deliveryDetails: {
                  recipient: {
                    ...recipient,
                    address: {
                      addressLine1: request.delivery.address,
                      locality: request.delivery.city,
                      administrativeDistrictLevel1: request.delivery.state,
                      postalCode: request.delivery.zipCode,
                      country: "US",
                    },
                  },
                  scheduleType: "ASAP",
                  prepTimeDuration: "PT45M",
                  note: request.delivery.notes || undefined,
                },
              },
        ],
      },
    });
    if (!order?.id) {
      log("error", "square answered an order without an id", { referenceId: request.referenceId });
      throw providerUnavailable();
    }
    return { id: order.id, taxCents: cents(order.totalTaxMoney?.amount ?? 0), totalCents: cents(order.totalMoney?.amount) };
  }

  /** Runs one Square call and turns its failures into the API's answers (never Square's own text). */
  private async call<T>(step: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof SquareError && error.errors.length > 0) {
        const errors = error.errors as ProviderError[];
        if (isDecline(errors)) throw declined(errors);
        if (errors.some((e) => e.code === "IDEMPOTENCY_KEY_REUSED")) throw KEY_REUSED;
      }
      log("error", "square call failed", {
        step,
        kind:
          error instanceof SquareTimeoutError || (error instanceof Error && /timeout/i.test(error.message))
            ? "timeout"
            : error instanceof SquareError
              ? "error"
              : "unexpected",
        statusCode: error instanceof SquareError ? error.statusCode : undefined,
        codes: error instanceof SquareError ? error.errors.map((e) => e.code) : undefined,
      });
      throw providerUnavailable();
    }
  }
}

interface SandboxPaymentRecord {
  fingerprint: string;
  outcome: { ok: true; result: ChargeResult } | { ok: false; errors: ProviderError[] };
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

/**
 * Stands in for Square locally (never deployed) when no credentials are set. Every attempt is kept in
 * the orders store under `sandbox-payment/{key}` (first writer wins), so, as at Square, the same
 * key and request give the first result again and the same key with another request is refused.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = "sandbox";

  async createOrderAndCharge(request: ChargeRequest, hooks: ChargeHooks = {}): Promise<ChargeResult> {
    const subtotal = request.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const tax = taxOf(subtotal);
    const order: ProviderOrder = request.providerOrder ?? {
      id: `sandbox-order-${randomBytes(9).toString("base64url")}`,
      taxCents: tax,
      totalCents: subtotal + tax + request.deliveryFeeCents,
    };
    checkProviderTotal(request, order);
    await hooks.onProviderOrder?.(order);

    const fingerprint = createHash("sha256")
      .update(JSON.stringify([request.sourceId, order.totalCents, request.referenceId]))
      .digest("base64url");
    const key = `sandbox-payment/${request.idempotencyKey}`;
    const attempt: SandboxPaymentRecord = { fingerprint, outcome: this.outcomeOf(request.sourceId, order) };
    const first = (await createJSON("orders", key, attempt))
      ? attempt
      : ((await store("orders").get(key, { type: "json" })) as SandboxPaymentRecord);
    if (first.fingerprint !== fingerprint) throw KEY_REUSED;
    if (!first.outcome.ok) throw declined(first.outcome.errors);
    return first.outcome.result;
  }

  async findCharge(lookup: ChargeLookup): Promise<ChargeResult | null> {
    const first = (await store("orders").get(`sandbox-payment/${lookup.idempotencyKey}`, { type: "json" })) as SandboxPaymentRecord | null;
    return first?.outcome.ok ? first.outcome.result : null;
  }

  private outcomeOf(sourceId: string, order: ProviderOrder): SandboxPaymentRecord["outcome"] {
    if (sourceId === SANDBOX_NONCES.approved) {
      return {
        ok: true,
        result: {
          provider: this.provider,
          providerOrder: order,
          paymentId: `sandbox-payment-${randomBytes(9).toString("base64url")}`,
          amountCents: order.totalCents,
          receiptUrl: null,
        },
      };
    }
    const decline = SANDBOX_DECLINES[sourceId] ?? {
      category: "PAYMENT_METHOD_ERROR",
      code: "INVALID_CARD_DATA",
      detail: "The test gateway accepts only Square's sandbox test nonces.",
    };
    return { ok: false, errors: [decline] };
  }
}

export type PaymentMode = "square" | "sandbox" | "unavailable";

/** Which gateway takes payments here: Square when configured, the sandbox only where the code is certainly local. */
export function paymentMode(): PaymentMode {
  if (squareConfig()) return "square";
  return isDeployed() ? "unavailable" : "sandbox";
}

/** The gateway for this request; 503 in production while Square is not configured. */
export function paymentGateway(): PaymentGateway {
  const config = squareConfig();
  if (config) return new SquareGateway(config);
  if (isDeployed()) {
    throw new HttpError(503, "Online ordering is not available right now. Please call us at (305) 699-1430 to order.");
  }
  return new SandboxGateway();
}
