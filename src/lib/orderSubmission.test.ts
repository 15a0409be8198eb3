import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderRequest } from "../domain/orderRequest.schema";
import { OrderSubmissionError, submitOrder } from "./orderSubmission";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, statusText: status === 503 ? "Service Unavailable" : "", headers: { "content-type": "application/json", ...headers } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const request = (payment: Partial<OrderRequest> = {}): OrderRequest =>
  ({
    items: [{ id: 1, quantity: 1 }],
    orderType: "pickup",
    customerInfo: { name: "Ana", email: "ana@example.com", phone: "3055550101" },
    paymentToken: "cnon:card-nonce-ok",
    ...payment,
  }) as OrderRequest;

describe("submitting an order whose prices changed since the cart was filled", () => {
  it("hands the checkout today's prices in cents, with the server's sentence", async () => {
    answer(409, {
      error: "Prices have changed since these dishes went into your cart: the total is now $55.90. Please check your order and pay again.",
      issues: [
        { path: "total", message: "55.90" },
        { path: "items.7.price", message: "18.00" },
        { path: "items.1.price", message: "16.00" },
      ],
    });
    const error = await submitOrder(request(), "key-0123456789abcdef").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderSubmissionError);
    expect((error as OrderSubmissionError).message).toMatch(/the total is now \$55.90/);
    expect([...(error as OrderSubmissionError).freshPrices!]).toEqual([
      [7, 1800],
      [1, 1600],
    ]);
    expect((error as OrderSubmissionError).retryable).toBe(false);
  });

  it("brings no prices for another conflict (a reused checkout key)", async () => {
    answer(409, { error: "This checkout attempt was already used for a different payment." });
    const error = (await submitOrder(request(), "key-0123456789abcdef").catch((e: unknown) => e)) as OrderSubmissionError;
    expect(error.freshPrices).toBeUndefined();
  });
});

describe("sending an order", () => {
  it("posts exactly the request it is given, with the attempt's key and the page's language", async () => {
    const fetch = answer(201, { orderId: "o".repeat(22), orderNumber: "K7Q3M" });
    const sent = request({ paymentToken: "wnon:google-pay-1", verificationToken: "verf:bank-said-yes", giftCardToken: "gftc:held" });
    expect(await submitOrder(sent, "key-0123456789abcdef", "es")).toEqual({ orderId: "o".repeat(22), orderNumber: "K7Q3M" });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/orders");
    expect(JSON.parse(init.body as string)).toEqual(sent);
    expect(init.headers).toMatchObject({ "idempotency-key": "key-0123456789abcdef", "x-site-locale": "es", "content-type": "application/json" });
  });

  it("hands the checkout the typed fields the server refused, with their sentences, to show at those fields", async () => {
    answer(400, { error: "Please check the highlighted fields.", issues: [{ path: "customerInfo.email", message: "Enter a valid e-mail address." }, { message: "no path" }] });
    const error = (await submitOrder(request(), "key-0123456789abcdef").catch((e: unknown) => e)) as OrderSubmissionError;
    expect(error.fieldIssues).toEqual([{ path: "customerInfo.email", message: "Enter a valid e-mail address." }]);
    expect(error.retryable).toBe(false);
  });

  it("says when every card must now pass its bank's check, as a refusal to start again from", async () => {
    answer(402, { error: "Your bank needs to confirm this card.", code: "verification_required" });
    const error = (await submitOrder(request(), "key-0123456789abcdef").catch((e: unknown) => e)) as OrderSubmissionError;
    expect(error.verificationRequired).toBe(true);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe("Your bank needs to confirm this card.");
  });

  it("keeps the attempt to resend when the server failed, was too busy, or never answered", async () => {
    answer(503, "", { "retry-after": "60" });
    const failed = (await submitOrder(request(), "key-0123456789abcdef").catch((e: unknown) => e)) as OrderSubmissionError;
    expect([failed.retryable, failed.message]).toEqual([true, "503: Service Unavailable"]);
    answer(429, { error: "Too many attempts." });
    expect(((await submitOrder(request(), "key-0123456789abcdef").catch((e: unknown) => e)) as OrderSubmissionError).retryable).toBe(true);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const offline = (await submitOrder(request(), "key-0123456789abcdef", "es").catch((e: unknown) => e)) as OrderSubmissionError;
    expect(offline.retryable).toBe(true);
    expect(offline.message).not.toMatch(/Failed to fetch/);
  });
});
