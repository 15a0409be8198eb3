import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderSubmissionError, rememberVerification, submitOrder } from "./orderSubmission";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })));
}

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
    const error = await submitOrder({}, "key-0123456789abcdef").catch((e: unknown) => e);
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
    const error = (await submitOrder({}, "key-0123456789abcdef").catch((e: unknown) => e)) as OrderSubmissionError;
    expect(error.freshPrices).toBeUndefined();
  });
});

describe("an order paid with a verified wallet", () => {
  it("sends the buyer's verification with the payment token it was made for, and never with another", async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal("sessionStorage", { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ orderId: "o".repeat(22), orderNumber: "K7Q3M" }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    rememberVerification("wnon:google-pay-1", "verf:bank-said-yes");
    await submitOrder({ paymentToken: "wnon:google-pay-1", orderType: "pickup" }, "key-0123456789abcdef");
    await submitOrder({ paymentToken: "cnon:card-nonce-ok", orderType: "pickup" }, "key-0123456789abcdeg");
    const bodies = fetch.mock.calls.map((call) => JSON.parse(((call as unknown[])[1] as RequestInit).body as string));
    expect(bodies[0]).toEqual({ paymentToken: "wnon:google-pay-1", orderType: "pickup", verificationToken: "verf:bank-said-yes" });
    expect(bodies[1]).not.toHaveProperty("verificationToken");
  });
});
