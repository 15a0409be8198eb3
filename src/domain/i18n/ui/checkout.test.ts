import { describe, expect, it } from "vitest";
import { checkoutWords } from "./checkout";
import { orderWords, STATUS_LABELS } from "./order";
import { totalsWords } from "./totals";
import { PAYMENT_MESSAGES, PAYMENT_WORDS, paymentMessages, TEST_OUTCOME_LABELS, TEST_OUTCOME_LABELS_ES } from "../../payment";
import { localPrice } from "../prices";
import { translator } from "../translate";

describe("the checkout's and the order page's dictionaries", () => {
  it("give every entry its Spanish, different from the English wherever the English is a sentence", () => {
    for (const dictionary of [checkoutWords, orderWords, totalsWords, PAYMENT_WORDS]) {
      for (const [key, entry] of Object.entries(dictionary)) {
        expect(typeof entry.es, key).toBe(typeof entry.en);
        if (typeof entry.en === "string" && entry.en.includes(" ")) expect(entry.es, key).not.toBe(entry.en);
      }
    }
    for (const labels of [STATUS_LABELS.es, TEST_OUTCOME_LABELS_ES]) {
      expect(Object.values(labels).filter((label) => Object.values({ ...STATUS_LABELS.en, ...TEST_OUTCOME_LABELS }).includes(label))).toEqual([]);
    }
  });

  it("word the pay button, the card form's trouble and a ZIP we do not serve in Spanish", () => {
    const t = translator(checkoutWords, "es");
    expect(t("pay", localPrice(1234, "es"))).toBe("Pagar $12.34");
    expect(t("form.callUs", t("form.load"), "(305) 699-1430")).toBe(
      "No se pudo cargar el sistema de pago. Recarga la página o llámanos al (305) 699-1430 para hacer tu pedido.",
    );
    expect(t("zip.notServed", "10118-0001")).toContain("el código postal 10118.");
    expect(translator(checkoutWords, "en")("zip.notServed", "10118")).toBe(
      "Sorry, we don't deliver to ZIP code 10118 yet. Choose pickup, or use an address in one of the Miami areas we serve.",
    );
  });

  it("keep the English payment sentences the server answers with, and have them in Spanish too", () => {
    expect(PAYMENT_MESSAGES.verificationFailed).toBe(
      "Your bank could not confirm this payment, so nothing was charged. Please pay again and complete your bank's check, or use another card.",
    );
    expect(PAYMENT_MESSAGES.walletFailed("Google Pay")).toBe("Google Pay did not complete the payment, so nothing was charged. Please try again or pay by card.");
    const spanish = paymentMessages("es");
    expect(spanish.walletsGroup).toBe("Paga con una billetera digital");
    expect(spanish.walletFailed("Cash App Pay")).toBe("Cash App Pay no completó el pago, así que no se cobró nada. Inténtalo de nuevo o paga con tarjeta.");
  });
});

describe("prices in each language", () => {
  it("are the site's own dollars in English and es-US dollars in Spanish", () => {
    expect(localPrice(5375)).toBe("$53.75");
    expect(localPrice(5375, "es")).toBe("$53.75");
    expect(localPrice(123450, "es")).toBe("$1,234.50");
    expect(localPrice(0, "es")).toBe("$0.00");
  });
});
