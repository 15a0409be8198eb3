// The payment gateway: create the order at the provider, then charge exactly its total. Square (the
// `square` SDK) when configured; locally without credentials, a sandbox gateway
// that honours Square's sandbox test nonces with the same idempotency rules.
import { createHash, randomBytes } from "node:crypto";
import { SquareError, SquareTimeoutError, type SquareClient } from "square";
import { taxOf } from "../domain/money";
import type { OrderType } from "../domain/orderRequest.schema";
import { toE164 } from "../domain/checkoutCustomer";
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


/** What a customer is told of any declined card: what to do, never why (that would help card testers). */
export const DECLINED_MESSAGE = "Your card was declined. Check the details or use another card.";

/** The card entry itself (Square's one-use token) is spent: the customer only has to enter the card again. */
const TOKEN_MESSAGES: Record<string, string> = {
  CARD_TOKEN_USED: "This card entry was already used. Please enter your card again.",
  CARD_TOKEN_EXPIRED: "This card entry has expired. Please enter your card again.",
};

/** Square's card error codes: a payment method problem, answered as a decline. */
const DECLINE_CODES = new Set([
  "GENERIC_DECLINE",
  "CARD_DECLINED",
  "CVV_FAILURE",
  "ADDRESS_VERIFICATION_FAILURE",
  "INVALID_EXPIRATION",
  "CARD_EXPIRED",
  "INSUFFICIENT_FUNDS",
  "INVALID_CARD",
  "INVALID_CARD_DATA",
  "CARD_NOT_SUPPORTED",
  "TRANSACTION_LIMIT",
  "VOICE_FAILURE",
  "PAN_FAILURE",
  ...Object.keys(TOKEN_MESSAGES),
]);

export interface ProviderError {
  category?: string;
  code?: string;
  detail?: string;
  field?: string;
}

/** A declined card: 402 with what to do; the provider's reason stays on the server (record and log). */
export class PaymentDeclined extends HttpError {
  constructor(
    message: string,
    /** Square's codes and details, for staff: never sent to the customer. */
    readonly reason: string,
  ) {
    super(402, message);
  }
}

export function declined(errors: ProviderError[]): PaymentDeclined {
  const reason = errors.map((e) => [e.code, e.detail].filter(Boolean).join(": ")).join("; ") || "declined";
  const tokenMessage = errors.map((e) => TOKEN_MESSAGES[e.code ?? ""]).find(Boolean);
  return new PaymentDeclined(tokenMessage ?? DECLINED_MESSAGE, reason);
}

function isDecline(errors: ProviderError[]): boolean {
  return errors.some(
    (e) => e.category === "PAYMENT_METHOD_ERROR" || DECLINE_CODES.has(e.code ?? "") || e.field === "source_id" || e.field === "sourceId",
  );
}

/** Words a customer knows for the fields Square may refuse. */
const FIELD_WORDS: [RegExp, string][] = [
  [/phone/i, "phone number"],
  [/email/i, "e-mail address"],
  [/postal_code|postalCode/i, "ZIP code"],
  [/address/i, "delivery address"],
  [/display_name|displayName|recipient/i, "name"],
  [/note/i, "note"],
];

/**
 * Square refused a field of the request (an invalid phone number, say): nothing was charged, and
 * trying again will not help, so the answer is 422 naming the field, not 502.
 */
function requestRefused(errors: ProviderError[]): HttpError | null {
  const refused = errors.filter((e) => e.category === "INVALID_REQUEST_ERROR" && e.code !== "IDEMPOTENCY_KEY_REUSED" && e.code !== "NOT_FOUND");
  if (refused.length === 0) return null;
  const words = [...new Set(refused.map((e) => FIELD_WORDS.find(([pattern]) => pattern.test(e.field ?? ""))?.[1] ?? "order details"))];
  return new HttpError(
    422,
    `The payment service did not accept your ${words.join(" and ")}. Please check ${words.length > 1 ? "them" : "it"} and try again.`,
    refused.map((e) => ({ path: e.field ?? "order", message: e.detail ?? e.code ?? "not accepted" })),
  );
}

const KEY_REUSED = new HttpError(
  409,
  "This checkout attempt was already used for a different payment. Please reload the page and try again.",
);

function providerUnavailable(): HttpError {
  return new HttpError(502, "The payment service is not answering right now. Please try again: you will not be charged twice.");
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
      phoneNumber: toE164(request.customer.phone) ?? request.customer.phone,
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
        const refused = requestRefused(errors);
        if (refused) throw refused;
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
