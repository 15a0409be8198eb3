import { describe, expect, it } from "vitest";
import { billingContactOf, cashAppRedirectUrl, isCashAppReturn, verificationDetails, walletPaymentRequest } from "./walletPayments";

describe("the wallets' payment request", () => {
  it("asks for the server-priced total in US dollars with the order's label", () => {
    expect(walletPaymentRequest(5375)).toEqual({ countryCode: "US", currencyCode: "USD", total: { amount: "53.75", label: "Jealous Fork order" } });
    expect(walletPaymentRequest(1205, "Pedido").total).toEqual({ amount: "12.05", label: "Pedido" });
  });

  it("refuses a total no wallet can pay (nothing, less than nothing, a fraction of a cent)", () => {
    for (const cents of [0, -100, 12.5, Number.NaN]) expect(() => walletPaymentRequest(cents)).toThrow(RangeError);
  });
});

describe("buyer verification details", () => {
  it("charges the total in USD and names the buyer as Square wants: given name, then the rest as family name", () => {
    expect(verificationDetails(5375, { name: "  Ana María  Pérez ", email: " ana@example.com ", phone: "(305) 555-0142" })).toEqual({
      amount: "53.75",
      currencyCode: "USD",
      intent: "CHARGE",
      billingContact: { givenName: "Ana", familyName: "María Pérez", email: "ana@example.com", phone: "(305) 555-0142", countryCode: "US" },
    });
    expect(billingContactOf({ name: "Cher", email: "c@example.com", phone: "3055550142" })).toMatchObject({ givenName: "Cher", familyName: "" });
  });
});

describe("Cash App Pay's way back", () => {
  it("sends the phone back to this checkout, marked, without an earlier return's request id or fragment", () => {
    expect(cashAppRedirectUrl("https://jealousfork.com/checkout")).toBe("https://jealousfork.com/checkout?wallet=cash-app-pay");
    expect(cashAppRedirectUrl("https://jealousfork.com/checkout?wallet=cash-app-pay&cash_app_req_id=GRR_1#pay")).toBe(
      "https://jealousfork.com/checkout?wallet=cash-app-pay",
    );
  });

  it("knows the return by its mark or by the request id Cash App adds", () => {
    expect(isCashAppReturn("https://jealousfork.com/checkout?wallet=cash-app-pay&cash_app_req_id=GRR_1")).toBe(true);
    expect(isCashAppReturn("https://jealousfork.com/checkout?cash_app_req_id=GRR_1")).toBe(true);
    expect(isCashAppReturn("https://jealousfork.com/checkout")).toBe(false);
    expect(isCashAppReturn("https://jealousfork.com/checkout?wallet=apple-pay")).toBe(false);
  });
});
