// Square as the gift card provider (the `square` SDK): the sale order and its payment, CreateGiftCard,
// CreateGiftCardActivity (ACTIVATE), and the card read by id or by number; Square's failures become the
// service errors the API answers with, never Square's own words.
import type { SquareClient } from "square";
import type { GiftCardState } from "../../domain/giftCards";
import { KeyReused, ProviderUnavailable, said, ServiceError } from "../platform/errors";
import { log } from "../platform/http";
import { declined, isDecline, requestRefused, type ProviderError } from "../payments";
import { squareClient, squareSdk, type SquareConfig, type SquarePurpose } from "../platform/squareClient";
import type { GiftCardProvider, GiftCardView, SaleOrder, SalePayment } from "./provider";

interface SquareCard {
  id?: string;
  gan?: string | null;
  state?: string;
  balanceMoney?: { amount?: bigint | null } | null;
}

function viewOf(card: SquareCard | undefined): GiftCardView {
  if (!card?.id || !card.gan) throw new ProviderUnavailable(said("provider_unavailable"));
  return { id: card.id, gan: card.gan, state: (card.state ?? "PENDING") as GiftCardState, balanceCents: Number(card.balanceMoney?.amount ?? 0n) };
}

export class SquareGiftCards implements GiftCardProvider {
  readonly kind = "square";
  private readonly clients = new Map<SquarePurpose, Promise<SquareClient>>();

  constructor(private readonly config: SquareConfig) {}

  /**
   * A client per purpose, kept: the sale's order and payment are a charge; making, activating and reading
   * the card its own work; balance look-ups their own places in flight, never the ones charges need.
   */
  private client(purpose: SquarePurpose): Promise<SquareClient> {
    let client = this.clients.get(purpose);
    if (!client) this.clients.set(purpose, (client = squareClient(purpose, this.config)));
    return client;
  }

  async createSaleOrder(key: string, saleId: string, amountCents: number): Promise<SaleOrder> {
    const { order } = await this.call("orders.create", async () =>
      (await this.client("charge")).orders.create({
        idempotencyKey: `${key}-order`,
        order: {
          locationId: this.config.locationId,
          referenceId: saleId,
          // Square sells it as a gift card only with item_type GIFT_CARD; no tax, no fulfillment: never on the kitchen's screen.
          lineItems: [{ name: "eGift Card", quantity: "1", itemType: "GIFT_CARD", basePriceMoney: { amount: BigInt(amountCents), currency: "USD" } }],
        },
      }),
    );
    const line = order?.lineItems?.find((item) => item.itemType === "GIFT_CARD");
    if (!order?.id || !line?.uid) {
      log("error", "square answered a gift card order without its id or line", { saleId });
      throw new ProviderUnavailable(said("provider_unavailable"));
    }
    if (Number(order.totalMoney?.amount ?? -1) !== amountCents) {
      log("error", "square's gift card order total differs from the amount", { saleId, total: Number(order.totalMoney?.amount ?? -1) });
      throw new ProviderUnavailable(said("provider_unavailable"));
    }
    return { orderId: order.id, lineItemUid: line.uid };
  }

  async paySaleOrder(key: string, order: SaleOrder, saleId: string, amountCents: number, payment: SalePayment): Promise<{ paymentId: string }> {
    const answer = await this.call("payments.create", async () =>
      (await this.client("charge")).payments.create({
        sourceId: payment.source,
        ...(payment.verificationToken ? { verificationToken: payment.verificationToken } : {}),
        idempotencyKey: key,
        amountMoney: { amount: BigInt(amountCents), currency: "USD" },
        locationId: this.config.locationId,
        orderId: order.orderId,
        referenceId: saleId,
        buyerEmailAddress: payment.buyerEmail,
        autocomplete: true,
      }),
    );
    const paid = answer.payment;
    if (!paid?.id) throw new ProviderUnavailable(said("provider_unavailable"));
    if (paid.status !== "COMPLETED") throw declined([{ code: "GENERIC_DECLINE", detail: `Payment status ${paid.status ?? "unknown"}` }]);
    return { paymentId: paid.id };
  }

  async createCard(key: string): Promise<GiftCardView> {
    const { giftCard } = await this.call("giftCards.create", async () =>
      (await this.client("gift-card")).giftCards.create({ idempotencyKey: `${key}-card`, locationId: this.config.locationId, giftCard: { type: "DIGITAL" } }),
    );
    return viewOf(giftCard);
  }

  async activate(key: string, giftCardId: string, order: SaleOrder): Promise<GiftCardView> {
    await this.call("giftCards.activities.create", async () =>
      (await this.client("gift-card")).giftCards.activities.create({
        idempotencyKey: `${key}-activate`,
        giftCardActivity: {
          type: "ACTIVATE",
          locationId: this.config.locationId,
          giftCardId,
          activateActivityDetails: { orderId: order.orderId, lineItemUid: order.lineItemUid },
        },
      }),
    );
    return this.cardById(giftCardId);
  }

  async cardById(id: string): Promise<GiftCardView> {
    const { giftCard } = await this.call("giftCards.get", async () => (await this.client("gift-card")).giftCards.get({ id }));
    return viewOf(giftCard);
  }

  async cardByGan(gan: string): Promise<GiftCardView | null> {
    try {
      const { giftCard } = await (await this.client("gift-card-balance")).giftCards.getFromGan({ gan });
      return viewOf(giftCard);
    } catch (error) {
      const { SquareError } = await squareSdk();
      if (error instanceof SquareError && (error.statusCode === 404 || error.errors.some((e) => e.code === "NOT_FOUND"))) return null;
      return this.failed("giftCards.getFromGan", error);
    }
  }

  /**
   * RetrieveGiftCardFromNonce, on the look-ups' own places. Square answers a token that is no gift card's
   * with a client error (NOT_FOUND, or the token expired or used): null. Anything else is a failure.
   */
  async cardByToken(token: string): Promise<GiftCardView | null> {
    try {
      const { giftCard } = await (await this.client("gift-card-balance")).giftCards.getFromNonce({ nonce: token });
      return viewOf(giftCard);
    } catch (error) {
      const { SquareError } = await squareSdk();
      if (error instanceof SquareError && (error.statusCode === 400 || error.statusCode === 404)) return null;
      return this.failed("giftCards.getFromNonce", error);
    }
  }

  async probe(): Promise<{ enabled: boolean; reason: string }> {
    try {
      await (await this.client("setup")).giftCards.list({ limit: 1 });
      return { enabled: true, reason: "Square answers gift card calls for this account." };
    } catch (error) {
      const { SquareError } = await squareSdk();
      const status = error instanceof SquareError ? error.statusCode : undefined;
      return {
        enabled: false,
        reason:
          status === 401 || status === 403
            ? "Square refused gift card calls: turn gift cards on in Square's Dashboard and give the app GIFTCARDS_READ and GIFTCARDS_WRITE."
            : "Square did not answer the gift card check; try again.",
      };
    }
  }

  /** Runs one Square call and turns its failures into the API's answers (never Square's own text). */
  private async call<T>(step: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      return this.failed(step, error);
    }
  }

  private async failed(step: string, error: unknown): Promise<never> {
    if (error instanceof ServiceError) throw error;
    const { SquareError } = await squareSdk();
    if (error instanceof SquareError && error.errors.length > 0) {
      const errors = error.errors as ProviderError[];
      if (isDecline(errors)) throw declined(errors);
      if (errors.some((e) => e.code === "IDEMPOTENCY_KEY_REUSED")) throw new KeyReused(said("key_reused_payment"));
      const refused = requestRefused(errors);
      if (refused) throw refused;
    }
    log("error", "square gift card call failed", {
      step,
      statusCode: error instanceof SquareError ? error.statusCode : undefined,
      codes: error instanceof SquareError ? error.errors.map((e) => e.code) : undefined,
    });
    throw new ProviderUnavailable(said("provider_unavailable"));
  }
}
