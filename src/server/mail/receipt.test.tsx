// The confirmation e-mail says how the order was paid, in the diner's language, as the order page does
// (src/islands/order/receipt.test.tsx).
import { describe, expect, it } from "vitest";
import { sampleOrderView } from "../../../tests/support/orderView";
import { orderMail } from "./messages";

const order = sampleOrderView;
describe("how an order was paid, in its e-mail", () => {
  it("puts the tenders in the confirmation e-mail, in Spanish for a Spanish diner", async () => {
    const mail = await orderMail("order_confirmed", { order: order({ locale: "es" }), orderUrl: "https://x.example/es/order-confirmation/AbC", receiptUrl: null }, "es");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Pagado con: Tarjeta de regalo •••• 6073 · quedan $0.00 + Visa •••• 4242");
      expect(part).toContain("Masa sin gluten");
    }
  });
});
