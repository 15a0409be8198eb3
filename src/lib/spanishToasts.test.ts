import { describe, expect, it } from "vitest";
import { useTestStorageEngine } from "@nanostores/persistent";

// The test storage engine must be in place before the cart store reads storage at import.
useTestStorageEngine();
const { $cart, addItem, updateQuantity, OPTIONS_FAILED_TOAST } = await import("../stores/cart");
const { inSpanish, SPANISH_TOASTS } = await import("./spanishToasts");
const { $toasts } = await import("../stores/toasts");

const chai = { id: 56, name: "Dirty Chai", price: 650, category: "coffee", description: "", section: "beverages", inStock: true, squareId: null } as const;

describe("the cart's notices on a Spanish page", () => {
  it("have a Spanish title and sentence for each of the cart's refusals (one dish, all dishes, different dishes)", () => {
    const unbind = $cart.listen(() => {});
    const shown = () => $toasts.get()[0]!;
    $cart.set({ items: [], deliveryFee: 0 });
    addItem(chai);
    updateQuantity(56, 50);
    addItem(chai);
    expect(inSpanish(shown()).title).toBe("Es lo máximo que admite un pedido en línea");
    expect(inSpanish(shown()).description).toBe("Como máximo 50 unidades de un mismo plato por pedido en línea; para pedidos más grandes, llámanos.");

    addItem({ ...chai, id: 57 }, 50);
    addItem({ ...chai, id: 58 });
    expect(inSpanish(shown()).description).toBe("Como máximo 100 platos por pedido en línea; para pedidos más grandes, llámanos.");

    $cart.set({ items: Array.from({ length: 40 }, (_, index) => ({ ...chai, id: 100 + index, quantity: 1 })), deliveryFee: 0 });
    addItem({ ...chai, id: 200 });
    expect(inSpanish(shown()).description).toBe("Como máximo 40 platos distintos por pedido en línea; para pedidos más grandes, llámanos.");
    unbind();
  });

  it("say in Spanish that a dish's options could not be opened, and leave other toasts as they were raised", () => {
    expect(inSpanish(OPTIONS_FAILED_TOAST)).toEqual({
      title: "No se pudieron abrir las opciones de este plato",
      description: "Revisa tu conexión e inténtalo de nuevo.",
    });
    expect(inSpanish({ title: "¡Mensaje enviado!", description: "Te responderemos pronto." })).toEqual({
      title: "¡Mensaje enviado!",
      description: "Te responderemos pronto.",
    });
    const spanish = Object.values(SPANISH_TOASTS).flatMap((words) => [words.title, words.description ?? ""]);
    expect(spanish.every((text) => !/\b(the|order|online|dish)\b/i.test(text))).toBe(true);
  });

  it("keep their Spanish when the English is reworded: the words are found by code, not by the sentence", () => {
    expect(inSpanish({ code: "too_many_lines", title: "Reworded English", description: "Also reworded" }).description).toBe(
      "Como máximo 40 platos distintos por pedido en línea; para pedidos más grandes, llámanos.",
    );
  });
});
