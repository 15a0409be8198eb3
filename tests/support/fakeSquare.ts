// A fake Square API on 127.0.0.1 speaking Square's wire format (snake_case JSON, integer amounts):
// orders priced as Square documents it (Bankers' Rounding, an order-level tax spread over the lines), payments with the sandbox nonce outcomes and idempotency, locations,
// an optional paged catalogue, fault injection per endpoint, and a record of every request.
// Routes with an id ("GET /v2/orders/:id") answer any last path segment; the id is in `params.id`.
// The kitchen's side too: the Point of Sale shows only paid orders whose fulfillment is PICKUP or
// SHIPMENT (a DELIVERY made through the API stays hidden from the seller, as Square documents), staff
// move fulfillments there, refunds follow Square's limits, and every change becomes a webhook
// notification signed as Square signs them (HMAC-SHA256 of the notification URL and the body).
// Square's pages each behaviour copies (the nearest comment names its own):
// - wire format and money: developer.squareup.com/docs/build-basics/working-with-monetary-amounts
// - sandbox nonces and their outcomes: developer.squareup.com/docs/devtools/sandbox/payments
// - idempotency keys: developer.squareup.com/docs/build-basics/common-api-patterns/idempotency
// - payments, tips and buyer verification: developer.squareup.com/docs/payments-api/take-payments,
//   developer.squareup.com/docs/sca-overview-web
// - refunds: developer.squareup.com/docs/payments-api/refund-payments
// - webhooks and their signature: developer.squareup.com/docs/webhooks/step3validate
// - invoices with a deposit and a balance: ./fakeSquareInvoices.ts (its own pages)
// - request and answer fields: connect-api-specification's api.json (./squareSchema.ts)
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomUUID } from "node:crypto";
import { installGiftCards, type FakeGiftCards } from "./fakeSquareGiftCards.ts";
import { paymentSourceOf, VERIFICATION_REQUIRED_TOKEN } from "./fakeSquareCards.ts";
import { orderScopeTax, type LeftoverTie } from "./squareTax.ts";
import { priceDiscounts } from "./squareDiscounts.ts";
import { answerProblems, notificationProblems, requestProblems, watchSchemaViolations } from "./squareSchema.ts";
import { installCustomers, type FakeCustomers } from "./fakeSquareCustomers.ts";
import { installLoyalty, type FakeLoyalty } from "./fakeSquareLoyalty.ts";
import { DEFAULT_READINGS, type FakeSquareReadings } from "./fakeSquareReadings.ts";
import { installCardsOnFile, type FakeCardsOnFile } from "./fakeSquareCardsOnFile.ts";
import { installInvoices, type FakeInvoices } from "./fakeSquareInvoices.ts";

export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. "/v2/payments". */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  /** Parsed JSON body (undefined for GET). */
  body: any;
  /** The last path segment when a ":id" route answered. */
  params: { id?: string };
}

export interface FakeReply {
  status: number;
  body: unknown;
}

export type RouteHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** What goes wrong at one endpoint ("POST /v2/payments"), for the next `times` requests. */
export type Fault =
  /** Answer this status (500 by default body) without doing the work. */
  | { status: number; body?: unknown }
  /** Answer late. `process` (default true): the work is done first, as when Square is slow, not down. */
  | { delayMs: number; process?: boolean }
  /** Answer 200 with a body that is not JSON. `process` (default false) does the work first. */
  | { malformed: true; process?: boolean };

export interface FakeSquareOptions {
  accessToken?: string;
  locationId?: string;
  /** Catalogue objects as Square sends them (snake_case): served by GET /v2/catalog/list, used to price catalog line items. */
  catalog?: any[];
  /** Objects per catalogue page; a `cursor` leads to the next one. */
  catalogPageSize?: number;
  /** Port on 127.0.0.1 (default: any free one). */
  port?: number;
  /**
   * Validate every request, answer and notification against Square's published API description
   * (./squareSchema.ts); on by default. A violation is recorded in `schemaViolations`.
   */
  checkSchema?: boolean;
  /** Which line takes a leftover tax cent on a tie; Square does not document it, and it never changes a total (./squareTax.ts). */
  taxTie?: LeftoverTie;
}

/** Where the fake sends its webhook notifications, as a subscription in Square's dashboard says. */
export interface WebhookSubscription {
  /** The notification URL as registered: part of the signed text. */
  notificationUrl: string;
  signatureKey: string;
  /** Sends one notification; by default a POST to `notificationUrl` (tests may call a handler instead). */
  deliver?: (notification: SignedNotification) => Promise<Response>;
}

export interface SignedNotification {
  eventId: string;
  type: string;
  /** The exact body text that was signed. */
  body: string;
  /** The `x-square-hmacsha256-signature` header. */
  signature: string;
}

/** Fulfillment states as the Point of Sale moves them. */
export type FulfillmentState = "PROPOSED" | "RESERVED" | "PREPARED" | "COMPLETED" | "CANCELED" | "FAILED";

export interface FakeSquare {
  /** Give this to the SDK as `baseUrl` (or SQUARE_BASE_URL). */
  url: string;
  accessToken: string;
  locationId: string;
  requests: RecordedRequest[];
  /** Requests to one endpoint, e.g. requestsTo("POST", "/v2/payments"). */
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Orders created (by id), in Square's wire shape. */
  orders: Map<string, any>;
  /** Payments that charged a card (status COMPLETED), in Square's wire shape. */
  charges(): any[];
  /** Injects a fault at `endpoint` ("POST /v2/orders") for the next `times` requests (default 1). */
  fault(endpoint: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  /** Adds or replaces an endpoint ("GET /v2/catalog/list"), e.g. for a test of its own. */
  route(endpoint: string, handler: RouteHandler): void;
  /** Puts back the fake's own answer at an endpoint a test replaced with route(). */
  restoreRoute(endpoint: string): void;
  /** Forgets requests, orders, payments, refunds, faults and undelivered notifications (the catalogue, routes and subscription stay). */
  reset(): void;
  /** The orders the restaurant's Point of Sale shows: paid, with a PICKUP or SHIPMENT fulfillment. */
  posOrders(): any[];
  /** Staff change an order's fulfillment on the Point of Sale; Square notifies the subscription. */
  posSetFulfillmentState(orderId: string, state: FulfillmentState): any;
  /** Refunds made (by id), in Square's wire shape. */
  refunds: Map<string, any>;
  /** Domains registered for Apple Pay on the web (POST /v2/apple-pay/domains), by name, with their status. */
  applePayDomains: Map<string, string>;
  /** The bank settles (or refuses) a pending refund; Square notifies refund.updated and payment.updated. */
  settleRefund(refundId: string, status?: "COMPLETED" | "REJECTED" | "FAILED"): any;
  /** Registers where notifications go (replacing any earlier subscription). */
  subscribeWebhooks(subscription: WebhookSubscription): void;
  /** Queues a notification of `type` about `object` (the event's `data.object`), as Square would send it. */
  notify(type: string, dataType: string, dataId: string, object: Record<string, unknown>, eventId?: string): SignedNotification | null;
  /** Notifications queued and not yet delivered. */
  pendingNotifications(): SignedNotification[];
  /** Delivers every queued notification in order and answers the receiver's statuses. */
  deliverWebhooks(): Promise<number[]>;
  /** Sends one notification again, exactly as before (Square retries a delivery that failed or timed out). */
  redeliver(notification: SignedNotification): Promise<number>;
  /** The signature Square puts on `body` for the subscription's URL and key. */
  sign(body: string): string;
  /** Gift cards, their activities, partial authorization and PayOrder (./fakeSquareGiftCards.ts). */
  giftCards: FakeGiftCards;
  /** Where a request, an answer or a notification broke Square's API description (./squareSchema.ts); the API tests' setup fails on any. */
  schemaViolations: string[];
  /** The customer directory: search with its lag, create, duplicates and merges (./fakeSquareCustomers.ts). */
  customers: FakeCustomers;
  /** Square Loyalty: the program, accounts by phone, accrual, rewards (./fakeSquareLoyalty.ts). */
  loyalty: FakeLoyalty;
  /** Which reading of each question Square's documents leave open the fake answers by (./fakeSquareReadings.ts); reset() restores the defaults. */
  readings: FakeSquareReadings;
  /** Cards kept on file on a customer, and paying with one (./fakeSquareCardsOnFile.ts). */
  cardsOnFile: FakeCardsOnFile;
  /** Invoices with a deposit and a balance, published and paid on Square's page (./fakeSquareInvoices.ts). */
  invoices: FakeInvoices;
  stop(): Promise<void>;
}

/** What a verification token from verifyBuyer looks like here; anything else is refused as Square refuses a malformed one. */
export const VERIFICATION_TOKEN_PATTERN = /^verf:[A-Za-z0-9_-]{8,200}$/;

export { VERIFICATION_REQUIRED_TOKEN };

const NONCE_ERRORS: Record<string, { status: number; category: string; code: string; detail: string }> = {
  "cnon:card-nonce-declined": { status: 402, category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE", detail: "Authorization error: 'GENERIC_DECLINE'" },
  "cnon:card-nonce-rejected-cvv": { status: 402, category: "PAYMENT_METHOD_ERROR", code: "CVV_FAILURE", detail: "Authorization error: 'CVV_FAILURE'" },
  "cnon:card-nonce-rejected-postalcode": {
    status: 402,
    category: "PAYMENT_METHOD_ERROR",
    code: "ADDRESS_VERIFICATION_FAILURE",
    detail: "Authorization error: 'ADDRESS_VERIFICATION_FAILURE'",
  },
  "cnon:card-nonce-rejected-expiration": {
    status: 402,
    category: "PAYMENT_METHOD_ERROR",
    code: "INVALID_EXPIRATION",
    detail: "Authorization error: 'INVALID_EXPIRATION'",
  },
  "cnon:card-nonce-already-used": {
    status: 400,
    category: "INVALID_REQUEST_ERROR",
    code: "CARD_TOKEN_USED",
    detail: "Card nonce already used; please request new nonce.",
  },
};

function errorReply(status: number, category: string, code: string, detail: string, field?: string): FakeReply {
  return { status, body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] } };
}
const invalid = (code: string, detail: string, field?: string) => errorReply(400, "INVALID_REQUEST_ERROR", code, detail, field);

function isAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

export async function startFakeSquare(options: FakeSquareOptions = {}): Promise<FakeSquare> {
  const accessToken = options.accessToken ?? "fake-square-token";
  const locationId = options.locationId ?? "LFAKEMIAMI01";
  const catalog = options.catalog ?? [];
  const pageSize = options.catalogPageSize ?? 100;
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, any>();
  const payments = new Map<string, any>();
  /** Idempotency per endpoint: key -> the request text and the first reply. */
  const remembered = new Map<string, { request: string; reply: FakeReply }>();
  const faults = new Map<string, { fault: Fault; times: number }>();
  const routes = new Map<string, RouteHandler>();
  const refunds = new Map<string, any>();
  const applePayDomains = new Map<string, string>();
  const merchantId = "MFAKEJEALOUSFORK";
  let subscription: WebhookSubscription | undefined;
  const outbox: SignedNotification[] = [];
  const checkSchema = options.checkSchema ?? true;
  const schemaViolations: string[] = [];
  const readings: FakeSquareReadings = { ...DEFAULT_READINGS };

  const sign = (body: string): string => {
    if (!subscription) throw new Error("fake Square: no webhook subscription to sign for");
    // developer.squareup.com/docs/webhooks/step3validate: base64 HMAC-SHA256, keyed with the subscription's signature key, of the
    // notification URL followed by the raw body.
    return createHmac("sha256", subscription.signatureKey).update(subscription.notificationUrl + body).digest("base64");
  };

  const notify = (type: string, dataType: string, dataId: string, object: Record<string, unknown>, eventId = randomUUID()) => {
    if (!subscription) return null;
    const body = JSON.stringify({
      merchant_id: merchantId,
      type,
      event_id: eventId,
      created_at: new Date().toISOString(),
      // Square's catalog.version.updated names no object id (its event data is only type and object:
      // CatalogVersionUpdatedEventData in connect-api-specification's api.json).
      data: { type: dataType, ...(dataId ? { id: dataId } : {}), object },
    });
    if (checkSchema) schemaViolations.push(...notificationProblems(type, JSON.parse(body)));
    const notification = { eventId, type, body, signature: sign(body) };
    outbox.push(notification);
    return notification;
  };

  const send = async (notification: SignedNotification): Promise<number> => {
    if (!subscription) throw new Error("fake Square: no webhook subscription");
    const deliver =
      subscription.deliver ??
      ((n: SignedNotification) =>
        fetch(subscription!.notificationUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "x-square-hmacsha256-signature": n.signature },
          body: n.body,
        }));
    const response = await deliver(notification);
    await response.body?.cancel();
    return response.status;
  };

  /** Square notifies every change of an order's fulfillment, made on the POS or through the API (developer.squareup.com/docs/orders-api/fulfillments). */
  const fulfillmentChanged = (order: any, updates: { fulfillment_uid: string; old_state: string; new_state: string }[]) => {
    const now = new Date().toISOString();
    notify("order.fulfillment.updated", "order_fulfillment_updated", order.id, {
      order_fulfillment_updated: {
        order_id: order.id,
        location_id: locationId,
        state: order.state,
        version: order.version,
        created_at: order.created_at,
        updated_at: now,
        fulfillment_update: updates,
      },
    });
  };

  const TERMINAL = new Set(["COMPLETED", "CANCELED", "FAILED"]);
  const FULFILLMENT_STATES = new Set(["PROPOSED", "RESERVED", "PREPARED", "COMPLETED", "CANCELED", "FAILED"]);

  /** Moves fulfillments as Square does: never out of a finished state; a finished order closes (developer.squareup.com/docs/orders-api/fulfillments). */
  const moveFulfillments = (order: any, changes: { uid: string; state: string }[]): FakeReply | null => {
    const updates: { fulfillment_uid: string; old_state: string; new_state: string }[] = [];
    for (const change of changes) {
      const fulfillment = order.fulfillments.find((f: any) => f.uid === change.uid);
      if (!fulfillment) return invalid("NOT_FOUND", `Fulfillment ${change.uid} not found`, "order.fulfillments.uid");
      if (!FULFILLMENT_STATES.has(change.state)) return invalid("INVALID_ENUM_VALUE", `Unknown fulfillment state ${change.state}`, "order.fulfillments.state");
      if (fulfillment.state === change.state) continue;
      if (TERMINAL.has(fulfillment.state)) {
        return invalid("INVALID_VALUE", `A ${fulfillment.state} fulfillment cannot move to ${change.state}`, "order.fulfillments.state");
      }
      updates.push({ fulfillment_uid: fulfillment.uid, old_state: fulfillment.state, new_state: change.state });
      fulfillment.state = change.state;
    }
    if (updates.length === 0) return null;
    order.version += 1;
    order.updated_at = new Date().toISOString();
    if (order.fulfillments.every((f: any) => f.state === "COMPLETED")) order.state = "COMPLETED";
    else if (order.fulfillments.every((f: any) => f.state === "CANCELED")) order.state = "CANCELED";
    fulfillmentChanged(order, updates);
    return null;
  };

  // A sparse update's curbside_pickup_details (buyer_arrived_at, curbside_details) merge into the
  // fulfillment's; they "can only be populated if is_curbside_pickup is set to true"
  // (developer.squareup.com/reference/square/objects/FulfillmentPickupDetails). A change is a new version.
  const arriveAtCurb = (order: any, changes: any[]): FakeReply | null => {
    let changed = false;
    for (const change of changes) {
      const details = change.pickup_details?.curbside_pickup_details;
      if (!details) continue;
      const fulfillment = order.fulfillments.find((f: any) => f.uid === change.uid);
      if (!fulfillment) return invalid("NOT_FOUND", `Fulfillment ${change.uid} not found`, "order.fulfillments.uid");
      if (!fulfillment.pickup_details?.is_curbside_pickup && !change.pickup_details.is_curbside_pickup) {
        return invalid("INVALID_VALUE", "curbside_pickup_details requires is_curbside_pickup", "order.fulfillments.pickup_details.curbside_pickup_details");
      }
      fulfillment.pickup_details.curbside_pickup_details = { ...fulfillment.pickup_details.curbside_pickup_details, ...details };
      changed = true;
    }
    if (changed) {
      order.version += 1;
      order.updated_at = new Date().toISOString();
    }
    return null;
  };

  const refundedOf = (paymentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_id === paymentId && (r.status === "PENDING" || r.status === "COMPLETED"))
      .reduce((sum, r) => sum + r.amount_money.amount, 0);

  const paymentChanged = (payment: any) => {
    payment.version_token = randomUUID();
    payment.updated_at = new Date().toISOString();
    notify("payment.updated", "payment", payment.id, { payment });
  };

  const idempotent = (endpoint: string, body: any, work: () => FakeReply): FakeReply => {
    const key = `${endpoint} ${body.idempotency_key}`;
    const request = JSON.stringify(body);
    const first = remembered.get(key);
    if (first) {
      return first.request === request
        ? first.reply
        : invalid("IDEMPOTENCY_KEY_REUSED", "The idempotency key can only be retried with the same request data.", "idempotency_key");
    }
    const reply = work();
    // Square keeps the outcome of a processed request (declines included), not of a refused one
    // (developer.squareup.com/docs/build-basics/common-api-patterns/idempotency).
    if (reply.status < 500) remembered.set(key, { request, reply });
    return reply;
  };

  const variationPrice = (id: string): { name: string; amount: number } | undefined => {
    for (const object of catalog) {
      if (object.type !== "ITEM") continue;
      for (const variation of object.item_data?.variations ?? []) {
        if (variation.id === id) return { name: object.item_data.name, amount: variation.item_variation_data?.price_money?.amount };
      }
    }
    return undefined;
  };

  /** A catalogue modifier's name and price, inside its modifier list or on its own. */
  const modifierPrice = (id: string): { name: string; amount: number } | undefined => {
    for (const object of catalog) {
      const modifiers = object.type === "MODIFIER_LIST" ? (object.modifier_list_data?.modifiers ?? []) : object.type === "MODIFIER" ? [object] : [];
      const found = modifiers.find((modifier: any) => modifier.id === id);
      if (found) return { name: found.modifier_data?.name, amount: found.modifier_data?.price_money?.amount ?? 0 };
    }
    return undefined;
  };

  /** What Square refuses of an order before pricing it, for CreateOrder and CalculateOrder alike. */
  const orderRefusal = (order: any): FakeReply | null => {
    if (order?.location_id !== locationId) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Location not found", "order.location_id");
    if (order.customer_id !== undefined && !customers.knows(order.customer_id)) return invalid("CUSTOMER_NOT_FOUND", "Customer not found", "order.customer_id");
    if (!Array.isArray(order.line_items) || order.line_items.length === 0) return invalid("MISSING_REQUIRED_PARAMETER", "line_items is required");
    // The Orders API takes one fulfillment per order (developer.squareup.com/docs/orders-api/fulfillments, "One fulfillment limit").
    if ((order.fulfillments ?? []).length > 1) return invalid("INVALID_VALUE", "Only one fulfillment can be added to an order", "order.fulfillments");
    // Square takes a recipient's phone only in E.164 form (developer.squareup.com/reference/square/objects/FulfillmentRecipient).
    for (const [index, fulfillment] of (order.fulfillments ?? []).entries()) {
      const kind = fulfillment.pickup_details ? "pickup_details" : fulfillment.delivery_details ? "delivery_details" : "shipment_details";
      const phone = fulfillment[kind]?.recipient?.phone_number;
      if (phone !== undefined && !/^\+[1-9]\d{7,14}$/.test(String(phone))) {
        return invalid("INVALID_PHONE_NUMBER", "Invalid phone number", `order.fulfillments[${index}].${kind}.recipient.phone_number`);
      }
    }
    return null;
  };

  /**
   * An order priced as Square prices it (./squareTax.ts for its tax): the amounts CreateOrder stores and
   * CalculateOrder previews, since both take the same body and Square computes them the same way
   * (developer.squareup.com/docs/orders-api/price-adjustments, "Preview order price adjustments").
   */
  const priceOrder = (order: any): FakeReply | { priced: any } => {
    const lineItems: any[] = [];
    for (const [index, line] of order.line_items.entries()) {
      const quantity = Number(line.quantity);
      if (typeof line.quantity !== "string" || !Number.isInteger(quantity) || quantity <= 0) {
        return invalid("INVALID_VALUE", "quantity must be a positive whole number as a string", `order.line_items[${index}].quantity`);
      }
      let name = line.name;
      let price = line.base_price_money?.amount;
      if (line.catalog_object_id) {
        const known = variationPrice(line.catalog_object_id);
        if (!known) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Catalog object not found", `order.line_items[${index}].catalog_object_id`);
        ({ name, amount: price } = known);
      } else if (line.base_price_money?.currency !== "USD") {
        return invalid("INVALID_VALUE", "base_price_money must be in USD", `order.line_items[${index}].base_price_money`);
      }
      if (!name || !isAmount(price)) return invalid("INVALID_VALUE", "an ad hoc line needs a name and an integer amount");
      // Modifiers are priced per unit of the line, like its base price: a catalogue one from the catalogue
      // (developer.squareup.com/reference/square/objects/OrderLineItemModifier).
      const modifiers: any[] = [];
      for (const [m, modifier] of (line.modifiers ?? []).entries()) {
        const field = `order.line_items[${index}].modifiers[${m}]`;
        const each = Number(modifier.quantity ?? "1");
        if ((modifier.quantity !== undefined && typeof modifier.quantity !== "string") || !Number.isInteger(each) || each <= 0) {
          return invalid("INVALID_VALUE", "a modifier's quantity must be a positive whole number as a string", `${field}.quantity`);
        }
        let modifierName = modifier.name;
        let amount = modifier.base_price_money?.amount;
        if (modifier.catalog_object_id) {
          const known = modifierPrice(modifier.catalog_object_id);
          if (!known) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Catalog object not found", `${field}.catalog_object_id`);
          ({ name: modifierName, amount } = known);
        } else if (modifier.base_price_money?.currency !== "USD") {
          return invalid("INVALID_VALUE", "base_price_money must be in USD", `${field}.base_price_money`);
        }
        if (!modifierName || !isAmount(amount)) return invalid("INVALID_VALUE", "an ad hoc modifier needs a name and an integer amount", field);
        modifiers.push({
          uid: `line-${index}-modifier-${m}`,
          name: modifierName,
          quantity: String(each),
          ...(modifier.catalog_object_id ? { catalog_object_id: modifier.catalog_object_id } : {}),
          base_price_money: { amount, currency: "USD" },
          total_price_money: { amount: amount * each * quantity, currency: "USD" },
        });
      }
      const unit = price + modifiers.reduce((sum, modifier) => sum + modifier.base_price_money.amount * Number(modifier.quantity), 0);
      lineItems.push({
        uid: `line-${index}`,
        name,
        quantity: line.quantity,
        ...(line.catalog_object_id ? { catalog_object_id: line.catalog_object_id } : {}),
        ...(modifiers.length > 0 ? { modifiers } : {}),
        ...(line.note ? { note: line.note } : {}),
        base_price_money: { amount: price, currency: "USD" },
        gross_sales_money: { amount: unit * quantity, currency: "USD" },
      });
    }
    const subtotal = lineItems.reduce((sum, line) => sum + line.gross_sales_money.amount, 0);
    // Discounts come off before tax (./squareDiscounts.ts): each line is taxed on what it comes to after them.
    const discounted = priceDiscounts(order, lineItems.map((line) => line.gross_sales_money.amount), readings);
    if ("field" in discounted) return invalid("INVALID_VALUE", discounted.message, discounted.field);
    lineItems.forEach((line, index) => Object.assign(line, discounted.lineFields[index]));
    const taxes = (order.taxes ?? []).map((tax: any, index: number) => {
      if (tax.scope !== "ORDER" || tax.type !== "ADDITIVE") throw new Error("the fake prices only ORDER-scope ADDITIVE taxes");
      const uid = tax.uid ?? `tax-${index}`;
      const { amount: total, perLine } = orderScopeTax(
        discounted.net,
        String(tax.percentage),
        options.taxTie,
      );
      perLine.forEach((amount, line) => {
        const item = lineItems[line];
        item.applied_taxes = [...(item.applied_taxes ?? []), { uid: `${item.uid}-${uid}`, tax_uid: uid, applied_money: { amount, currency: "USD" } }];
        item.total_tax_money = { amount: (item.total_tax_money?.amount ?? 0) + amount, currency: "USD" };
      });
      return { ...tax, uid, applied_money: { amount: total, currency: "USD" } };
    });
    for (const item of lineItems) {
      item.total_money = { amount: item.gross_sales_money.amount - (item.total_discount_money?.amount ?? 0) + (item.total_tax_money?.amount ?? 0), currency: "USD" };
    }
    const serviceCharges = (order.service_charges ?? []).map((charge: any) => ({
      ...charge,
      applied_money: charge.amount_money,
      total_money: charge.amount_money,
    }));
    if (serviceCharges.some((charge: any) => !isAmount(charge.amount_money?.amount))) return invalid("INVALID_VALUE", "service charge amount");
    // The order's tax is what its lines carry.
    const tax = lineItems.reduce((sum, line) => sum + (line.total_tax_money?.amount ?? 0), 0);
    const service = serviceCharges.reduce((sum: number, c: any) => sum + c.amount_money.amount, 0);
    return {
      priced: {
        line_items: lineItems,
        taxes,
        service_charges: serviceCharges,
        ...(discounted.discounts.length > 0 ? { discounts: discounted.discounts, total_discount_money: { amount: discounted.total, currency: "USD" } } : {}),
        total_money: { amount: subtotal - discounted.total + tax + service, currency: "USD" },
        total_tax_money: { amount: tax, currency: "USD" },
        total_service_charge_money: { amount: service, currency: "USD" },
      },
    };
  };

  /** Square gives each fulfillment a uid and starts it PROPOSED. */
  const withFulfillmentStates = (fulfillments: any[] | undefined) =>
    (fulfillments ?? []).map((fulfillment: any, index: number) => ({
      ...fulfillment,
      uid: fulfillment.uid ?? `FUL${randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}${index}`,
      state: fulfillment.state ?? "PROPOSED",
    }));

  // CreateOrder (developer.squareup.com/reference/square/orders-api/create-order).
  routes.set("POST /v2/orders", ({ body }) => {
    if (!body?.idempotency_key) return invalid("MISSING_REQUIRED_PARAMETER", "idempotency_key is required", "idempotency_key");
    const refused = orderRefusal(body.order);
    if (refused) return refused;
    return idempotent("orders", body, () => {
      const order = body.order;
      const pricing = priceOrder(order);
      if (!("priced" in pricing)) return pricing;
      const { line_items, taxes, discounts, service_charges, total_money, total_tax_money, total_discount_money, total_service_charge_money } = pricing.priced;
      const created = {
        id: `ORD${randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`,
        location_id: locationId,
        reference_id: order.reference_id,
        line_items,
        taxes,
        ...(discounts ? { discounts, total_discount_money } : {}),
        service_charges,
        fulfillments: withFulfillmentStates(order.fulfillments),
        state: "OPEN",
        version: 1,
        total_money,
        total_tax_money,
        total_service_charge_money,
        created_at: new Date().toISOString(),
      };
      orders.set(created.id, created);
      return { status: 200, body: { order: created } };
    });
  });

  // CalculateOrder (developer.squareup.com/reference/square/orders-api/calculate-order): CreateOrder's
  // body, priced the same way, nothing created (no id, nothing stored, no notification).
  routes.set("POST /v2/orders/calculate", ({ body }) => {
    const refused = orderRefusal(body?.order);
    if (refused) return refused;
    const pricing = priceOrder(body.order);
    if (!("priced" in pricing)) return pricing;
    const { reference_id, fulfillments } = body.order;
    return {
      status: 200,
      body: { order: { location_id: locationId, reference_id, ...pricing.priced, fulfillments: withFulfillmentStates(fulfillments), state: "OPEN", version: 1 } },
    };
  });

  routes.set("POST /v2/payments", ({ body }) => {
    if (!body?.idempotency_key || String(body.idempotency_key).length > 45) {
      return invalid("INVALID_VALUE", "idempotency_key must be 1 to 45 characters", "idempotency_key");
    }
    if (!body.source_id) return invalid("MISSING_REQUIRED_PARAMETER", "source_id is required", "source_id");
    if (!isAmount(body.amount_money?.amount) || body.amount_money.currency !== "USD") {
      return invalid("INVALID_VALUE", "amount_money must be an integer amount in USD", "amount_money");
    }
    if (body.location_id !== locationId) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Location not found", "location_id");
    if (body.customer_id !== undefined && !customers.knows(body.customer_id)) return invalid("CUSTOMER_NOT_FOUND", "Customer not found", "customer_id");
    if (body.verification_token !== undefined && !VERIFICATION_TOKEN_PATTERN.test(String(body.verification_token))) {
      return invalid("INVALID_VALUE", "Invalid verification token.", "verification_token");
    }
    return idempotent("payments", body, () => {
      const onFile = cardsOnFile.paymentRefusal(body);
      if (onFile) return onFile;
      const order = body.order_id ? orders.get(body.order_id) : undefined;
      if (body.order_id && !order) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Order not found", "order_id");
      // Payments API error codes (developer.squareup.com/reference/square/enums/ErrorCode): PAYMENT_AMOUNT_MISMATCH,
      // "the payment was declined because there was a payment amount mismatch": the amount is not the order's total.
      if (order && order.total_money.amount !== body.amount_money.amount) {
        return invalid("PAYMENT_AMOUNT_MISMATCH", "The amount must equal the order's total_money", "amount_money");
      }
      // A tip is paid on top of the order's total (tax is never charged on it).
      if (body.tip_money !== undefined && (!isAmount(body.tip_money.amount) || body.tip_money.currency !== "USD")) {
        return invalid("INVALID_VALUE", "tip_money must be an integer amount in USD", "tip_money");
      }
      const tip = body.tip_money?.amount ?? 0;
      const payment = {
        id: `PAY${randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`,
        status: "COMPLETED",
        amount_money: body.amount_money,
        ...(body.tip_money ? { tip_money: body.tip_money } : {}),
        total_money: { amount: body.amount_money.amount + tip, currency: "USD" },
        location_id: locationId,
        order_id: body.order_id,
        reference_id: body.reference_id,
        buyer_email_address: body.buyer_email_address,
        ...(paymentSourceOf(body.source_id, locationId, false) ?? { source_type: "CARD", card_details: { status: "CAPTURED", card: { card_brand: "VISA", last_4: "1111" } } }),
        receipt_url: "https://squareupsandbox.com/receipt/preview/fake",
        created_at: new Date().toISOString(),
      };
      const failure =
        body.source_id === VERIFICATION_REQUIRED_TOKEN && !body.verification_token
          ? { status: 402, category: "PAYMENT_METHOD_ERROR", code: "CARD_DECLINED_VERIFICATION_REQUIRED", detail: "Authorization error: 'CARD_DECLINED_VERIFICATION_REQUIRED'" }
          : NONCE_ERRORS[body.source_id];
      if (failure) {
        const failed = { ...payment, status: "FAILED", card_details: { status: "FAILED" } };
        return { status: failure.status, body: { errors: [{ category: failure.category, code: failure.code, detail: failure.detail }], payment: failed } };
      }
      if (!paymentSourceOf(body.source_id, locationId, false)) return errorReply(400, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Card nonce not found", "source_id");
      payments.set(payment.id, payment);
      if (order) {
        // A paid order waiting for its fulfillment stays open on the POS until the kitchen finishes it.
        order.state = order.fulfillments.length > 0 ? "OPEN" : "COMPLETED";
        order.version += 1;
        // Square records the payment on its order as a tender.
        order.tenders = [{ id: `TND${payment.id.slice(3)}`, type: "CARD", amount_money: body.amount_money, payment_id: payment.id }];
      }
      notify("payment.created", "payment", payment.id, { payment });
      return { status: 200, body: { payment } };
    });
  });

  routes.set("GET /v2/orders/:id", ({ params }) => {
    const order = orders.get(params.id ?? "");
    return order ? { status: 200, body: { order } } : errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Order not found");
  });

  // UpdateOrder: a sparse update naming the version it changes (here: fulfillment states and curbside
  // details) (developer.squareup.com/docs/orders-api/manage-orders/update-orders); a stale version is
  // refused with VERSION_MISMATCH (developer.squareup.com/reference/square/orders-api/update-order).
  routes.set("PUT /v2/orders/:id", ({ params, body }) => {
    const order = orders.get(params.id ?? "");
    if (!order) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Order not found");
    const apply = (): FakeReply => {
      const sparse = body?.order ?? {};
      if (sparse.version === undefined) return invalid("MISSING_REQUIRED_PARAMETER", "order.version is required", "order.version");
      if (sparse.version !== order.version) {
        return invalid("VERSION_MISMATCH", `Order version ${sparse.version} is not the current version ${order.version}`, "order.version");
      }
      if (sparse.location_id !== undefined && sparse.location_id !== locationId) return invalid("INVALID_VALUE", "location_id cannot change", "order.location_id");
      // "Update Orders" (developer.squareup.com/docs/orders-api/manage-orders/update-orders): only an OPEN or
      // DRAFT order can be updated; a COMPLETED or CANCELED one is final.
      if (order.state === "COMPLETED" || order.state === "CANCELED") return invalid("BAD_REQUEST", `A ${order.state} order cannot be updated`, "order.state");
      const curbside = arriveAtCurb(order, sparse.fulfillments ?? []);
      if (curbside) return curbside;
      const refused = moveFulfillments(order, (sparse.fulfillments ?? []).filter((f: any) => f.state !== undefined).map((f: any) => ({ uid: f.uid, state: f.state })));
      return refused ?? { status: 200, body: { order } };
    };
    return body?.idempotency_key ? idempotent("orders-update", body, apply) : apply();
  });

  routes.set("POST /v2/refunds", ({ body }) => {
    if (!body?.idempotency_key || String(body.idempotency_key).length > 45) {
      return invalid("INVALID_VALUE", "idempotency_key must be 1 to 45 characters", "idempotency_key");
    }
    if (!isAmount(body.amount_money?.amount) || body.amount_money.amount === 0 || body.amount_money.currency !== "USD") {
      return invalid("INVALID_VALUE", "amount_money must be a positive integer amount in USD", "amount_money");
    }
    if (body.reason !== undefined && String(body.reason).length > 192) return invalid("INVALID_VALUE", "reason is too long", "reason");
    return idempotent("refunds", body, () => {
      const payment = payments.get(body.payment_id ?? "");
      if (!payment) return errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Payment not found", "payment_id");
      if (payment.status !== "COMPLETED") return errorReply(400, "REFUND_ERROR", "PAYMENT_NOT_REFUNDABLE", "Only a completed payment can be refunded");
      // At most what was paid minus the refunds already pending or made.
      const paid = payment.amount_money.amount + (payment.tip_money?.amount ?? 0);
      if (body.amount_money.amount > paid - refundedOf(payment.id)) {
        return errorReply(400, "REFUND_ERROR", "REFUND_AMOUNT_INVALID", "The requested refund amount exceeds the amount available to refund.");
      }
      const now = new Date().toISOString();
      const refund = {
        id: `${payment.id}_RF${randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`,
        status: "PENDING",
        amount_money: body.amount_money,
        payment_id: payment.id,
        order_id: payment.order_id,
        location_id: locationId,
        reason: body.reason,
        created_at: now,
        updated_at: now,
      };
      refunds.set(refund.id, refund);
      payment.refund_ids = [...(payment.refund_ids ?? []), refund.id];
      payment.refunded_money = { amount: refundedOf(payment.id), currency: "USD" };
      notify("refund.created", "refund", refund.id, { refund });
      paymentChanged(payment);
      return { status: 200, body: { refund } };
    });
  });

  routes.set("GET /v2/refunds/:id", ({ params }) => {
    const refund = refunds.get(params.id ?? "");
    return refund ? { status: 200, body: { refund } } : errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Refund not found");
  });

  routes.set("GET /v2/payments/:id", ({ params }) => {
    const payment = payments.get(params.id ?? "");
    return payment ? { status: 200, body: { payment } } : errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Payment not found");
  });

  // ListPayments (developer.squareup.com/reference/square/payments-api/list-payments): payments made between
  // begin_time (default a year ago) and end_time (default now) at location_id, newest first unless
  // sort_order=ASC, at most `limit` (up to 100) a page, a cursor when more remain.
  routes.set("GET /v2/payments", ({ query }) => {
    const begin = query.begin_time ? Date.parse(query.begin_time) : Date.now() - 365 * 24 * 3_600_000;
    const end = query.end_time ? Date.parse(query.end_time) : Date.now();
    if (Number.isNaN(begin) || Number.isNaN(end)) return invalid("INVALID_TIME", "begin_time and end_time must be RFC 3339 timestamps");
    const limit = query.limit === undefined ? 100 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid("INVALID_VALUE", "limit must be between 1 and 100", "limit");
    const matching = [...payments.values()]
      .filter((p) => (!query.location_id || p.location_id === query.location_id) && Date.parse(p.created_at) >= begin && Date.parse(p.created_at) < end)
      .sort((a, b) => (Date.parse(a.created_at) - Date.parse(b.created_at)) * (query.sort_order === "ASC" ? 1 : -1));
    const start = Number(query.cursor ?? 0) || 0;
    const next = start + limit < matching.length ? String(start + limit) : undefined;
    return { status: 200, body: { payments: matching.slice(start, start + limit), ...(next ? { cursor: next } : {}) } };
  });

  // developer.squareup.com/docs/web-payments/apple-pay: Square registers the domain with Apple, which
  // reads the association file there; the fake takes a
  // well-formed hostname as verified, and refuses what Square refuses (a scheme, a port, localhost).
  routes.set("POST /v2/apple-pay/domains", ({ body }) => {
    const name = String(body?.domain_name ?? "");
    if (!name) return invalid("MISSING_REQUIRED_PARAMETER", "domain_name is required", "domain_name");
    if (!/^([a-z0-9-]+\.)+[a-z]{2,}$/i.test(name)) return invalid("INVALID_VALUE", "domain_name must be a fully qualified domain name", "domain_name");
    applePayDomains.set(name, "VERIFIED");
    return { status: 200, body: { status: "VERIFIED" } };
  });

  routes.set("GET /v2/locations", () => ({
    status: 200,
    // Square lists what a location can do: CREDIT_CARD_PROCESSING once the seller's account may take cards
    // (developer.squareup.com/reference/square/locations-api/list-locations).
    body: { locations: [{ id: locationId, name: "Jealous Fork", status: "ACTIVE", currency: "USD", country: "US", capabilities: ["CREDIT_CARD_PROCESSING", "AUTOMATIC_TRANSFERS"] }] },
  }));

  // ListCatalog pages with a cursor (developer.squareup.com/docs/build-basics/common-api-patterns/pagination).
  routes.set("GET /v2/catalog/list", ({ query }) => {
    const types = query.types ? query.types.split(",").map((t) => t.trim().toUpperCase()) : undefined;
    const matching = catalog.filter((object) => !types || types.includes(object.type));
    const start = Number(query.cursor ?? 0) || 0;
    const page = matching.slice(start, start + pageSize);
    const next = start + pageSize < matching.length ? String(start + pageSize) : undefined;
    return { status: 200, body: { objects: page, ...(next ? { cursor: next } : {}) } };
  });

  // Orders of $0 PayOrder marked paid (the POS shows them as paid, with no tender).
  const settledAtZero = new WeakSet<object>();
  const giftCards = installGiftCards({ routes, orders, payments, locationId, notify, idempotent, readings, settledAtZero });
  const customers = installCustomers({ routes, notify, idempotent });
  const loyalty = installLoyalty({ routes, orders, locationId, notify, idempotent, priceOrder, readings });
  const cardsOnFile = installCardsOnFile({
    routes,
    idempotent,
    locationId,
    customerExists: (id) => customers.profiles.has(id),
    verificationRequiredToken: VERIFICATION_REQUIRED_TOKEN,
    verificationTokenPattern: VERIFICATION_TOKEN_PATTERN,
  });
  const invoices = installInvoices({ routes, orders, payments, locationId, customerExists: (id) => customers.profiles.has(id), notify, idempotent });

  const reply = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { "content-type": "application/json" }).end(text);
  };

  /** The fake's own handlers of endpoints tests replaced, for restoreRoute. */
  const own = new Map<string, RouteHandler>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return reply(res, 400, JSON.stringify(invalid("INVALID_REQUEST_ERROR", "body is not JSON").body));
    }
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body,
      params: {},
    };
    requests.push(recorded);
    if (checkSchema) schemaViolations.push(...requestProblems(recorded.method, recorded.path, recorded.query, body));
    let endpoint = `${recorded.method} ${recorded.path}`;
    if (!routes.has(endpoint)) {
      const slash = recorded.path.lastIndexOf("/");
      const withId = `${recorded.method} ${recorded.path.slice(0, slash)}/:id`;
      if (routes.has(withId)) {
        endpoint = withId;
        recorded.params = { id: decodeURIComponent(recorded.path.slice(slash + 1)) };
      }
    }
    // An id before the last segment ("POST /v2/loyalty/accounts/:id/accumulate").
    const inner = recorded.path.match(/^(.*)\/([^/]+)\/([^/]+)$/);
    if (!routes.has(endpoint) && inner && routes.has(`${recorded.method} ${inner[1]}/:id/${inner[3]}`)) {
      endpoint = `${recorded.method} ${inner[1]}/:id/${inner[3]}`;
      recorded.params = { id: decodeURIComponent(inner[2]!) };
    }

    const pending = faults.get(endpoint);
    const fault = pending?.fault;
    if (pending && --pending.times <= 0) faults.delete(endpoint);

    if (recorded.authorization !== `Bearer ${accessToken}`) {
      return reply(res, 401, JSON.stringify(errorReply(401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "This request could not be authorized.").body));
    }
    const handler = routes.get(endpoint);
    if (fault && "status" in fault) {
      const failure = fault.body ?? errorReply(fault.status, "API_ERROR", "INTERNAL_SERVER_ERROR", "An internal error has occurred.").body;
      return reply(res, fault.status, JSON.stringify(failure));
    }
    const doWork = !fault || ("delayMs" in fault ? fault.process !== false : fault.process === true);
    let answer: FakeReply = errorReply(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", `No fake for ${endpoint}`);
    if (handler && doWork) {
      try {
        answer = await handler(recorded);
      } catch (error) {
        answer = errorReply(500, "API_ERROR", "INTERNAL_SERVER_ERROR", `fake Square: ${(error as Error).message}`);
      }
    }
    if (fault && "delayMs" in fault) {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      if (res.destroyed) return; // the client gave up waiting
    }
    if (fault && "malformed" in fault) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"payment": {"id": "PAY');
      return;
    }
    if (checkSchema && !fault) schemaViolations.push(...answerProblems(recorded.method, recorded.path, JSON.parse(JSON.stringify(answer.body))));
    reply(res, answer.status, JSON.stringify(answer.body));
  });
  /**
   * Square documents that an order made through the API with a DELIVERY fulfillment is not shown to the seller,
   * and that only paid orders with a fulfillment reach the POS (developer.squareup.com/docs/orders-api/fulfillments,
   * "Limited delivery fulfillment support").
   */
  const posOrders = () =>
    [...orders.values()].filter(
      (order) => ((order.tenders ?? []).length > 0 || settledAtZero.has(order)) && order.fulfillments.some((f: any) => f.type === "PICKUP" || f.type === "SHIPMENT"),
    );

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const unwatch = checkSchema ? watchSchemaViolations({ schemaViolations }) : () => {};

  return {
    url: `http://127.0.0.1:${port}`,
    accessToken,
    locationId,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    orders,
    applePayDomains,
    charges: () => [...payments.values()],
    fault(endpoint, fault, times = 1) {
      faults.set(endpoint, { fault, times });
    },
    clearFaults: () => faults.clear(),
    route(endpoint, handler) {
      if (!own.has(endpoint) && routes.has(endpoint)) own.set(endpoint, routes.get(endpoint)!);
      routes.set(endpoint, handler);
    },
    restoreRoute(endpoint) {
      const handler = own.get(endpoint);
      if (handler) routes.set(endpoint, handler);
      else routes.delete(endpoint);
    },
    reset() {
      requests.length = 0;
      orders.clear();
      payments.clear();
      refunds.clear();
      applePayDomains.clear();
      remembered.clear();
      faults.clear();
      outbox.length = 0;
      giftCards.reset();
      customers.reset();
      loyalty.reset();
      Object.assign(readings, DEFAULT_READINGS);
      cardsOnFile.reset();
      invoices.reset();
    },
    posOrders,
    posSetFulfillmentState(orderId, state) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake Square: no order ${orderId}`);
      if (!posOrders().includes(order)) throw new Error(`fake Square: order ${orderId} is not on the Point of Sale`);
      const refused = moveFulfillments(order, [{ uid: order.fulfillments[0].uid, state }]);
      if (refused) throw new Error(`fake Square: ${JSON.stringify(refused.body)}`);
      return order;
    },
    refunds,
    settleRefund(refundId, status = "COMPLETED") {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake Square: no refund ${refundId}`);
      refund.status = status;
      refund.updated_at = new Date().toISOString();
      notify("refund.updated", "refund", refund.id, { refund });
      const payment = payments.get(refund.payment_id);
      if (payment) {
        payment.refunded_money = { amount: refundedOf(payment.id), currency: "USD" };
        paymentChanged(payment);
      }
      return refund;
    },
    subscribeWebhooks(next) {
      subscription = next;
    },
    notify,
    pendingNotifications: () => [...outbox],
    async deliverWebhooks() {
      const statuses: number[] = [];
      while (outbox.length > 0) statuses.push(await send(outbox.shift()!));
      return statuses;
    },
    redeliver: (notification) => send(notification),
    sign,
    giftCards,
    schemaViolations,
    customers,
    loyalty,
    readings,
    cardsOnFile,
    invoices,
    async stop() {
      unwatch();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
