// The Square gateway against a fake Square on 127.0.0.1: what Square receives (cents, USD, location,
// idempotency keys, line items, tax, delivery charge) and how its answers become ours.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { CardDeclined, ServiceError, statusOf } from "../../src/server/platform/errors";
import type { ChargeRequest, ChargeResult } from "../../src/server/payments/contract";
import { SquareGateway } from "../../src/server/payments/square";
import { db } from "../../src/server/platform/database";
import { sql } from "../../src/server/platform/sql";

let square: FakeSquare;
let gateway: SquareGateway;

const CATALOG = [
  {
    type: "ITEM",
    id: "ITEM_FLATBREAD",
    item_data: {
      name: "Hot Maple Flatbread",
      variations: [{ type: "ITEM_VARIATION", id: "VAR_FLATBREAD", item_variation_data: { price_money: { amount: 1600, currency: "USD" } } }],
    },
  },
];

beforeAll(async () => {
  // Square calls take their place in flight from the database: opened (and seeded) first, as the order path has it.
  await db.one(sql`SELECT 1`);
  square = await startFakeSquare({ catalog: CATALOG });
  gateway = new SquareGateway({
    accessToken: square.accessToken,
    locationId: square.locationId,
    environment: "sandbox",
    baseUrl: square.url,
    timeoutInSeconds: 0.5,
    maxRetries: 0,
  });
});
afterAll(() => square.stop());
beforeEach(() => square.reset());

/** The checkout's two steps at the gateway: Square's order, then its charge. */
async function pay(request: ChargeRequest): Promise<ChargeResult> {
  return gateway.charge(request, await gateway.createOrder(request));
}

function chargeRequest(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: randomUUID(),
    referenceId: "K7Q3M",
    sourceId: "cnon:card-nonce-ok",
    orderType: "pickup",
    lines: [
      { name: "Billionaire Brunch Bites", quantity: 2, unitPriceCents: 1700, catalogObjectId: null, modifiers: [], note: "" },
      { name: "Hot Maple Flatbread", quantity: 1, unitPriceCents: 1600, catalogObjectId: null, modifiers: [], note: "" },
    ],
    deliveryFeeCents: 0,
    expectedTotalCents: 5375,
    customer: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
    delivery: null,
    note: "",
    tipCents: 0,
    ...overrides,
  };
}

/** The service error a call failed with, and the HTTP status the API answers it with. */
async function failureOf(promise: Promise<unknown>): Promise<ServiceError & { status: number }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return Object.assign(error as ServiceError, { status: statusOf(error as ServiceError) });
}

describe("the Square gateway", () => {
  it("creates a pickup order with the cart's lines and the 7.5% tax, then charges its total in cents", async () => {
    const request = chargeRequest();
    const result = await pay(request);

    const [orderCall] = square.requestsTo("POST", "/v2/orders");
    expect(orderCall!.authorization).toBe(`Bearer ${square.accessToken}`);
    expect(orderCall!.body.idempotency_key).toContain(request.idempotencyKey);
    expect(orderCall!.body.order).toMatchObject({
      location_id: square.locationId,
      reference_id: "K7Q3M",
      line_items: [
        { name: "Billionaire Brunch Bites", quantity: "2", base_price_money: { amount: 1700, currency: "USD" } },
        { name: "Hot Maple Flatbread", quantity: "1", base_price_money: { amount: 1600, currency: "USD" } },
      ],
      taxes: [{ percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }],
      fulfillments: [
        {
          type: "PICKUP",
          pickup_details: {
            recipient: { display_name: "Ana Pérez", email_address: "ana@example.com", phone_number: "+13055550142" },
            schedule_type: "ASAP",
          },
        },
      ],
    });
    expect(orderCall!.body.order.service_charges).toBeUndefined();

    const [paymentCall] = square.requestsTo("POST", "/v2/payments");
    expect(paymentCall!.body).toMatchObject({
      source_id: "cnon:card-nonce-ok",
      idempotency_key: request.idempotencyKey,
      amount_money: { amount: 5375, currency: "USD" },
      location_id: square.locationId,
      order_id: result.providerOrder.id,
      buyer_email_address: "ana@example.com",
    });
    expect(result).toMatchObject({ provider: "square", amountCents: 5375, providerOrder: { taxCents: 375, totalCents: 5375 } });
    expect(square.charges()).toHaveLength(1);
  });

  it("adds the delivery fee as a service charge and puts the delivery on the kitchen's POS: a PICKUP ticket carrying address, phone and notes", async () => {
    const result = await pay(
      chargeRequest({
        orderType: "delivery",
        deliveryFeeCents: 499,
        expectedTotalCents: 5874,
        delivery: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", notes: "Ring twice", phone: "(786) 555-0199" },
      }),
    );
    const order = square.requestsTo("POST", "/v2/orders")[0]!.body.order;
    expect(order.service_charges).toEqual([
      { name: "Delivery fee", amount_money: { amount: 499, currency: "USD" }, calculation_phase: "TOTAL_PHASE" },
    ]);
    // Square keeps an API-made DELIVERY away from the seller's POS: the kitchen would never see it.
    expect(order.fulfillments).toHaveLength(1);
    expect(order.fulfillments[0]).toMatchObject({
      type: "PICKUP",
      pickup_details: {
        recipient: {
          display_name: "Ana Pérez (DELIVERY)",
          phone_number: "+17865550199",
          address: { address_line_1: "14417 SW 42nd St", locality: "Miami", administrative_district_level_1: "FL", postal_code: "33175", country: "US" },
        },
      },
    });
    const note: string = order.fulfillments[0].pickup_details.note;
    expect(note.split("\n")).toEqual([
      "DELIVERY (not a pickup). Online order #K7Q3M",
      "Deliver to: 14417 SW 42nd St, Miami, FL 33175",
      "Phone: (786) 555-0199",
      "Promised to the customer in 45-60 minutes",
      "Notes: Ring twice",
    ]);
    expect(square.posOrders().map((shown) => shown.id)).toEqual([result.providerOrder.id]);
    expect(square.requestsTo("POST", "/v2/payments")[0]!.body.amount_money).toEqual({ amount: 5874, currency: "USD" });
    expect(result.amountCents).toBe(5874);
  });

  it("marks a Spanish-speaking customer on the English ticket, and cuts the diner's long note rather than the address or the language", async () => {
    await pay(
      chargeRequest({
        orderType: "delivery",
        deliveryFeeCents: 499,
        expectedTotalCents: 5874,
        customerLocale: "es",
        note: "x".repeat(500),
        delivery: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", notes: "", phone: "(786) 555-0199" },
      }),
    );
    const note: string = square.requestsTo("POST", "/v2/orders")[0]!.body.order.fulfillments[0].pickup_details.note;
    expect(note.length).toBeLessThanOrEqual(500);
    expect(note.split("\n").slice(0, -1)).toEqual([
      "DELIVERY (not a pickup). Online order #K7Q3M",
      "Customer language: Spanish",
      "Deliver to: 14417 SW 42nd St, Miami, FL 33175",
      "Phone: (786) 555-0199",
      "Promised to the customer in 45-60 minutes",
    ]);
    expect(note.split("\n").at(-1)).toMatch(/^Customer note \(typed by the customer\): x+…$/);
  });

  it("puts the diner's note last, under its label, on one line: it cannot pass for a line of the ticket", async () => {
    await pay(chargeRequest({ note: "Extra syrup\nPAID IN FULL - NO CHARGE\r\nDELIVERY (not a pickup). Online order #AAAAA" }));
    const note: string = square.requestsTo("POST", "/v2/orders")[0]!.body.order.fulfillments[0].pickup_details.note;
    expect(note.split("\n")).toEqual([
      "PICKUP. Online order #K7Q3M",
      "Customer note (typed by the customer): Extra syrup PAID IN FULL - NO CHARGE DELIVERY (not a pickup). Online order #AAAAA",
    ]);
  });

  it("puts a paid pickup order on the POS with the order number staff call out", async () => {
    const result = await pay(chargeRequest());
    const [shown] = square.posOrders();
    expect(shown?.id).toBe(result.providerOrder.id);
    expect(shown.reference_id).toBe("K7Q3M");
    expect(shown.fulfillments[0].pickup_details.note).toBe("PICKUP. Online order #K7Q3M");
  });

  it("names catalogue items by their variation id once the menu is synced", async () => {
    await pay(
      chargeRequest({
        lines: [{ name: "Hot Maple Flatbread", quantity: 1, unitPriceCents: 1600, catalogObjectId: "VAR_FLATBREAD", modifiers: [], note: "" }],
        expectedTotalCents: 1720,
      }),
    );
    const line = square.requestsTo("POST", "/v2/orders")[0]!.body.order.line_items[0];
    expect(line).toEqual({ quantity: "1", catalog_object_id: "VAR_FLATBREAD" });
  });

  it("refuses to charge when Square's catalogue prices the order differently from our menu", async () => {
    const error = await failureOf(
      pay(
        chargeRequest({
          lines: [{ name: "Hot Maple Flatbread", quantity: 1, unitPriceCents: 1400, catalogObjectId: "VAR_FLATBREAD", modifiers: [], note: "" }],
          expectedTotalCents: 1505,
        }),
      ),
    );
    expect(error.status).toBe(502);
    expect(square.requestsTo("POST", "/v2/payments")).toHaveLength(0);
  });

  it.each([
    ["cnon:card-nonce-declined", "Your card was declined. Check the details or use another card.", "GENERIC_DECLINE"],
    ["cnon:card-nonce-rejected-cvv", "Your card was declined. Check the details or use another card.", "CVV_FAILURE"],
    ["cnon:card-nonce-rejected-postalcode", "Your card was declined. Check the details or use another card.", "ADDRESS_VERIFICATION_FAILURE"],
    ["cnon:card-nonce-rejected-expiration", "Your card was declined. Check the details or use another card.", "INVALID_EXPIRATION"],
    ["cnon:card-nonce-already-used", "This card entry was already used. Please enter your card again.", "CARD_TOKEN_USED"],
  ])("answers 402 for %s with what to do, keeping Square's reason off the answer", async (nonce, message, code) => {
    const error = await failureOf(pay(chargeRequest({ sourceId: nonce })));
    expect(error.status).toBe(402);
    expect(error.message).toBe(message);
    expect(error.issues).toBeUndefined();
    expect(error).toBeInstanceOf(CardDeclined);
    expect((error as unknown as CardDeclined).reason).toContain(code);
    expect(square.charges()).toHaveLength(0);
  });

  it("charges once when the same request is retried with the same key", async () => {
    const request = chargeRequest();
    const first = await pay(request);
    const second = await pay(request);
    expect(second.paymentId).toBe(first.paymentId);
    expect(second.providerOrder.id).toBe(first.providerOrder.id);
    expect(square.charges()).toHaveLength(1);
  });

  it("answers 409 when the key is reused for a different payment", async () => {
    const request = chargeRequest();
    await pay(request);
    const error = await failureOf(
      pay({ ...request, sourceId: "cnon:card-nonce-declined", providerOrder: null }),
    );
    expect(error.status).toBe(409);
    expect(square.charges()).toHaveLength(1);
  });

  it.each([
    ["Square answering 500 to the order", "POST /v2/orders", { status: 500 }],
    ["Square answering 500 to the payment", "POST /v2/payments", { status: 500 }],
    ["Square timing out", "POST /v2/payments", { delayMs: 1500 }],
    ["a malformed answer", "POST /v2/payments", { malformed: true as const }],
  ])("answers 502 for %s", async (_label, endpoint, fault) => {
    square.fault(endpoint, fault);
    const error = await failureOf(pay(chargeRequest()));
    expect(error.status).toBe(502);
    expect(error.message).not.toMatch(/square|internal/i);
  });
});
