// The receipt in the diner's language: how it was paid, the options as the Spanish menu named them,
// Spanish times, and a headline that follows the order once it is ready.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import OrderConfirmation from "../OrderConfirmation";
import type { OrderView } from "../../domain/orderReadModel";
import { sampleOrderView } from "../../../tests/support/orderView";
import { tenderText } from "../../domain/tenders";

const CONTACT = { phone: "(305) 699-1430", phoneE164: "+13056991430", address: "14417 SW 42nd St, Miami, FL 33175" };
const order = sampleOrderView;
const page = (view: OrderView, locale: "en" | "es" = "en") =>
  renderToString(<OrderConfirmation orderId={view.orderId} contact={CONTACT} initialOrder={view} locale={locale} />);

describe("how an order was paid", () => {
  it.each([
    [{ kind: "card", brand: "VISA", last4: "4242", amountCents: 1 }, "Visa •••• 4242", "Visa •••• 4242"],
    [{ kind: "card", brand: "SOMETHING_NEW", last4: "0005", amountCents: 1 }, "Card •••• 0005", "Tarjeta •••• 0005"],
    [{ kind: "apple_pay", amountCents: 1 }, "Apple Pay", "Apple Pay"],
    [{ kind: "google_pay", amountCents: 1 }, "Google Pay", "Google Pay"],
    [{ kind: "gift_card", last4: "6073", amountCents: 1, balanceCents: 1250 }, "Gift card •••• 6073 · $12.50 left", "Tarjeta de regalo •••• 6073 · quedan $12.50"],
    [{ kind: "gift_card", last4: "6073", amountCents: 1 }, "Gift card •••• 6073", "Tarjeta de regalo •••• 6073"],
  ] as const)("names %j as %j, and in Spanish %j", (tender, english, spanish) => {
    expect(tenderText(tender, "en")).toBe(english);
    expect(tenderText(tender, "es")).toBe(spanish);
  });

  it("shows the tenders on the order page in the diner's language", () => {
    expect(page(order())).toContain("Paid with</dt><dd>Gift card •••• 6073 · $0.00 left + Visa •••• 4242");
    expect(page(order(), "es")).toContain("Pagado con</dt><dd>Tarjeta de regalo •••• 6073 · quedan $0.00 + Visa •••• 4242");
  });

  it("says nothing of a tender it does not know (an order paid before tenders were kept)", () => {
    expect(page(order({ tenders: [] }))).not.toContain("Paid with");
  });

});

describe("the order page's headline", () => {
  it("says a pickup is ready once it is, in both languages", () => {
    expect(page(order({ status: "ready" }))).toMatch(/<h1[^>]*>Your order is ready for pickup!<\/h1>/);
    expect(page(order({ status: "ready" }), "es")).toMatch(/<h1[^>]*>¡Tu pedido está listo para recoger!<\/h1>/);
  });

  it("says a delivery is on its way once it is ready", () => {
    expect(page(order({ status: "ready", orderType: "delivery" }))).toMatch(/<h1[^>]*>Your order is on its way!<\/h1>/);
  });

  it("keeps the thank-you while the kitchen works on it", () => {
    expect(page(order({ status: "preparing" }))).toMatch(/<h1[^>]*>Thank you! Your order is confirmed.<\/h1>/);
  });
});

describe("Spanish times on the order page", () => {
  it("reads the promised time as 12:15 p. m.", () => {
    expect(page(order(), "es")).toContain("12:15 p. m.");
    expect(page(order(), "es")).not.toMatch(/12:15 p\.m\./);
  });
});
