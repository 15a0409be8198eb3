import { describe, expect, it } from "vitest";
import type { Offer } from "../../domain/offer.schema";
import { bodyOf, draftOf, EMPTY_DRAFT, FIRST_ORDER_PRESET, givesText, rulesText } from "./offersDraft";

const firstOrder = { ...EMPTY_DRAFT, ...FIRST_ORDER_PRESET, code: " welcome5 " };

describe("the Offers tab's form", () => {
  it("sends '$5 off $25, first order' in cents, with blank limits as none", () => {
    expect(bodyOf(firstOrder)).toEqual({
      code: "welcome5",
      kind: "amount",
      percent: null,
      amountCents: 500,
      freeDishId: null,
      scope: "order",
      dishIds: [],
      minSubtotalCents: 2500,
      startsAt: null,
      endsAt: null,
      totalCap: null,
      perDinerCap: 1,
      firstOrderOnly: true,
      singleUse: false,
      labelEn: "$5 off your first order of $25 or more",
      labelEs: "$5 de descuento en tu primer pedido de $25 o más",
      paused: false,
      combinesWithRewards: false,
    });
  });

  it("sends only the fields of the kind and scope chosen", () => {
    const percentOffDishes = bodyOf({ ...firstOrder, kind: "percent", percent: "15", scope: "dishes", dishIds: ["3", "7"] });
    expect(percentOffDishes).toMatchObject({ percent: 15, amountCents: null, scope: "dishes", dishIds: ["3", "7"] });
    const freeDish = bodyOf({ ...firstOrder, kind: "free_dish", freeDishId: "7", scope: "dishes", dishIds: ["3"] });
    expect(freeDish).toMatchObject({ freeDishId: "7", amountCents: null, scope: "order", dishIds: [] });
  });

  it("opens a saved offer as it was written, and describes it in a line", () => {
    const saved = { ...(bodyOf(firstOrder) as object), code: "WELCOME5", id: "o1", createdAt: "", updatedAt: "", stats: { uses: 0, reserved: 0, discountGiven: 0, firstTimeDiners: 0 } } as Offer;
    expect(draftOf(saved)).toMatchObject({ amount: "5", minSubtotal: "25", perDinerCap: "1", totalCap: "", startsAt: "" });
    expect(givesText(saved, () => "")).toBe("$5.00 off the order");
    expect(rulesText(saved)).toBe("subtotal $25.00 or more · first order only · 1 per diner");
  });
});
