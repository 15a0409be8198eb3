import { describe, expect, it } from "vitest";
import { escapeHtml, featuredHtml, featuredWordsText, parseFeaturedWords } from "./featuredCards";
import { featuredWords } from "../domain/i18n/ui/menu";
import type { MenuItemView } from "../domain/menuReadModel";

const english = featuredWords("en", "/full-menu");
const spanish = featuredWords("es", "/es/full-menu");

const dish = (id: number, inStock = true): MenuItemView => ({
  id,
  localId: id,
  squareId: null,
  slug: `dish-${id}`,
  name: `Dish ${id}`,
  description: "A dish worth the trip.",
  price: 16,
  priceCents: 1600,
  category: "pancakes",
  section: "jealous-fork",
  image: "/.netlify/images?url=%2Fapi%2Fimages%2Fphoto&w=800&fm=avif",
  imageUrl: "/api/images/photo",
  inStock,
  isAvailable: inStock,
  isFeatured: true,
  stockLevel: inStock ? "in_stock" : "out_of_stock",
  optionGroups: [],
  dietary: [],
});

describe("the featured cards as first rendered", () => {
  it("show image, name, price, description and Add to Cart, with the View Full Menu link", () => {
    const html = featuredHtml([dish(1)], { words: english });
    expect(html).toContain('src="/.netlify/images?url=%2Fapi%2Fimages%2Fphoto&amp;w=800&amp;fm=avif"');
    expect(html).toMatch(/width="400" height="300" loading="lazy"/);
    expect(html).toContain("Dish 1");
    expect(html).toContain("$16.00");
    expect(html).toContain("A dish worth the trip.");
    expect(html).toContain("Add to Cart");
    expect(html).toContain("View Full Menu");
  });

  it("draw a dish without the owner's photo as a typographic card: its name set large, no picture at all", () => {
    const html = featuredHtml([{ ...dish(5), image: null }], { words: english });
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<article [^>]*border-t-8[^>]*>.*<h3 id="featured-5" class="font-display text-2xl" data-name>Dish 5<\/h3>/);
  });

  it("offer an out-of-stock dish as 'Order (Out of Stock)' with its note", () => {
    const html = featuredHtml([dish(2, false)], { words: english });
    expect(html).toContain("Out of Stock - Still Available to Order");
    expect(html).toContain("Order (Out of Stock)");
    expect(html).not.toContain("Add to Cart");
  });

  it("hide the View Full Menu link when the full list is shown", () => {
    const items = Array.from({ length: 8 }, (_, index) => dish(index + 1));
    const html = featuredHtml(items, { words: english, showAll: true });
    expect(html).not.toContain("View Full Menu");
    expect(html.match(/<article/g)).toHaveLength(8);
    expect(featuredHtml(items, { words: english }).match(/<article/g)).toHaveLength(6);
  });

  it("show a spinner with 'Loading featured items...' while loading with no data", () => {
    const html = featuredHtml(undefined, { words: english });
    expect(html).toContain("Loading featured items...");
    expect(html).toContain("animate-spin");
    expect(html).not.toContain("<article");
  });
});

describe("the featured cards' add buttons", () => {
  it("carry the dish on the card for the cart (id, price in cents, section), and a note beside the button that says it was added", () => {
    const html = featuredHtml([{ ...dish(3), squareId: "SQ3" }], { words: english });
    expect(html).toMatch(/data-id="3" data-price="1600" data-section="jealous-fork" data-category="pancakes" data-square="SQ3"/);
    // No navigation: the diner stays on the page and reads the note beside the button.
    expect(html).toMatch(/<button type="button" data-add class="[^"]*">Add to Cart<\/button><p role="status" data-added-note/);
    expect(html).not.toContain("data-go");
  });

  it("escape what staff typed", () => {
    const html = featuredHtml([{ ...dish(4), name: '<img src=x onerror="alert(1)">' }], { words: english });
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(escapeHtml('<img src=x onerror="alert(1)">'));
  });
});

describe("the featured cards on a Spanish page", () => {
  it("say Agregar al carrito, the labels in Spanish, the out-of-stock note, and link to /es/full-menu", () => {
    const html = featuredHtml([{ ...dish(5), dietary: ["vegan", "contains-nuts"] }, dish(6, false)], { words: spanish });
    expect(html).toContain(">Agregar al carrito</button>");
    expect(html).toContain('aria-label="Etiquetas de dieta"');
    expect(html).toContain("<li class=\"menu-label\">Vegano</li><li class=\"menu-label\">Contiene nueces</li>");
    expect(html).toContain("Agotado - Aún puedes pedirlo");
    expect(html).toContain(">Pedir (agotado)</button>");
    expect(parseFeaturedWords(featuredWordsText(spanish)).added).toBe("Se agregó {name} a tu pedido.");
    expect(html).toContain('<a href="/es/full-menu"');
    expect(html).toContain("Ver el menú completo");
    expect(html).not.toMatch(/Add to Cart|View Full Menu|Out of Stock|Vegan</);
    expect(featuredHtml(undefined, { words: spanish })).toContain("Cargando los platos destacados...");
  });
});

describe("the featured cards' words carried by the page", () => {
  it("come back from the block's data-words as they were written, in each language", () => {
    expect(parseFeaturedWords(featuredWordsText(english))).toEqual(english);
    expect(parseFeaturedWords(featuredWordsText(spanish))).toEqual(spanish);
    expect(featuredWordsText(spanish)).not.toContain('"');
  });
});
