import { describe, expect, it } from "vitest";
import type { OrderRequest } from "../../domain/orderRequest.schema";
import { fingerprintParts, takePart } from "./lifecycle";
import { squarePartsOf } from "./squareParts";
import type { StoredOrder } from "./records";

const order = { orderId: "o1" } as StoredOrder;
const TEN_OFF = { name: "TEN", type: "FIXED_PERCENTAGE", percentage: 10, scope: "ORDER" } as const;

// Two rooms that put their parts on Square's order, as the composition list would register them.
takePart([
  { name: "car", fingerprint: () => "curbside:red Civic", squareParts: () => ({ fulfillment: { ticket: "CURBSIDE", pickupDetails: { isCurbsidePickup: true } } }) },
  { name: "code", fingerprint: (request) => (request.promoCode ? `promo:${request.promoCode}` : undefined), squareParts: async () => ({ discount: TEN_OFF }) },
  { name: "silent", squareParts: () => undefined },
]);

describe("Square's order as the participants put it together", () => {
  it("joins the fulfillment's parts in the composition list's order and carries the one discount", async () => {
    expect(await squarePartsOf(order)).toEqual({ discount: TEN_OFF, fulfillment: { ticket: "CURBSIDE", pickupDetails: { isCurbsidePickup: true } } });
  });

  it("refuses a second discount rather than charging an order Square would price otherwise", async () => {
    takePart([{ name: "another code", squareParts: () => ({ discount: TEN_OFF }) }]);
    await expect(squarePartsOf(order)).rejects.toThrow(/two participants put a discount/);
  });
});

describe("an attempt's fingerprint", () => {
  it("takes each participant's part in the list's order, and none from one with nothing to add", () => {
    expect(fingerprintParts({ promoCode: "TEN" } as OrderRequest)).toEqual(["curbside:red Civic", "promo:TEN"]);
    expect(fingerprintParts({} as OrderRequest)).toEqual(["curbside:red Civic"]);
  });
});
