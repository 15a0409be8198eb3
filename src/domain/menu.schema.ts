// The menu's shapes: an item as the editor writes it in content/, and as the server stores and serves it.
import { z } from "zod";
import { SECTION_IDS, type SectionId } from "./hours";

export const sectionIdSchema = z.enum(SECTION_IDS);

export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase words joined by hyphens");

/** A menu item as written in content/menu.json (prices in dollars, as an editor writes them). */
export const contentMenuItemSchema = z.strictObject({
  id: z.number().int().positive().describe("Stable number of the item; never reused"),
  slug: slugSchema.describe("URL name: /menu/{slug}"),
  name: z.string().min(2).max(80),
  description: z.string().min(10).max(240).describe("One or two sentences in our own words"),
  price: z.number().positive().max(500).multipleOf(0.01).describe("US dollars"),
  section: sectionIdSchema,
  category: z.string().min(2).max(30).describe("pancakes, burgers, cocktails, ..."),
  featured: z.boolean().default(false),
  inStock: z.boolean().default(true),
  image: z.string().startsWith("/").describe("Path of the picture under public/"),
  dietary: z.array(z.enum(["vegan", "gluten-free-option"])).default([]),
});
export type ContentMenuItem = z.infer<typeof contentMenuItemSchema>;

/** A menu item as the server stores it: money in cents, flags the admin console can change. */
export const menuItemSchema = z.object({
  id: z.number().int().positive(),
  slug: slugSchema,
  name: z.string().min(1).max(120),
  description: z.string().max(1000),
  priceCents: z.number().int().nonnegative(),
  section: sectionIdSchema,
  category: z.string().min(1).max(40),
  featured: z.boolean(),
  inStock: z.boolean(),
  /** URL of the picture (a public path or our stored image path), or null. */
  image: z.string().max(500).nullable(),
  /** Square catalogue ids once the menu has been synced. */
  squareId: z.string().max(200).nullable().default(null),
  squareVariationId: z.string().max(200).nullable().default(null),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export function fromContentItem(item: ContentMenuItem): MenuItem {
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    description: item.description,
    priceCents: Math.round(item.price * 100),
    section: item.section,
    category: item.category,
    featured: item.featured,
    inStock: item.inStock,
    image: item.image,
    squareId: null,
    squareVariationId: null,
  };
}

export const SECTION_ORDER: readonly SectionId[] = SECTION_IDS;
