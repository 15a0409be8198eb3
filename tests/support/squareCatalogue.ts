// A small Square catalogue in Square's wire format (snake_case, integer cents) for sync tests:
// categories for each menu section, images, a dish that already exists in content/menu.json, and
// an item without a fixed price (which cannot be sold online and must be skipped).

export function item(id: string, name: string, categoryId: string, cents: number | null, imageIds: string[] = []) {
  return {
    type: "ITEM",
    id,
    version: 1,
    item_data: {
      name,
      description: `${name}, made to order.`,
      categories: [{ id: categoryId }],
      image_ids: imageIds,
      variations: [
        {
          type: "ITEM_VARIATION",
          id: `${id}-regular`,
          item_variation_data: {
            item_id: id,
            name: "Regular",
            pricing_type: cents === null ? "VARIABLE_PRICING" : "FIXED_PRICING",
            ...(cents === null ? {} : { price_money: { amount: cents, currency: "USD" } }),
          },
        },
      ],
    },
  };
}

const category = (id: string, name: string) => ({ type: "CATEGORY", id, version: 1, category_data: { name } });
const image = (id: string, url: string) => ({ type: "IMAGE", id, version: 1, image_data: { name: id, url } });

export const SQUARE_IMAGE_URL = "https://items-images-sandbox.s3.us-west-2.amazonaws.com/files/lemon-ricotta.jpg";

export function catalogueObjects(): any[] {
  return [
    category("CAT-PANCAKES", "Pancakes"),
    category("CAT-FLATBREAD", "Flatbread"),
    category("CAT-BURGERS", "Burgers"),
    category("CAT-COFFEE", "Coffee"),
    image("IMG-LEMON", SQUARE_IMAGE_URL),
    item("SQ-LEMON", "Lemon Ricotta Pancakes", "CAT-PANCAKES", 1599, ["IMG-LEMON"]),
    item("SQ-FLATBREAD", "Hot Maple Flatbread", "CAT-FLATBREAD", 1700),
    item("SQ-CLASSIC", "The Classic Smash", "CAT-BURGERS", 1350),
    item("SQ-LATTE", "Honey Lavender Latte", "CAT-COFFEE", 650),
    item("SQ-MARKET", "Market Price Catch", "CAT-PANCAKES", null),
  ];
}
