import { describe, expect, it, vi } from "vitest";
import { getTestStorage } from "@nanostores/persistent";
import type { CartItemInput } from "./cart";
import type { MenuItemView } from "../domain/menuReadModel";
import { cart, flatbread, freshCartEachTest, pancakes } from "./cartFixtures";

const { $cart, $cartTotals, $cartCount, $cartOpen, addItem, removeItem, updateQuantity, clearCart, setDeliveryFee } = cart;
freshCartEachTest();

describe("the cart", () => {
  it("starts closed and empty, with zero totals", () => {
    expect($cartOpen.get()).toBe(false);
    expect($cart.get().items).toEqual([]);
    expect($cartTotals.get()).toEqual({ subtotal: 0, tax: 0, deliveryFee: 0, total: 0 });
  });

  it("adds a new item with quantity 1 and the same item again goes up by 1", () => {
    addItem(pancakes);
    expect($cart.get().items).toEqual([{ ...pancakes, quantity: 1 }]);
    addItem(pancakes);
    addItem(flatbread);
    expect($cart.get().items.map((item) => [item.id, item.quantity])).toEqual([
      [12, 2],
      [1, 1],
    ]);
    expect($cartCount.get()).toBe(3);
    // 2 x 17.00 + 16.00 = 50.00; tax 3.75; total 53.75
    expect($cartTotals.get()).toEqual({ subtotal: 5000, tax: 375, deliveryFee: 0, total: 5375 });
  });

  it("takes a dish from the menu answer with its price in cents and its stock flag", () => {
    const view: MenuItemView = {
      id: 12,
      localId: 12,
      squareId: null,
      slug: "chocolate-oreo-chip-pancakes",
      name: "Chocolate Oreo Chip Pancakes",
      description: "Stack of pancakes",
      price: 17,
      priceCents: 1700,
      category: "pancakes",
      section: "jealous-fork",
      image: null,
      imageUrl: null,
      inStock: true,
      isAvailable: true,
      isFeatured: true,
      stockLevel: "in_stock",
      optionGroups: [],
      dietary: [],
    };
    expect(cart.cartItemInput(view)).toEqual(pancakes);
    expect(cart.cartItemInput({ ...view, priceCents: 1800, inStock: false })).toMatchObject({ price: 1800, inStock: false });
  });

  it("takes the latest price and stock of an item added again", () => {
    addItem(pancakes);
    addItem({ ...pancakes, price: 1800, inStock: false });
    expect($cart.get().items[0]).toMatchObject({ quantity: 2, price: 1800, inStock: false });
  });

  it("removes an item and recomputes the totals", () => {
    addItem(pancakes);
    addItem(flatbread);
    removeItem(12);
    expect($cart.get().items.map((item) => item.id)).toEqual([1]);
    expect($cartTotals.get()).toEqual({ subtotal: 1600, tax: 120, deliveryFee: 0, total: 1720 });
  });

  it("updates a quantity, and a quantity of 0 or less removes the line", () => {
    addItem(pancakes);
    addItem(flatbread);
    updateQuantity(12, 4);
    expect($cart.get().items.find((item) => item.id === 12)?.quantity).toBe(4);
    expect($cartTotals.get().subtotal).toBe(4 * 1700 + 1600);
    updateQuantity(12, 0);
    expect($cart.get().items.map((item) => item.id)).toEqual([1]);
    updateQuantity(1, -3);
    expect($cart.get().items).toEqual([]);
    expect($cartTotals.get().total).toBe(0);
  });

  it("refuses a 51st of one dish and a 101st dish with the server's own words, keeping the cart as it was", async () => {
    const { orderRequestSchema } = await import("../domain/orderRequest.schema");
    const { $toasts } = await import("./toasts");
    updateQuantity(12, 1);
    addItem(pancakes);
    expect(updateQuantity(12, 50)).toBeUndefined();
    const refusal = addItem(pancakes);
    expect($cart.get().items[0]?.quantity).toBe(50);
    expect(updateQuantity(12, 999)).toBe(refusal);
    expect($cart.get().items[0]?.quantity).toBe(50);
    // The words are the ones the server answers for 51 of a dish.
    const order = (quantity: number) => ({
      items: [{ id: 12, quantity }],
      orderType: "pickup",
      customerInfo: { name: "A", email: "a@example.com", phone: "305 555 0100" },
      paymentToken: "t",
    });
    const serverLine = orderRequestSchema.safeParse(order(51));
    expect(serverLine.success).toBe(false);
    expect(serverLine.error?.issues.map((issue) => issue.message)).toContain(refusal);
    expect($toasts.get()[0]?.description?.toLowerCase()).toContain(refusal);

    addItem(flatbread);
    expect(updateQuantity(1, 50)).toBeUndefined();
    const orderRefusal = addItem({ ...flatbread, id: 2 });
    expect($cartCount.get()).toBe(100);
    const serverOrder = orderRequestSchema.safeParse({ ...order(50), items: [{ id: 12, quantity: 50 }, { id: 1, quantity: 50 }, { id: 2, quantity: 1 }] });
    expect(serverOrder.error?.issues.map((issue) => issue.message)).toContain(orderRefusal);
    // Going down is always allowed.
    expect(updateQuantity(12, 49)).toBeUndefined();
    expect($cartCount.get()).toBe(99);
  });

  it("sets the delivery fee and adds it to the total", () => {
    addItem(pancakes);
    setDeliveryFee(499);
    // 17.00 + 1.28 (1.275 rounds half up) + 4.99
    expect($cartTotals.get()).toEqual({ subtotal: 1700, tax: 128, deliveryFee: 499, total: 2327 });
    setDeliveryFee(0);
    expect($cartTotals.get().total).toBe(1828);
  });

  it("clears the items; the total then equals the delivery fee", () => {
    addItem(pancakes);
    addItem(flatbread);
    setDeliveryFee(499);
    clearCart();
    expect($cart.get().items).toEqual([]);
    expect($cartTotals.get()).toEqual({ subtotal: 0, tax: 0, deliveryFee: 499, total: 499 });
  });

  it("toggles and sets the open state, which is never stored", () => {
    cart.toggleOpen();
    expect($cartOpen.get()).toBe(true);
    cart.setOpen(false);
    expect($cartOpen.get()).toBe(false);
    cart.setOpen(true);
    expect(getTestStorage()[cart.CART_STORAGE_KEY] ?? "").not.toContain("isOpen");
  });

  it("rounds tax once on the subtotal over many lines, never line by line", () => {
    // 40 lines at 0.15 x 1: per-line tax would be 40 x 0.01 (1.125 -> 1) = 0.40; on the subtotal 6.00 it is 0.45.
    for (let id = 1; id <= 40; id++) addItem({ ...pancakes, id, price: 15 });
    expect($cartTotals.get()).toEqual({ subtotal: 600, tax: 45, deliveryFee: 0, total: 645 });
    // Every subtotal from 0.01 to 20.00 matches 7.5% rounded as Square rounds: half to even.
    for (let cents = 1; cents <= 2000; cents++) {
      $cart.set({ items: [{ ...pancakes, price: cents, quantity: 1 }], deliveryFee: 499 });
      const tenths = cents * 75; // tenths of a cent
      const below = Math.floor(tenths / 1000);
      const rest = tenths % 1000;
      const expectedTax = rest < 500 ? below : rest > 500 ? below + 1 : below + (below % 2);
      expect($cartTotals.get()).toEqual({ subtotal: cents, tax: expectedTax, deliveryFee: 499, total: cents + expectedTax + 499 });
    }
  });

  it("keeps money in integer cents through many additions", () => {
    const prices = [650, 875, 850, 1050, 1099, 1499, 1699];
    prices.forEach((price, index) => {
      for (let times = 0; times <= index; times++) addItem({ ...pancakes, id: 100 + index, price });
    });
    const subtotal = prices.reduce((sum, price, index) => sum + price * (index + 1), 0);
    const totals = $cartTotals.get();
    expect(totals.subtotal).toBe(subtotal);
    expect(Object.values(totals).every(Number.isInteger)).toBe(true);
    expect(totals.total).toBe(totals.subtotal + totals.tax);
  });
});

describe("lines with options and a note", () => {
  // The Classic Brunch Burger ($20.00): a temperature, add-ons priced as the dialog showed them.
  const burger: CartItemInput = { ...pancakes, id: 21, name: "The Classic Brunch Burger", category: "sandwiches" };
  const option = (groupId: string, optionId: string, name: string, price: number, quantity = 1) => ({
    groupId,
    groupName: groupId,
    optionId,
    name,
    price,
    quantity,
  });
  const rare = option("temperature", "rare", "Rare", 0);
  const bacon = option("add-ons", "bacon", "Applewood bacon", 250);
  const cheese = option("add-ons", "extra-cheese", "Extra cheddar", 150, 2);
  const baconBurger = { ...burger, price: 2250, options: [rare, bacon], note: "no onions" };

  it("makes the same dish with other options, or another note, another line; the same choice adds up", () => {
    addItem(baconBurger, 2);
    addItem({ ...burger, price: 2300, options: [option("temperature", "well-done", "Well done", 0), cheese] });
    addItem({ ...baconBurger, options: [bacon, rare], note: " no onions " }); // ticked in another order
    addItem({ ...baconBurger, note: "" });
    expect($cart.get().items.map((line) => [line.quantity, line.price, line.options?.map((o) => o.optionId), line.note])).toEqual([
      [3, 2250, ["rare", "bacon"], "no onions"],
      [1, 2300, ["well-done", "extra-cheese"], undefined],
      [1, 2250, ["rare", "bacon"], undefined],
    ]);
    // 3 x 22.50 + 23.00 + 22.50 = 113.00
    expect($cartTotals.get().subtotal).toBe(11300);
    expect($cartCount.get()).toBe(5);
  });

  it("changes and removes one line by its key, leaving the same dish's other lines", () => {
    addItem(baconBurger);
    addItem(burger);
    const key = cart.cartLineKey($cart.get().items[0]!);
    updateQuantity(key, 4);
    expect($cart.get().items.map((line) => line.quantity)).toEqual([4, 1]);
    removeItem(key);
    expect($cart.get().items).toEqual([{ ...burger, quantity: 1 }]);
    // A dish id names the dish's line without options, as before options existed.
    removeItem(21);
    expect($cart.get().items).toEqual([]);
  });

  it("is stored with its options and note and read back; a line whose options cannot be read is dropped", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    addItem(baconBurger);
    const stored = getTestStorage()[cart.CART_STORAGE_KEY]!;
    expect(cart.decodeCart(stored).items).toEqual([{ ...baconBurger, quantity: 1 }]);
    const broken = JSON.stringify({ items: [{ ...baconBurger, quantity: 1, options: [{ groupId: "add-ons", optionId: "bacon", price: -5 }] }], deliveryFee: 0 });
    expect(cart.decodeCart(broken).items).toEqual([]);
  });

  it("takes today's dish and option prices after a refused total", () => {
    addItem(baconBurger);
    cart.repriceItems(new Map([[21, 2100]]), new Map([["21/add-ons/bacon", 300]]));
    const [line] = $cart.get().items;
    expect(line!.price).toBe(2100 + 300);
    expect(line!.options!.find((o) => o.optionId === "bacon")!.price).toBe(300);
  });
});
