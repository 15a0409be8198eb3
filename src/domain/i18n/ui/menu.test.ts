import { describe, expect, it } from "vitest";
import { DIETARY_LABELS } from "../../dietaryLabels";
import { translator } from "../translate";
import { cartWords } from "./cart";
import { categoryName, dietaryFilterText, dietaryText, featuredWords, liveMenuWords, menuWords } from "./menu";

describe("the menu's words", () => {
  it("give the live script the page's language only, with its blanks to fill", () => {
    const es = liveMenuWords("es");
    expect(es).toMatchObject({ openNow: "ABIERTO AHORA", closed: "CERRADO", add: "Agregar al carrito", closedButton: "Cerrado", out: "Agotado", now: "Ahora" });
    expect(es.slot).toBe("{day} a las {time}");
    expect(es.added).toBe("Se agregó {name} a tu pedido.");
    expect(es.shownOne).toBe("Se muestra 1 plato");
    expect(es.shownMany).toBe("Se muestran {n} platos");
    expect(es.categories.burgers).toBe("hamburguesas");
    expect(JSON.stringify(es)).not.toMatch(/Add to Cart|OPEN NOW|Vegetarian"|Loading/);
    const en = liveMenuWords("en");
    expect(en).toMatchObject({ openNow: "OPEN NOW", add: "Add to Cart", slot: "{day} at {time}", shownMany: "{n} dishes shown" });
    expect(en.categories).toEqual({});
  });

  it("name every dietary label and its filter in Spanish: a diet shows its dishes, a free-from filter those marked free", () => {
    for (const label of DIETARY_LABELS) expect(dietaryText(label, "es")).not.toBe(dietaryText(label, "en"));
    expect(dietaryText("vegan", "es")).toBe("Vegano");
    expect(dietaryFilterText("vegan", "es")).toBe("Vegano");
    expect(dietaryFilterText("nut-free", "es")).toBe("Sin nueces");
    expect(dietaryFilterText("nut-free", "en")).toBe("No nuts");
    expect(dietaryFilterText("dairy-free", "en")).toBe("No dairy");
    expect(dietaryFilterText("dairy-free", "es")).toBe("Sin lácteos");
    expect(dietaryFilterText("gluten-free", "en")).toBe("No gluten");
    expect(dietaryText("cooked-to-order", "es")).toBe("Cocinado al gusto*");
  });

  it("say the categories in Spanish, and a category without its Spanish as staff wrote it", () => {
    expect(categoryName("starters", "es")).toBe("entradas");
    expect(categoryName("Coffee", "es")).toBe("café");
    expect(categoryName("starters", "en")).toBe("starters");
    expect(categoryName("smoothies", "es")).toBe("smoothies");
  });

  it("say the closed days as the English page always has, and in Spanish", () => {
    expect(translator(menuWords, "en")("closedOn", "Mondays")).toBe("CLOSED MONDAYS");
    expect(translator(menuWords, "es")("closedOn", "lunes")).toBe("CERRADO LOS LUNES");
  });

  it("link the featured cards to the full menu in the page's language", () => {
    expect(featuredWords("es", "/es/full-menu")).toMatchObject({ add: "Agregar al carrito", fullMenu: "Ver el menú completo", fullMenuHref: "/es/full-menu" });
  });
});

describe("the cart's words", () => {
  it("count one item and several items in each language, and name the dialog's add button as every add button is named", () => {
    expect(translator(cartWords, "es")("sheet.title", 1)).toBe("Tu pedido (1 artículo)");
    expect(translator(cartWords, "es")("sheet.title", 3)).toBe("Tu pedido (3 artículos)");
    expect(translator(cartWords, "en")("sheet.title", 1)).toBe("Your Order (1 item)");
    expect(translator(cartWords, "en")("sheet.title", 2)).toBe("Your Order (2 items)");
    expect(translator(cartWords, "en")("dialog.add", "$16.00")).toBe("Add to Cart · $16.00");
    expect(translator(cartWords, "es")("dialog.add", "$16.00")).toBe("Agregar al carrito · $16.00");
    expect(translator(cartWords, "es")("problem.closed", "Jealous Burger", false, "viernes y sábado", "6:00 p. m. - 11:00 p. m.")).toBe(
      "Jealous Burger está cerrado ahora (viernes y sábado, 6:00 p. m. - 11:00 p. m.)",
    );
  });
});
