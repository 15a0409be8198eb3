// The check of the fake Square against Square's published API description (tests/support/squareSchema.ts,
// the vendored cut of connect-api-specification's api.json) is live: a request with a field Square does not
// have, a mistyped one, an answer the fake invents and a notification in the wrong shape are each named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { answerProblems, notificationProblems, requestProblems, SQUARE_API_COMMIT } from "../support/squareSchema";

let square: FakeSquare;
beforeAll(async () => {
  square = await startFakeSquare();
});
afterAll(() => square.stop());

async function send(method: string, path: string, body?: unknown): Promise<number> {
  const res = await fetch(`${square.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${square.accessToken}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await res.body?.cancel();
  return res.status;
}

/** What the fake recorded since the last look (taken, so the test's own setup does not fail on them). */
const recorded = () => square.schemaViolations.splice(0);

const pickupOrder = (extra: Record<string, unknown> = {}) => ({
  location_id: square.locationId,
  line_items: [{ name: "Viking Telle Pancakes", quantity: "1", base_price_money: { amount: 1500, currency: "USD" } }],
  taxes: [{ uid: "sales-tax", name: "Sales tax", percentage: "7.5", scope: "ORDER", type: "ADDITIVE" }],
  ...extra,
});

describe("the fake Square, checked against Square's API description", () => {
  it("is vendored from a named commit of square/connect-api-specification", () => {
    expect(SQUARE_API_COMMIT).toMatch(/^[0-9a-f]{40}$/);
  });

  it("takes a well-formed CreateOrder and CalculateOrder, and its answers fit Square's Order", async () => {
    expect(await send("POST", "/v2/orders", { idempotency_key: "schema-ok", order: pickupOrder() })).toBe(200);
    expect(await send("POST", "/v2/orders/calculate", { order: pickupOrder() })).toBe(200);
    expect(recorded()).toEqual([]);
  });

  it("names a field Square's Order does not have, and a quantity sent as a number", async () => {
    await send("POST", "/v2/orders", {
      idempotency_key: "schema-bad",
      order: { ...pickupOrder({ tip: 300 }), line_items: [{ name: "Pancakes", quantity: 1, base_price_money: { amount: 1500, currency: "USD" } }] },
    });
    expect(recorded()).toEqual([
      "CreateOrder request.order.line_items[0].quantity: expected a string (string), got 1",
      'CreateOrder request.order.tip: Order has no field "tip"',
    ]);
  });

  it("names an enum value Square does not list, an over-long idempotency key and a missing required field", () => {
    const problems = requestProblems("POST", "/v2/payments", {}, { idempotency_key: "k".repeat(46), source_id: "cnon:card-nonce-ok", amount_money: { amount: 100, currency: "usd" } });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe("CreatePayment request.idempotency_key: 46 characters, string allows 45");
    expect(problems[1]).toMatch(/^CreatePayment request\.amount_money\.currency: "usd" is not a value of Currency \(/);
    expect(requestProblems("POST", "/v2/payments", {}, { idempotency_key: "k", amount_money: { amount: 100, currency: "USD" } })).toEqual([
      "CreatePayment request.source_id: required by CreatePaymentRequest, missing",
    ]);
  });

  it("names an endpoint Square does not have and a query parameter an endpoint does not take", async () => {
    await send("POST", "/v2/orders/price");
    await send("GET", "/v2/catalog/list?types=ITEM&limit=5");
    expect(recorded()).toEqual([
      "POST /v2/orders/price: not an endpoint of Square's API document (or not vendored in squareOpenApi/)",
      'GET /v2/catalog/list?limit: ListCatalog has no query parameter "limit"',
    ]);
  });

  it("names a field the fake invents in an answer, and a notification in the wrong shape", () => {
    expect(answerProblems("GET", "/v2/payments/PAY1", { payment: { id: "PAY1", status: "COMPLETED", paid_in_full: true } })).toEqual([
      'GetPayment answer.payment.paid_in_full: Payment has no field "paid_in_full"',
    ]);
    expect(notificationProblems("payment.created", { type: "payment.created", event_id: 7, data: { type: "payment", id: "PAY1", object: { payment: { id: "PAY1" } } } })).toEqual([
      "PaymentCreatedEvent.event_id: expected a string (string), got 7",
    ]);
  });
});
