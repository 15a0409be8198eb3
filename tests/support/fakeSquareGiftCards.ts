// The fake Square's gift cards, written from Square's documents (Gift Cards API, Gift Card Activities API,
// "Create and Activate a Gift Card When Using Orders API Integration", "Partial Payment Authorizations",
// "Take Partial Payments with Square Gift Cards"):
// - POST /v2/gift-cards makes a DIGITAL card, PENDING with a zero balance and a 16-digit GAN;
// - POST /v2/gift-cards/activities: ACTIVATE names a paid order and its GIFT_CARD line (the line's amount
//   is the balance; one activation per line), LOAD, REDEEM, DEACTIVATE, ADJUST_INCREMENT/DECREMENT;
// - POST /v2/gift-cards/from-gan and GET /v2/gift-cards/:id read a card; an unknown GAN is NOT_FOUND;
// - POST /v2/gift-cards/from-nonce reads the card behind a giftCard() payment token; any other token
//   (a card's, a forged one) finds no gift card: NOT_FOUND, and no bank is asked;
//   GET /v2/gift-cards lists them (limit 1 to 200);
// - a payment whose source is a gift card's token: refused INSUFFICIENT_FUNDS with GIFT_CARD_AVAILABLE_AMOUNT
//   when the balance is short, unless accept_partial_authorization (with autocomplete false) authorizes the
//   balance; a tip must fit the balance whole; a card not ACTIVE is refused; an authorization holds the
//   funds until POST /v2/orders/:id/pay completes it (cancelling the order's other authorizations) or
//   POST /v2/payments/:id/cancel releases it, POST /v2/payments/:id/complete captures it (./fakeSquareCards.ts); a payment on a pickup order without expires_at completes at once;
// - a refund of a gift card payment puts the amount back on the card;
// - every change notifies gift_card.updated and gift_card.activity.created.
// The tests' stand-in for the Web Payments SDK's giftCard().tokenize() is giftCardToken(gan).
// The pages, behaviour by behaviour:
// - cards, GANs, states, from-gan, listing: developer.squareup.com/docs/gift-cards/using-gift-cards-api
// - from-nonce ({ nonce } -> { gift_card }; its listed errors CARD_TOKEN_EXPIRED, CARD_TOKEN_USED):
//   developer.squareup.com/reference/square/gift-cards-api/retrieve-gift-card-from-nonce
// - activities (ACTIVATE with order_id and line_item_uid, LOAD, REDEEM, ADJUST_*, DEACTIVATE):
//   developer.squareup.com/docs/gift-cards/using-gift-cards-api and
//   developer.squareup.com/docs/gift-cards/walkthrough-1-with-orders-api
// - paying with a card's token, partial authorization, PayOrder, cancel: developer.squareup.com/docs/web-payments/gift-card,
//   developer.squareup.com/docs/payments-api/take-payments/partial-payments-with-gift-cards,
//   developer.squareup.com/docs/web-payments/gift-card-walkthrough
// - INSUFFICIENT_FUNDS and GIFT_CARD_AVAILABLE_AMOUNT: developer.squareup.com/docs/payments-api/error-codes
// - refunds back to the card: developer.squareup.com/docs/payments-api/refund-payments
// - gift_card.* notifications: developer.squareup.com/docs/webhooks/v2webhook-events-tech-ref
// - every field: connect-api-specification's api.json (./squareSchema.ts)
import { randomInt, randomUUID } from "node:crypto";
import type { FakeReply, RecordedRequest, RouteHandler } from "./fakeSquare";
import { paymentSourceOf } from "./fakeSquareCards.ts";
import type { FakeSquareReadings } from "./fakeSquareReadings.ts";

/** What the fake Square shares with its gift cards. */
export interface GiftCardHost {
  routes: Map<string, RouteHandler>;
  orders: Map<string, any>;
  payments: Map<string, any>;
  locationId: string;
  notify(type: string, dataType: string, dataId: string, object: Record<string, unknown>): unknown;
  idempotent(endpoint: string, body: any, work: () => FakeReply): FakeReply;
  readings: FakeSquareReadings;
  /** Orders of a total of 0 marked paid by PayOrder with no payment (they carry no tender). */
  settledAtZero: WeakSet<object>;
}

export interface FakeGiftCards {
  /** Cards by id, in Square's wire shape. */
  cards: Map<string, any>;
  /** Activities in the order they happened. */
  activities: any[];
  /** What the Web Payments SDK's giftCard() gives for a card number: a one-time payment token. */
  giftCardToken(gan: string): string;
  /** The card with this number, as from-gan answers it. */
  byGan(gan: string): any | undefined;
  /** Staff redeem an amount at the counter (Square Point of Sale). */
  redeemAtCounter(gan: string, amountCents: number): any;
  /** Staff deactivate a card in the Dashboard. */
  deactivate(gan: string): any;
  reset(): void;
}

const USD = (amount: number) => ({ amount, currency: "USD" });

function errorReply(status: number, category: string, code: string, detail: string, field?: string): FakeReply {
  return { status, body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] } };
}
const invalid = (code: string, detail: string, field?: string) => errorReply(400, "INVALID_REQUEST_ERROR", code, detail, field);
const notFound = (detail: string, field?: string) => errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", detail, field);

export function installGiftCards(host: GiftCardHost): FakeGiftCards {
  const cards = new Map<string, any>();
  const activities: any[] = [];
  const tokens = new Map<string, string>(); // token -> card id
  /** Tokens used up by a read under the "spends" reading of from-nonce. */
  const spent = new Set<string>();
  const tokenUsed = (field: string): FakeReply => invalid("CARD_TOKEN_USED", "Card token already used; please request a new token.", field);
  /** Funds an APPROVED gift card payment holds, by payment id. */
  const holds = new Map<string, { cardId: string; amount: number }>();
  /** Which card paid each gift card payment, and the refunds already put back on a card. */
  const cardOfPayment = new Map<string, string>();
  const refundedToCard = new Set<string>();
  /** GIFT_CARD lines already activated ("order line"). */
  const activatedLines = new Set<string>();
  const byGan = (gan: string) => [...cards.values()].find((card) => card.gan === gan);
  const held = (cardId: string) => [...holds.values()].filter((hold) => hold.cardId === cardId).reduce((sum, hold) => sum + hold.amount, 0);

  const record = (card: any, type: string, details: Record<string, unknown>) => {
    const activity = {
      id: `gcact_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      type,
      location_id: host.locationId,
      created_at: new Date().toISOString(),
      gift_card_id: card.id,
      gift_card_gan: card.gan,
      gift_card_balance_money: USD(card.balance_money.amount),
      ...details,
    };
    activities.push(activity);
    host.notify("gift_card.activity.created", "gift_card_activity", activity.id, { gift_card_activity: activity });
    host.notify("gift_card.updated", "gift_card", card.id, { gift_card: card });
    return activity;
  };

  const original = {
    payments: host.routes.get("POST /v2/payments")!,
    orders: host.routes.get("POST /v2/orders")!,
    refunds: host.routes.get("POST /v2/refunds")!,
  };

  host.routes.set("POST /v2/gift-cards", ({ body }) => {
    if (!body?.idempotency_key) return invalid("MISSING_REQUIRED_PARAMETER", "idempotency_key is required", "idempotency_key");
    if (body.location_id !== host.locationId) return notFound("Location not found", "location_id");
    const type = body.gift_card?.type;
    if (type !== "DIGITAL" && type !== "PHYSICAL") return invalid("INVALID_ENUM_VALUE", "gift_card.type must be DIGITAL or PHYSICAL", "gift_card.type");
    return host.idempotent("gift-cards", body, () => {
      let gan: string;
      do gan = `7783${Array.from({ length: 12 }, () => randomInt(10)).join("")}`;
      while (byGan(gan));
      const card = {
        id: `gftc:${randomUUID().replaceAll("-", "").slice(0, 26)}`,
        type,
        gan_source: "SQUARE",
        state: "PENDING",
        balance_money: USD(0),
        gan,
        created_at: new Date().toISOString(),
      };
      cards.set(card.id, card);
      host.notify("gift_card.created", "gift_card", card.id, { gift_card: card });
      return { status: 200, body: { gift_card: card } };
    });
  });

  // ListGiftCards (developer.squareup.com/reference/square/gift-cards-api/list-gift-cards): "The results are
  // sorted by created_at in ascending order", `limit` from 1 to 200 (Square's default 30), and a `cursor`
  // when more remain, which the next call passes to go on from there.
  host.routes.set("GET /v2/gift-cards", ({ query }) => {
    const limit = query.limit === undefined ? 30 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return invalid("INVALID_VALUE", "limit must be between 1 and 200", "limit");
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    if (!Number.isInteger(start) || start < 0) return invalid("INVALID_CURSOR", "The cursor is not valid.", "cursor");
    const all = [...cards.values()].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const page = all.slice(start, start + limit);
    return { status: 200, body: { ...(page.length > 0 ? { gift_cards: page } : {}), ...(start + limit < all.length ? { cursor: String(start + limit) } : {}) } };
  });

  host.routes.set("GET /v2/gift-cards/:id", ({ params }) => {
    const card = cards.get(params.id ?? "");
    return card ? { status: 200, body: { gift_card: card } } : notFound("Gift card not found");
  });

  host.routes.set("POST /v2/gift-cards/from-gan", ({ body }) => {
    if (typeof body?.gan !== "string" || body.gan.length === 0 || body.gan.length > 255) return invalid("INVALID_VALUE", "gan must be 1 to 255 characters", "gan");
    const card = byGan(body.gan);
    return card ? { status: 200, body: { gift_card: card } } : notFound("Gift card not found");
  });

  // RetrieveGiftCardFromNonce (developer.squareup.com/reference/square/gift-cards-api/retrieve-gift-card-from-nonce):
  // `nonce` is required, at least one character; the answer is the card the Web Payments SDK's giftCard()
  // tokenized. A token that is no gift card's finds none (Square's NOT_FOUND, as from-gan answers an unknown GAN).
  // Whether reading spends the token is not said: under the "spends" reading (./fakeSquareReadings.ts) the
  // token is used up as a payment uses it, and a second read or a payment with it answers CARD_TOKEN_USED,
  // one of the errors the page lists.
  host.routes.set("POST /v2/gift-cards/from-nonce", ({ body }) => {
    if (typeof body?.nonce !== "string" || body.nonce.length === 0) return invalid("INVALID_VALUE", "nonce must be at least 1 character", "nonce");
    if (spent.has(body.nonce)) return tokenUsed("nonce");
    const card = cards.get(tokens.get(body.nonce) ?? "");
    if (card && host.readings.fromNonce === "spends") spent.add(body.nonce);
    return card ? { status: 200, body: { gift_card: card } } : notFound("Gift card not found", "nonce");
  });

  host.routes.set("POST /v2/gift-cards/activities", ({ body }) => {
    if (!body?.idempotency_key) return invalid("MISSING_REQUIRED_PARAMETER", "idempotency_key is required", "idempotency_key");
    const activity = body.gift_card_activity ?? {};
    if (activity.location_id !== host.locationId) return notFound("Location not found", "gift_card_activity.location_id");
    const card = activity.gift_card_id ? cards.get(activity.gift_card_id) : activity.gift_card_gan ? byGan(activity.gift_card_gan) : undefined;
    if (!card) return notFound("Gift card not found", "gift_card_activity.gift_card_id");
    return host.idempotent("gift-card-activities", body, () => applyActivity(card, activity));
  });

  const applyActivity = (card: any, activity: any): FakeReply => {
    const balance = card.balance_money.amount;
    const amountOf = (details: any) => details?.amount_money?.amount;
    switch (activity.type) {
      case "ACTIVATE": {
        if (card.state !== "PENDING") return invalid("BAD_REQUEST", `Gift card is ${card.state}; only a PENDING card can be activated.`);
        const details = activity.activate_activity_details ?? {};
        let amount = amountOf(details);
        if (details.order_id || details.line_item_uid) {
          if (amount !== undefined) return invalid("BAD_REQUEST", "Provide either order_id and line_item_uid OR provide amount_money.");
          const order = host.orders.get(details.order_id ?? "");
          if (!order) return notFound("Order not found", "gift_card_activity.activate_activity_details.order_id");
          const line = order.line_items.find((item: any) => item.uid === details.line_item_uid);
          if (!line || line.item_type !== "GIFT_CARD") return invalid("BAD_REQUEST", "The line item is not a GIFT_CARD line item of the order.");
          if (order.state !== "COMPLETED" || !(order.tenders ?? []).length) return invalid("BAD_REQUEST", "The order must be paid before the gift card is activated.");
          const lineKey = `${order.id} ${line.uid}`;
          if (activatedLines.has(lineKey)) return invalid("BAD_REQUEST", "The gift card line item was already used to activate a gift card.");
          activatedLines.add(lineKey);
          amount = line.gross_sales_money.amount;
        } else if (!Number.isSafeInteger(amount) || amount <= 0 || !(details.buyer_payment_instrument_ids ?? []).length) {
          return invalid("BAD_REQUEST", "Provide either order_id and line_item_uid OR provide amount_money and buyer_payment_instrument_ids.");
        }
        card.state = "ACTIVE";
        card.balance_money = USD(balance + amount);
        return ok(record(card, "ACTIVATE", { activate_activity_details: { ...details, amount_money: USD(amount) } }));
      }
      case "LOAD":
      case "ADJUST_INCREMENT": {
        if (card.state !== "ACTIVE") return invalid("BAD_REQUEST", `Gift card is ${card.state}.`);
        const details = activity[activity.type === "LOAD" ? "load_activity_details" : "adjust_increment_activity_details"];
        const amount = amountOf(details);
        if (!Number.isSafeInteger(amount) || amount <= 0) return invalid("INVALID_VALUE", "amount_money must be positive");
        card.balance_money = USD(balance + amount);
        return ok(record(card, activity.type, { [activity.type === "LOAD" ? "load_activity_details" : "adjust_increment_activity_details"]: details }));
      }
      case "REDEEM":
      case "ADJUST_DECREMENT": {
        if (card.state !== "ACTIVE") return invalid("BAD_REQUEST", `Gift card is ${card.state}.`);
        const field = activity.type === "REDEEM" ? "redeem_activity_details" : "adjust_decrement_activity_details";
        const amount = amountOf(activity[field]);
        if (!Number.isSafeInteger(amount) || amount <= 0) return invalid("INVALID_VALUE", "amount_money must be positive");
        if (amount > balance - held(card.id)) return errorReply(400, "INVALID_REQUEST_ERROR", "INSUFFICIENT_FUNDS", "The gift card does not have enough balance.");
        card.balance_money = USD(balance - amount);
        return ok(record(card, activity.type, { [field]: activity[field] }));
      }
      case "DEACTIVATE": {
        if (card.state === "DEACTIVATED") return invalid("BAD_REQUEST", "Gift card is already DEACTIVATED.");
        card.state = "DEACTIVATED";
        return ok(record(card, "DEACTIVATE", { deactivate_activity_details: activity.deactivate_activity_details ?? { reason: "SUSPICIOUS_ACTIVITY" } }));
      }
      default:
        return invalid("INVALID_ENUM_VALUE", `The fake does not take ${activity.type} activities`, "gift_card_activity.type");
    }
  };
  const ok = (activity: any): FakeReply => ({ status: 200, body: { gift_card_activity: activity } });

  // Orders keep a line's item_type, as Square's do (the fake's order pricing leaves it out).
  host.routes.set("POST /v2/orders", async (request: RecordedRequest) => {
    const reply = await original.orders(request);
    const created = (reply.body as any)?.order;
    if (reply.status === 200 && created) {
      for (const [index, line] of (request.body.order.line_items ?? []).entries()) {
        if (line.item_type && created.line_items[index]) created.line_items[index].item_type = line.item_type;
        if (line.item_type === "GIFT_CARD" && line.catalog_object_id) return invalid("BAD_REQUEST", "GIFT_CARD line items cannot reference a catalog object.");
      }
    }
    return routeVerbs(reply);
  });

  host.routes.set("POST /v2/payments", async (request: RecordedRequest) => {
    const body = request.body;
    const cardId = tokens.get(body?.source_id ?? "");
    if (cardId && spent.has(body.source_id)) return tokenUsed("source_id");
    if (cardId) return routeVerbs(host.idempotent("payments", body, () => payWithGiftCard(cards.get(cardId), body)));
    if (body?.autocomplete === false && (body.order_id || paymentSourceOf(body.source_id ?? "", host.locationId, true))) return routeVerbs(host.idempotent("payments", body, () => authorizeCard(body)));
    return routeVerbs(await original.payments(request));
  });

  /**
   * FulfillmentPickupDetails.expires_at (developer.squareup.com/reference/square/objects/FulfillmentPickupDetails):
   * "If expires_at is not set, any new payments attached to the order are automatically completed", whatever
   * the payment's autocomplete says.
   */
  const completesAtOnce = (order: any): boolean =>
    Boolean(order) && (order.fulfillments ?? []).some((f: any) => f.type === "PICKUP" && !f.pickup_details?.expires_at);

  /**
   * A card or a wallet authorized (delayed capture), for part of an order (the rest on a gift card) or on its
   * own: APPROVED, its amount anything up to the order's total, completed by PayOrder or CompletePayment.
   * Apple Pay and Google Pay as their device card, Cash App Pay as its wallet (./fakeSquareCards.ts).
   * Square's sandbox nonces: the approved one, or a decline.
   */
  const authorizeCard = (body: any): FakeReply => {
    const order = body.order_id ? host.orders.get(body.order_id) : undefined;
    if (body.order_id && !order) return notFound("Order not found", "order_id");
    const amount = body.amount_money?.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || (order && amount > order.total_money.amount)) return invalid("INVALID_VALUE", "amount_money", "amount_money");
    if (body.location_id !== host.locationId) return notFound("Location not found", "location_id");
    if (body.source_id === "cnon:card-nonce-declined") return errorReply(402, "PAYMENT_METHOD_ERROR", "GENERIC_DECLINE", "Authorization error: 'GENERIC_DECLINE'");
    const completed = completesAtOnce(order);
    const source = paymentSourceOf(body.source_id, host.locationId, !completed);
    if (!source) return errorReply(400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Card nonce not found", "source_id");
    const payment = {
      id: `PAY${randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`,
      status: completed ? "COMPLETED" : "APPROVED",
      amount_money: USD(amount),
      approved_money: USD(amount),
      // A tip is paid on top of the amount (tax is never charged on it).
      ...(body.tip_money ? { tip_money: body.tip_money } : {}),
      total_money: USD(amount + (body.tip_money?.amount ?? 0)),
      ...source,
      location_id: host.locationId,
      ...(order ? { order_id: order.id } : {}),
      reference_id: body.reference_id,
      created_at: new Date().toISOString(),
    };
    host.payments.set(payment.id, payment);
    if (completed && order) payOrder(order, [payment]);
    // Square notifies every payment made, an authorization (APPROVED) too.
    host.notify("payment.created", "payment", payment.id, { payment });
    return { status: 200, body: { payment } };
  };

  const payWithGiftCard = (card: any, body: any): FakeReply => {
    if (!body.idempotency_key || String(body.idempotency_key).length > 45) return invalid("INVALID_VALUE", "idempotency_key must be 1 to 45 characters", "idempotency_key");
    if (body.location_id !== host.locationId) return notFound("Location not found", "location_id");
    const requested = body.amount_money?.amount;
    if (!Number.isSafeInteger(requested) || requested <= 0 || body.amount_money.currency !== "USD") return invalid("INVALID_VALUE", "amount_money", "amount_money");
    const order = body.order_id ? host.orders.get(body.order_id) : undefined;
    if (body.order_id && !order) return notFound("Order not found", "order_id");
    const partial = body.accept_partial_authorization === true;
    if (partial && body.autocomplete !== false) return invalid("INVALID_VALUE", "accept_partial_authorization requires autocomplete false", "accept_partial_authorization");
    // "Take Partial Payments with Square Gift Cards" (developer.squareup.com/docs/payments-api/take-payments/partial-payments-with-gift-cards):
    // a partial authorization pays part of an order, so it names the order (order_id) with autocomplete false.
    if (partial && !order) return invalid("MISSING_REQUIRED_PARAMETER", "accept_partial_authorization requires an order_id", "order_id");
    // A whole payment for an order is its total; a partial one may be less (the rest is another tender).
    if (order && body.autocomplete !== false && order.total_money.amount !== requested) return invalid("PAYMENT_AMOUNT_MISMATCH", "The amount must equal the order's total_money", "amount_money");
    if (card.state !== "ACTIVE") return errorReply(400, "PAYMENT_METHOD_ERROR", "CARD_DECLINED", `Authorization error: gift card is ${card.state}`);
    const tip = body.tip_money?.amount ?? 0;
    const available = card.balance_money.amount - held(card.id);
    // Square's "Insufficient funds for Square gift card payments" (developer.squareup.com/docs/payments-api/error-codes):
    // a card short of what is asked answers INSUFFICIENT_FUNDS and, beside it, GIFT_CARD_AVAILABLE_AMOUNT with
    // the balance; a partial authorization (no tip) takes the balance instead.
    const short = {
      status: 402,
      body: {
        errors: [
          { category: "PAYMENT_METHOD_ERROR", code: "INSUFFICIENT_FUNDS", detail: "Gift card does not have sufficient balance for requested amount and tip." },
          { category: "PAYMENT_METHOD_ERROR", code: "GIFT_CARD_AVAILABLE_AMOUNT", detail: String(Math.max(available, 0)) },
        ],
      },
    };
    if (available <= 0) return short;
    if (requested + tip > available && (tip > 0 || !partial)) return short;
    const amount = Math.min(requested, available);
    const authorizeOnly = body.autocomplete === false && !completesAtOnce(order);
    const payment = {
      id: `PAY${randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`,
      status: authorizeOnly ? "APPROVED" : "COMPLETED",
      amount_money: USD(amount),
      approved_money: USD(amount),
      ...(tip ? { tip_money: USD(tip) } : {}),
      total_money: USD(amount + tip),
      source_type: "CARD",
      card_details: { status: authorizeOnly ? "AUTHORIZED" : "CAPTURED", card: { card_brand: "SQUARE_GIFT_CARD", last_4: card.gan.slice(-4) } },
      location_id: host.locationId,
      order_id: body.order_id,
      reference_id: body.reference_id,
      created_at: new Date().toISOString(),
    };
    host.payments.set(payment.id, payment);
    // Square's Payment names no gift card id; the fake keeps which card paid beside the payment.
    cardOfPayment.set(payment.id, card.id);
    if (payment.status === "APPROVED") holds.set(payment.id, { cardId: card.id, amount: amount + tip });
    else {
      card.balance_money = USD(card.balance_money.amount - amount - tip);
      record(card, "REDEEM", { redeem_activity_details: { amount_money: USD(amount + tip), payment_id: payment.id } });
      if (order) payOrder(order, [payment]);
    }
    host.notify("payment.created", "payment", payment.id, { payment });
    return { status: 200, body: { payment } };
  };

  /** Square records each payment on its order as a tender; a fully paid order without fulfillments completes. */
  const payOrder = (order: any, paid: any[]) => {
    const known = new Set((order.tenders ?? []).map((tender: any) => tender.payment_id));
    order.tenders = [...(order.tenders ?? []), ...paid.filter((payment) => !known.has(payment.id)).map((payment) => ({
      id: `TND${payment.id.slice(3)}`,
      type: payment.card_details?.card?.card_brand === "SQUARE_GIFT_CARD" ? "SQUARE_GIFT_CARD" : "CARD",
      amount_money: payment.amount_money,
      payment_id: payment.id,
    }))];
    order.state = order.fulfillments.length > 0 ? "OPEN" : "COMPLETED";
    order.version += 1;
  };

  const cancel = (paymentId: string): FakeReply => {
    const payment = host.payments.get(paymentId);
    if (!payment) return notFound("Payment not found");
    if (payment.status !== "APPROVED") return invalid("BAD_REQUEST", `A ${payment.status} payment cannot be canceled.`);
    payment.status = "CANCELED";
    if (payment.card_details) payment.card_details.status = "VOIDED";
    if (payment.wallet_details) payment.wallet_details.status = "VOIDED";
    holds.delete(payment.id);
    host.notify("payment.updated", "payment", payment.id, { payment });
    return { status: 200, body: { payment } };
  };

  /**
   * CompletePayment (developer.squareup.com/reference/square/payments-api/complete-payment, and "Delayed
   * Capture of a Card Payment"): an APPROVED payment is captured, COMPLETED; it is the order's tender then.
   */
  const complete = (paymentId: string): FakeReply => {
    const payment = host.payments.get(paymentId);
    if (!payment) return notFound("Payment not found");
    if (payment.status === "COMPLETED") return { status: 200, body: { payment } };
    if (payment.status !== "APPROVED") return invalid("BAD_REQUEST", `A ${payment.status} payment cannot be completed.`);
    payment.status = "COMPLETED";
    if (payment.card_details) payment.card_details.status = "CAPTURED";
    if (payment.wallet_details) payment.wallet_details.status = "CAPTURED";
    // Payment.receipt_url: "only populated for COMPLETED payments" (developer.squareup.com/reference/square/objects/Payment).
    payment.receipt_url ??= "https://squareupsandbox.com/receipt/preview/fake";
    const hold = holds.get(payment.id);
    if (hold) {
      holds.delete(payment.id);
      const card = cards.get(hold.cardId);
      card.balance_money = USD(card.balance_money.amount - hold.amount);
      record(card, "REDEEM", { redeem_activity_details: { amount_money: USD(hold.amount), payment_id: payment.id } });
    }
    const order = host.orders.get(payment.order_id);
    if (order) payOrder(order, [payment]);
    host.notify("payment.updated", "payment", payment.id, { payment });
    return { status: 200, body: { payment } };
  };

  const payOrderRoute = (orderId: string, body: any): FakeReply => {
    const order = host.orders.get(orderId);
    if (!order) return notFound("Order not found");
    if (!body?.idempotency_key) return invalid("MISSING_REQUIRED_PARAMETER", "idempotency_key is required", "idempotency_key");
    return host.idempotent("orders-pay", body, () => {
      const paid = (body.payment_ids ?? []).map((id: string) => host.payments.get(id));
      // PayOrder: "Orders with a total amount of 0 can be marked as paid by specifying an empty array of
      // payment_ids"; no tender is added, and an order waiting for its fulfillment stays OPEN.
      if (paid.length === 0 && order.total_money.amount === 0 && (order.tenders ?? []).length === 0 && order.state === "OPEN") {
        host.settledAtZero.add(order);
        if (order.fulfillments.length === 0) order.state = "COMPLETED";
        order.version += 1;
        return { status: 200, body: { order } };
      }
      if (paid.length === 0 || paid.some((payment: any) => !payment)) return notFound("Payment not found", "payment_ids");
      for (const payment of paid) {
        if (payment.status !== "APPROVED") return invalid("BAD_REQUEST", `The card payment attached to the order must be AUTHORIZED: ${payment.id}`);
        if (payment.order_id !== order.id) return invalid("BAD_REQUEST", `Payment ${payment.id} belongs to another order.`);
      }
      const sum = paid.reduce((total: number, payment: any) => total + payment.amount_money.amount, 0);
      if (sum !== order.total_money.amount) return invalid("BAD_REQUEST", "The payments' total must equal the order's total_money.");
      for (const payment of paid) {
        payment.status = "COMPLETED";
        payment.card_details.status = "CAPTURED";
        const hold = holds.get(payment.id);
        if (hold) {
          holds.delete(payment.id);
          const card = cards.get(hold.cardId);
          card.balance_money = USD(card.balance_money.amount - hold.amount);
          record(card, "REDEEM", { redeem_activity_details: { amount_money: USD(hold.amount), payment_id: payment.id } });
        }
        host.notify("payment.updated", "payment", payment.id, { payment });
      }
      payOrder(order, paid);
      // PayOrder (developer.squareup.com/reference/square/orders-api/pay-order): "Any approved payments that
      // reference the same order_id not specified in the payment_ids is canceled."
      for (const other of host.payments.values()) {
        if (other.order_id === order.id && other.status === "APPROVED" && !paid.includes(other)) cancel(other.id);
      }
      return { status: 200, body: { order } };
    });
  };

  // The fake's router matches an id only as the last segment: CancelPayment and PayOrder, whose id comes
  // before the verb, are routed exactly, for each payment and order as it is made.
  const routeVerbs = (reply: FakeReply) => {
    const payment = (reply.body as any)?.payment;
    if (reply.status === 200 && payment) {
      host.routes.set(`POST /v2/payments/${payment.id}/cancel`, () => cancel(payment.id));
      host.routes.set(`POST /v2/payments/${payment.id}/complete`, () => complete(payment.id));
    }
    const order = (reply.body as any)?.order;
    if (reply.status === 200 && order) host.routes.set(`POST /v2/orders/${order.id}/pay`, ({ body }) => payOrderRoute(order.id, body));
    return reply;
  };

  // A refund of a gift card payment goes back on the card (Square's Refunds API takes them like any tender).
  host.routes.set("POST /v2/refunds", async (request: RecordedRequest) => {
    const reply = await original.refunds(request);
    const refund = (reply.body as any)?.refund;
    const payment = refund ? host.payments.get(refund.payment_id) : undefined;
    const cardId = payment ? cardOfPayment.get(payment.id) : undefined;
    if (reply.status === 200 && cardId && !refundedToCard.has(refund.id)) {
      refundedToCard.add(refund.id);
      const card = cards.get(cardId);
      card.balance_money = USD(card.balance_money.amount + refund.amount_money.amount);
      record(card, "REFUND", { refund_activity_details: { amount_money: refund.amount_money, payment_id: payment.id } });
    }
    return reply;
  });

  return {
    cards,
    activities,
    giftCardToken(gan) {
      const card = byGan(gan);
      if (!card) throw new Error(`fake Square: no gift card ${gan}`);
      const token = `cnon:gift-card-${randomUUID()}`;
      tokens.set(token, card.id);
      return token;
    },
    byGan,
    redeemAtCounter(gan, amountCents) {
      const card = byGan(gan);
      const reply = applyActivity(card, { type: "REDEEM", redeem_activity_details: { amount_money: USD(amountCents) } });
      if (reply.status !== 200) throw new Error(`fake Square: ${JSON.stringify(reply.body)}`);
      return card;
    },
    deactivate(gan) {
      const card = byGan(gan);
      applyActivity(card, { type: "DEACTIVATE" });
      return card;
    },
    reset() {
      cards.clear();
      activities.length = 0;
      tokens.clear();
      spent.clear();
      holds.clear();
      cardOfPayment.clear();
      refundedToCard.clear();
      activatedLines.clear();
    },
  };
}
