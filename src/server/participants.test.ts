import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// What reads the registries the composition list fills (the outbox's kinds of e-mail, Square's
// notification types, the order's stages and the participants' parts of its views): a function that
// calls one of these without having loaded src/server/participants.ts would meet no feature at all.
const REGISTRY_READERS = [
  "deliverMailSoon", "deliverDueMail", "placeOrder", "reconcileOrder", "reconcilePendingOrders", "receiveSquareNotification", "sellGiftCard",
  "setOrderStatus", "refundOrder", "sweepParticipants", "getOrderView", "staffViews", "staffSummaries", "orderFinished", "readConfirmationOrder",
];

const FUNCTIONS = join(import.meta.dirname, "../../netlify/functions");
const ORDER_PAGE = join(import.meta.dirname, "../pages/order-confirmation/[orderId].astro");

describe("the composition list", () => {
  it("is loaded by every function that sends mail, runs an order's stages or hears Square", () => {
    const missing = readdirSync(FUNCTIONS)
      .filter((name) => name.endsWith(".mts"))
      .filter((name) => {
        const source = readFileSync(join(FUNCTIONS, name), "utf8");
        const reads = REGISTRY_READERS.some((reader) => new RegExp(`\\b${reader}\\b`).test(source));
        return reads && !source.includes('import "../../src/server/participants";');
      });
    expect(missing).toEqual([]);
  });

  it("is loaded by the order page rendered on request, whose view shows the participants' parts", () => {
    const source = readFileSync(ORDER_PAGE, "utf8");
    expect(source).toMatch(/\breadConfirmationOrder\b/);
    expect(source).toContain('import "../../server/participants";');
  });
});
