// The cart the checkout journeys start from: two dishes put in the browser's storage the way the cart
// store saves them (key and shape), on a page of the site's own origin, before the checkout opens.
import type { Page } from "playwright-core";

export const BRUNCH_BITES = { id: 7, name: "Billionaire Brunch Bites", price: 1700, category: "brunch", description: "Bites", section: "jealous-fork", inStock: true, squareId: null };
export const FLATBREAD = { id: 1, name: "Hot Maple Flatbread", price: 1600, category: "flatbread", description: "Flatbread", section: "jealous-fork", inStock: true, squareId: null };

/** Two Billionaire Brunch Bites and a Hot Maple Flatbread in the cart of `siteUrl`'s origin. */
export async function putCart(page: Page, siteUrl: string): Promise<void> {
  await page.goto(`${siteUrl}/robots.txt`);
  await page.evaluate(
    (cart) => localStorage.setItem("jealous-fork-cart", JSON.stringify(cart)),
    { items: [{ ...BRUNCH_BITES, quantity: 2 }, { ...FLATBREAD, quantity: 1 }], deliveryFee: 0 },
  );
}
