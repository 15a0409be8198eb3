// Square as the payment gateway (the `square` SDK): the order is created at Square, then exactly its
// total is charged; Square's failures become the service errors the checkout answers with.
import { SquareError, SquareTimeoutError, type SquareClient } from "square";
import { toE164 } from "../../domain/checkoutCustomer";
import { KeyReused, ProviderUnavailable, ServiceError } from "../errors";
import { log } from "../http";
import { squareClient, type SquareConfig } from "../squareClient";
import { declined, isDecline, requestRefused, type ProviderError } from "./declines";
import { checkProviderTotal, type ChargeHooks, type ChargeLookup, type ChargeRequest, type ChargeResult, type PaymentGateway, type ProviderOrder } from "./gateway";

const KEY_REUSED_MESSAGE = "This checkout attempt was already used for a different payment. Please reload the page and try again.";

function providerUnavailable(): ProviderUnavailable {
  return new ProviderUnavailable("The payment service is not answering right now. Please try again: you will not be charged twice.");
}

function cents(amount: bigint | number | null | undefined): number {
  if (amount === null || amount === undefined) throw new Error("Square answered without an amount");
  return Number(amount);
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
      if (error instanceof ServiceError) throw error;
      if (error instanceof SquareError && error.errors.length > 0) {
        const errors = error.errors as ProviderError[];
        if (isDecline(errors)) throw declined(errors);
        if (errors.some((e) => e.code === "IDEMPOTENCY_KEY_REUSED")) throw new KeyReused(KEY_REUSED_MESSAGE);
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

