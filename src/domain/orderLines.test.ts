import { describe, expect, it } from "vitest";
import { tipAmount } from "./dishOptions";
import { fromContentItem } from "./menu.schema";
import { canonicalOrder, mergeLines, orderTotals, priceLines } from "./orderLines";

// The Classic Brunch Burger as the server's menu holds it: $20.00, a temperature (exactly one) and add-ons
// (up to 4, quantities allowed, one sold out).
const burger = fromContentItem({
  id: 21,
  slug: "the-classic-burger",
  name: "The Classic Brunch Burger",
  description: "Cheddar, secret sauce, tomato, onion and greens.",
  price: 20,
  section: "jealous-fork",
  category: "sandwiches",
  featured: false,
  inStock: true,
  image: "/images/menu/burger.webp",
  dietary: [],
  options: [
    {
      id: "temperature",
      name: "Temperature",
      min: 1,
      max: 1,
      options: [
        { id: "rare", name: "Rare", price: 0 },
        { id: "medium", name: "Medium", price: 0, onByDefault: true },
      ],
    },
    {
      id: "add-ons",
      name: "Add-ons",
      min: 0,
      max: 4,
      allowQuantities: true,
      options: [
        { id: "bacon", name: "Applewood bacon", price: 2.5 },
        { id: "egg", name: "Fried egg", price: 1.75 },
        { id: "foie-gras", name: "Seared foie gras", price: 12, soldOut: true },
      ],
    },
  ],
});
const open = () => true;
const name = (section: string) => section;
const pick = (groupId: string, optionId: string, quantity = 1) => ({ groupId, optionId, quantity });

describe("an order's lines with options, as the server prices them", () => {
  it("prices each unit with its options from the menu, and rounds tax on the subtotal as Square does, never on the tip", () => {
    const { lines, problems } = priceLines(
      [
        { id: 21, quantity: 3, options: [pick("temperature", "rare"), pick("add-ons", "egg")] },
        { id: 21, quantity: 1, options: [pick("temperature", "medium"), pick("add-ons", "bacon", 2)], note: " no onions " },
      ],
      [burger],
      open,
      name,
    );
    expect(problems).toEqual([]);
    expect(lines.map((line) => [line.unitPriceCents, line.quantity, line.note])).toEqual([
      [2175, 3, ""],
      [2500, 1, "no onions"],
    ]);
    expect(lines[1]!.options).toEqual([
      { groupId: "temperature", groupName: "Temperature", optionId: "medium", name: "Medium", price: 0, quantity: 1, squareId: null },
      { groupId: "add-ons", groupName: "Add-ons", optionId: "bacon", name: "Applewood bacon", price: 250, quantity: 2, squareId: null },
    ]);
    // 3 x 21.75 + 25.00 = 90.25; 7.5 % is 6.76875, to the nearest cent 6.77; the delivery fee 4.99
    const totals = orderTotals("delivery", lines);
    expect(totals).toEqual({ subtotal: 9025, tax: 677, deliveryFee: 499, total: 10201 });
    // An 18 % tip of 90.25 is 16.245, half up 16.25: paid on top, the tax unchanged.
    expect(tipAmount(totals.subtotal, { kind: "percent", percent: 18 })).toBe(1625);
  });

  it("refuses every broken group, naming the dish and the group, and prices nothing then", () => {
    const { lines, problems } = priceLines(
      [
        { id: 21, quantity: 1, options: [pick("add-ons", "foie-gras")] },
        { id: 21, quantity: 1, options: [pick("temperature", "rare"), pick("add-ons", "bacon", 5)] },
      ],
      [burger],
      open,
      name,
    );
    expect(lines).toEqual([]);
    expect(problems).toEqual([
      { path: "items.0.options.add-ons", message: "The Classic Brunch Burger: Seared foie gras is sold out." },
      { path: "items.0.options.temperature", message: "The Classic Brunch Burger, Temperature: choose exactly one." },
      { path: "items.1.options.add-ons", message: "The Classic Brunch Burger, Add-ons: choose up to 4." },
    ]);
  });

  it("merges the same dish with the same options and note, whatever order the options came in", () => {
    const merged = mergeLines([
      { id: 21, quantity: 1, options: [pick("add-ons", "egg"), pick("temperature", "rare")], note: "no onions" },
      { id: 21, quantity: 2, options: [pick("temperature", "rare"), pick("add-ons", "egg")], note: " no onions" },
      { id: 21, quantity: 1, options: [pick("temperature", "rare")] },
    ]);
    expect(merged.map((line) => line.quantity)).toEqual([3, 1]);
  });
});

describe("the fingerprint of a checkout attempt", () => {
  const customer = { name: "Ana", email: "Ana@Example.com", phone: "3055550142" };

  it("is the text it always was for a plain cart, so an attempt begun before options existed is still recognised", () => {
    expect(canonicalOrder("pickup", [{ id: 7, quantity: 2 }, { id: 1, quantity: 1 }], customer, null)).toBe(
      '["pickup",[[1,1],[7,2]],["Ana","ana@example.com","3055550142"],null]',
    );
  });

  it("changes with the options, a line's note, the order's note or the tip", () => {
    const base = canonicalOrder("pickup", [{ id: 21, quantity: 1, options: [pick("temperature", "rare")] }], customer, null);
    expect(canonicalOrder("pickup", [{ id: 21, quantity: 1, options: [pick("temperature", "medium")] }], customer, null)).not.toBe(base);
    expect(canonicalOrder("pickup", [{ id: 21, quantity: 1, options: [pick("temperature", "rare")], note: "well" }], customer, null)).not.toBe(base);
    const withOptions = [{ id: 21, quantity: 1, options: [pick("temperature", "rare")] }];
    expect(canonicalOrder("pickup", withOptions, customer, null, { note: "ring" })).not.toBe(base);
    expect(canonicalOrder("pickup", withOptions, customer, null, { tipCents: 300 })).not.toBe(base);
    expect(canonicalOrder("pickup", withOptions, customer, null, { note: "", tipCents: 0 })).toBe(base);
  });
});
