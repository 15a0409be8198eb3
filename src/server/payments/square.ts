// Square as the payment gateway (the `square` SDK): the order is created at Square, then exactly its
// total is charged; Square's failures become the service errors the checkout answers with.
import type { SquareClient } from "square";
import { toE164 } from "../../domain/checkoutCustomer";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { ESTIMATED_READY_TIME } from "../../domain/orderReadModel";
import { KeyReused, ProviderBusy, ProviderNoAnswer, ProviderUnavailable, said, ServiceError } from "../platform/errors";
import { log } from "../platform/http";
import { isRateLimited } from "../platform/callLimit";
import { squareClient, squareSdk, type SquareConfig } from "../platform/squareClient";
import { declined, isDecline, requestRefused, type ProviderError } from "./declines";
import { checkProviderTotal, type CardCheck, type ChargeLookup, type ChargeRequest, type ChargeResult, type PaymentGateway, type ProviderOrder } from "./contract";
import { languageLine, orderNoteOnTicket, squarePricing } from "./squareLines";
import { callOptions, SQUARE_BUDGET_MS, type CallOptions } from "./squareBudget";
import { chargeSplitTender } from "./splitTender";
import { paidInFull, type SeenPayment } from "./fullPayment";
import { seenSquarePayment } from "./squareTenders";
import { chargeAfterCheck } from "./checkedCharge";
import { withoutRefusedCustomer } from "./refusedCustomer";
import { payWithReadToken } from "../platform/squareReadings";

const KEY_REUSED_MESSAGE = said("key_reused_payment");

function providerUnavailable(noAnswer = false): ProviderUnavailable {
  return noAnswer ? new ProviderNoAnswer(said("provider_unavailable")) : new ProviderUnavailable(said("provider_unavailable"));
}

/** Square keeps a pickup note to 500 characters. */
const NOTE_LIMIT = 500;
/**
 * The order's one fulfillment, in a form the kitchen's Point of Sale shows. Square hides an order made
 * through the API with a DELIVERY fulfillment from the seller (POS and Dashboard) unless the app has a
 * delivery partnership, so a delivery travels as a PICKUP: its states are the kitchen's (accepted,
 * ready, done) and its note is shown on the POS ticket, where the address, phone and instructions go,
 * under a first word that tells staff it leaves with a driver. (SHIPMENT also shows, but it is made
 * for parcel carriers: no prep time or ready time, and its note is meant for the carrier.)
 */
/** A delivery leaves the kitchen this long before the time promised at the door. */
const DRIVE_MINUTES = 20;

/**
 * When the kitchen must have it ready: the promised time (a delivery's, less the drive), sent as a
 * SCHEDULED pickup_at so the POS lists it by that time; ASAP only for an order made without one.
 */
function readyBy(request: ChargeRequest, driveMinutes: number) {
  if (!request.promisedAt) return { scheduleType: "ASAP" as const };
  const at = new Date(Date.parse(request.promisedAt) - driveMinutes * 60_000);
  return { scheduleType: "SCHEDULED" as const, pickupAt: at.toISOString() };
}

/**
 * Square completes every new payment of a pickup order without expires_at (FulfillmentPickupDetails), which
 * would take a split tender's gift card share before its card is even asked: set, late (Square allows 7 days,
 * on its clock: the real one), so a ticket the kitchen has not started never expires first. Whole days, so a
 * retried CreateOrder sends the same body under its key (a different one is IDEMPOTENCY_KEY_REUSED).
 */
function fulfillmentExpiry(): string {
  const day = 24 * 3_600_000;
  return new Date(Math.floor(Date.now() / day) * day + 7 * day - 3_600_000).toISOString();
}

/** The ticket's first line: the participants' words, the kind of order, its number. */
function firstLine(request: ChargeRequest, kind: string, number: string): string {
  return [request.fulfillment?.ticket, kind, number].filter(Boolean).join(" ");
}

export function kitchenFulfillment(request: ChargeRequest, recipient: { displayName: string; emailAddress: string; phoneNumber: string }) {
  const number = `Online order #${request.referenceId}`;
  if (request.orderType === "pickup" || !request.delivery) {
    return {
      type: "PICKUP" as const,
      state: "PROPOSED" as const,
      pickupDetails: {
        recipient,
        expiresAt: fulfillmentExpiry(),
        ...readyBy(request, 0),
        prepTimeDuration: "PT20M",
        note: [firstLine(request, "PICKUP.", number), languageLine(request.customerLocale)].filter(Boolean).join("\n"),
        ...request.fulfillment?.pickupDetails,
      },
    };
  }
  const delivery = request.delivery;
  const phone = delivery.phone || request.customer.phone;
  const note = [
    firstLine(request, "DELIVERY (not a pickup).", number),
    languageLine(request.customerLocale),
    `Deliver to: ${delivery.address}${delivery.unit ? `, ${delivery.unit}` : ""}, ${delivery.city}, ${delivery.state} ${delivery.zipCode}`,
    `Phone: ${phone}`,
    request.promisedAt
      ? `Deliver by ${new Date(request.promisedAt).toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" })}`
      : `Promised to the customer in ${ESTIMATED_READY_TIME.delivery}`,
    delivery.notes ? `Notes: ${delivery.notes}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  return {
    type: "PICKUP" as const,
    state: "PROPOSED" as const,
    pickupDetails: {
      recipient: {
        ...recipient,
        // The order list shows the name: staff see at a glance that it goes out with a driver.
        displayName: `${recipient.displayName} (DELIVERY)`,
        phoneNumber: toE164(phone) ?? recipient.phoneNumber,
        address: {
          addressLine1: delivery.address,
          ...(delivery.unit ? { addressLine2: delivery.unit } : {}),
          locality: delivery.city,
          administrativeDistrictLevel1: delivery.state,
          postalCode: delivery.zipCode,
          country: "US" as const,
        },
      },
      expiresAt: fulfillmentExpiry(),
      ...readyBy(request, DRIVE_MINUTES),
      // Whoever collects it says when (a courier's driver at its pickup time: the POS lists it then).
      ...request.fulfillment?.pickupDetails,
      // Ready for the driver well inside the delivery time promised to the customer.
      prepTimeDuration: "PT20M",
      note: note.length > NOTE_LIMIT ? `${note.slice(0, NOTE_LIMIT - 1)}…` : note,
    },
  };
}

function cents(amount: bigint | number | null | undefined): number {
  if (amount === null || amount === undefined) throw new Error("Square answered without an amount");
  return Number(amount);
}

export class SquareGateway implements PaymentGateway {
  readonly provider = "square";
  /** Built on the first call to Square (the SDK is loaded then), one per purpose (charging, asking about a charge), and kept. */
  private readonly clients: Partial<Record<"charge" | "charge-check", Promise<SquareClient>>> = {};

  /** When this gateway's Square budget ends: no call of it runs past this. */
  private readonly deadline: number;
  constructor(
    private readonly config: SquareConfig,
    budgetMs = SQUARE_BUDGET_MS,
  ) {
    this.deadline = Date.now() + budgetMs;
  }

  private client(purpose: "charge" | "charge-check" = "charge"): Promise<SquareClient> {
    return (this.clients[purpose] ??= squareClient(purpose, this.config));
  }

  async createOrder(request: ChargeRequest): Promise<ProviderOrder> {
    const order = await this.call("orders.create", (options) => this.providerOrderOf(request, options));
    checkProviderTotal(request, order);
    return order;
  }

  async charge(request: ChargeRequest, order: ProviderOrder, check?: CardCheck): Promise<ChargeResult> {
    if (request.partialSourceId) return chargeSplitTender(await this.client(), this.config, request, order, (step, task) => this.call(step, task), check);
    if (check) return chargeAfterCheck(await this.client(), this.config, request, order, (step, task) => this.call(step, task), check);
    const payment = await this.call("payments.create", async (options) => withoutRefusedCustomer(request.squareCustomerId, (customerId, keySuffix) => payWithReadToken(request.sourceId, async () =>
      (await this.client()).payments.create({
        sourceId: request.sourceId,
        // Square's record that the buyer passed its bank's check (3-D Secure), from verifyBuyer in the browser.
        ...(request.verificationToken ? { verificationToken: request.verificationToken } : {}),
        idempotencyKey: `${request.idempotencyKey}${keySuffix}`,
        amountMoney: { amount: BigInt(order.totalCents), currency: "USD" },
        locationId: this.config.locationId,
        orderId: order.id,
        referenceId: request.referenceId,
        buyerEmailAddress: request.customer.email,
        ...(customerId ? { customerId } : {}),
        autocomplete: true,
        // On top of the order's total (which holds the tax): the tip itself is never taxed.
        ...(request.tipCents ? { tipMoney: { amount: BigInt(request.tipCents), currency: "USD" } } : {}),
      }, options))),
    );
    const paid = payment.payment;
    if (!paid?.id) {
      log("error", "square answered a payment without an id", { referenceId: request.referenceId });
      // An answer that cannot be read says nothing of whether the card was charged.
      throw providerUnavailable(true);
    }
    if (paid.status === "FAILED" || paid.status === "CANCELED") {
      throw declined([{ code: "GENERIC_DECLINE", detail: `Payment status ${paid.status}` }]);
    }
    // The card is charged once Square says COMPLETED; an answer without its amount is the total asked for.
    const result = paidInFull(this.provider, order, [seenSquarePayment(paid, order.totalCents)]);
    if (!result) {
      // APPROVED or PENDING: money held, not taken. Whether it completes is asked again (reconciliation),
      // and a hold left APPROVED is voided by the sweeper.
      log("warn", "square answered a payment that is not completed", { referenceId: request.referenceId, status: paid.status });
      throw providerUnavailable(true);
    }
    return result;
  }

  async findCharge(lookup: ChargeLookup): Promise<ChargeResult | null> {
    // The provider order is remembered before any charge, so without it no card was charged.
    const known = lookup.providerOrder;
    if (!known) return null;
    const { order } = await this.call("orders.get", async (options) => (await this.client("charge-check")).orders.get({ orderId: known.id }, options));
    if (!order) return null;
    const paymentIds = [...new Set((order.tenders ?? []).map((tender) => tender.paymentId).filter((id): id is string => Boolean(id)))];
    const payments: SeenPayment[] = [];
    for (const paymentId of paymentIds) {
      const { payment } = await this.call("payments.get", async (options) => (await this.client("charge-check")).payments.get({ paymentId }, options));
      if (payment?.id) payments.push(seenSquarePayment(payment));
    }
    // Every tender counts, against the total Square holds for the order now.
    return paidInFull(this.provider, { ...known, totalCents: cents(order.totalMoney?.amount ?? known.totalCents) }, payments);
  }

  /** The order an earlier try made, else a new one at Square. */
  private async providerOrderOf(request: ChargeRequest, options: CallOptions): Promise<ProviderOrder> {
    if (request.providerOrder) return request.providerOrder;
    const recipient = {
      displayName: request.customer.name,
      emailAddress: request.customer.email,
      phoneNumber: toE164(request.customer.phone) ?? request.customer.phone,
    };
    const { order } = await withoutRefusedCustomer(request.squareCustomerId, async (customerId, keySuffix) => (await this.client()).orders.create({
      // Its own key space at Square; derived from the checkout key so a retry finds the same order.
      idempotencyKey: `${request.idempotencyKey}-order${keySuffix}`,
      order: {
        locationId: this.config.locationId,
        referenceId: request.referenceId,
        ...(customerId ? { customerId } : {}),
        // The same parts a preview (CalculateOrder) of the cart is priced with, so the preview is what is charged.
        ...squarePricing(request.lines, request.discount, request.deliveryFeeCents),
        fulfillments: [orderNoteOnTicket(kitchenFulfillment(request, recipient), request.note)],
      },
    }, options));
    if (!order?.id) {
      log("error", "square answered an order without an id", { referenceId: request.referenceId });
      throw providerUnavailable();
    }
    return { id: order.id, taxCents: cents(order.totalTaxMoney?.amount ?? 0), totalCents: cents(order.totalMoney?.amount) };
  }

  /** Runs one Square call and turns its failures into the API's answers (never Square's own text). */
  private async call<T>(step: string, task: (options: CallOptions) => Promise<T>): Promise<T> {
    // Within what is left of the budget: the checkout answers before the platform's time limit.
    const options = callOptions(this.deadline - Date.now(), this.config);
    if (!options) {
      log("error", "square call not made: the request's time for Square is spent", { step });
      throw providerUnavailable();
    }
    try {
      return await task(options);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      // The SDK's error classes: the call that failed loaded it.
      const { SquareError, SquareTimeoutError } = await squareSdk();
      if (error instanceof SquareError && error.errors.length > 0) {
        const errors = error.errors as ProviderError[];
        if (isDecline(errors)) throw declined(errors);
        if (errors.some((e) => e.code === "IDEMPOTENCY_KEY_REUSED")) throw new KeyReused(KEY_REUSED_MESSAGE);
        const refused = requestRefused(errors);
        if (refused) throw refused;
        // Only 429s within the call's time (platform/callLimit.ts): Square did nothing, so nothing was charged.
        if (isRateLimited(errors)) throw new ProviderBusy(said("payments_busy"), 30);
      }
      // No status from Square (a timeout, a lost connection, an unreadable body): it may have done the work.
      const kind =
        error instanceof SquareTimeoutError || (error instanceof Error && /timeout/i.test(error.message))
          ? "timeout"
          : error instanceof SquareError && (error.statusCode ?? 0) >= 400
            ? "error"
            : "unexpected";
      log("error", "square call failed", {
        step,
        kind,
        statusCode: error instanceof SquareError ? error.statusCode : undefined,
        codes: error instanceof SquareError ? error.errors.map((e) => e.code) : undefined,
      });
      throw providerUnavailable(kind !== "error");
    }
  }
}
