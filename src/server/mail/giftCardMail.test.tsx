import { describe, expect, it } from "vitest";
import { giftCardDeliveryMail } from "./giftCardMail";

const context = {
  saleId: "GC-1",
  amountCents: 5000,
  buyerName: "Luis",
  recipientName: "Ana",
  recipientEmail: "ana@example.com",
  message: "",
  gan: "7783320006736073",
  last4: "6073",
  balanceUrl: "https://jealousfork.example/gift-cards#balance",
  menuUrl: "https://jealousfork.example/full-menu",
};

describe("the gift card e-mail", () => {
  it("leads with an 'Order with it' button to the menu, the balance check beside it", async () => {
    const mail = await giftCardDeliveryMail(context, "en");
    expect(mail.html).toMatch(/href="https:\/\/jealousfork\.example\/full-menu"[^>]*>[\s\S]*?Order with it/);
    expect(mail.html.indexOf("Order with it")).toBeLessThan(mail.html.indexOf("Check the balance"));
    expect(mail.text).toContain("Order with it");
  });

  it("says it in Spanish and sends a Spanish recipient to the Spanish menu", async () => {
    const mail = await giftCardDeliveryMail({ ...context, menuUrl: "https://jealousfork.example/es/full-menu" }, "es");
    expect(mail.html).toMatch(/href="https:\/\/jealousfork\.example\/es\/full-menu"[^>]*>[\s\S]*?Pedir con ella/);
  });
});
