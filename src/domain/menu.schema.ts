// The menu's shapes: an item as the editor writes it in content/, and as the server stores and serves it.
import * as z from "./zod";
import { DIETARY_LABELS, labelProblems } from "./dietaryLabels";
import { SECTION_IDS, type SectionId } from "./hours";

export const sectionIdSchema = z.enum(SECTION_IDS);

export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase words joined by hyphens");

const optionIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '-' or '_'");

/** Options of one group in the order the dialog lists them; an id names one option once. */
function uniqueIds<T extends { id: string }>(list: readonly T[]): boolean {
  return new Set(list.map((entry) => entry.id)).size === list.length;
}

const groupRules = <T extends { min: number; max: number; options: readonly { id: string }[] }>(schema: z.ZodType<T>) =>
  schema
    .refine((group) => group.min <= group.max, "min cannot be more than max")
    .refine((group) => uniqueIds(group.options), "each option id once in its group");

/** An option as an editor writes it: a price in dollars added to the dish's, 0 for a free choice. */
export const contentDishOptionSchema = z.strictObject({
  id: optionIdSchema.describe("Stable name of the option within its group, e.g. medium-rare"),
  name: z.string().min(1).max(60),
  price: z.number().min(0).max(100).multipleOf(0.01).default(0).describe("US dollars added per unit chosen"),
  onByDefault: z.boolean().optional(),
  soldOut: z.boolean().optional(),
  hiddenOnline: z.boolean().optional().describe("Kept for the kitchen, never offered online"),
});

/** A group of options as an editor writes it: "Temperature, choose exactly one" is min 1, max 1. */
export const contentOptionGroupSchema = groupRules(
  z.strictObject({
    id: optionIdSchema.describe("Stable name of the group within its dish, e.g. temperature"),
    name: z.string().min(1).max(60),
    min: z.number().int().min(0).max(20).describe("At least this many chosen (0: optional)"),
    max: z.number().int().min(1).max(20).describe("At most this many chosen"),
    allowQuantities: z.boolean().optional().describe("One option may be chosen more than once"),
    options: z.array(contentDishOptionSchema).min(1).max(30),
  }),
);
export type ContentOptionGroup = z.infer<typeof contentOptionGroupSchema>;

/** An option group as the server stores and serves it: prices in cents, Square ids once synced. */
export const optionGroupSchema = groupRules(
  z.object({
    id: optionIdSchema,
    name: z.string().min(1).max(120),
    min: z.number().int().min(0).max(100),
    max: z.number().int().min(1).max(100),
    allowQuantities: z.boolean().optional(),
    squareId: z.string().max(200).nullable().optional(),
    options: z
      .array(
        z.object({
          id: optionIdSchema,
          name: z.string().min(1).max(120),
          price: z.number().int().nonnegative(),
          onByDefault: z.boolean().optional(),
          soldOut: z.boolean().optional(),
          hiddenOnline: z.boolean().optional(),
          squareId: z.string().max(200).nullable().optional(),
        }),
      )
      .min(1)
      .max(60),
  }),
);
/** Assignable to the option rules' OptionGroup (src/domain/dishOptions.ts). */
export type StoredOptionGroup = z.infer<typeof optionGroupSchema>;

export const dietaryLabelSchema = z.enum(DIETARY_LABELS);

/** A dish's labels as the console saves them: known labels, each once, none contradicting another. */
export const dishLabelsSchema = z.strictObject({
  dietary: z
    .array(dietaryLabelSchema)
    .max(DIETARY_LABELS.length)
    .superRefine((labels, context) => {
      for (const message of labelProblems(labels)) context.addIssue({ code: "custom", message });
    }),
});

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
  image: z.string().startsWith("/").nullable().default(null).describe("The owner's photo of the dish under public/images/, or none: no drawing stands in for a dish"),
  dietary: z.array(dietaryLabelSchema).default([]).describe("Labels shown as badges with text and offered as menu filters"),
  options: z
    .array(contentOptionGroupSchema)
    .max(10)
    .default([])
    .refine(uniqueIds, "each group id once per dish")
    .describe("Option groups offered when the dish is added (Square modifier lists)"),
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
  /** When an 86'd dish comes back by itself (an ISO instant), or null: see ./stockReturn.ts. */
  backInStockAt: z.string().datetime({ offset: true }).nullable().optional(),
  /** URL of the picture (a public path or our stored image path), or null. */
  image: z.string().max(500).nullable(),
  /** Square catalogue ids once the menu has been synced. */
  squareId: z.string().max(200).nullable().default(null),
  squareVariationId: z.string().max(200).nullable().default(null),
  /** Option groups (burger temperature, add-ons...): a dish with any opens the option dialog. */
  optionGroups: z.array(optionGroupSchema).max(20).refine(uniqueIds, "each group id once per dish").default([]),
  dietary: z.array(dietaryLabelSchema).default([]),
  /**
   * Only in what a build publishes (src/server/content/publishedData.ts): the Spanish staff wrote for this
   * dish's texts, by key (src/domain/dishSpanish.ts); src/siteFacts.ts puts it over the English and drops it.
   */
  spanish: z.record(z.string().max(300), z.string().min(1).max(1000)).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export function fromContentGroup(group: ContentOptionGroup): StoredOptionGroup {
  return {
    id: group.id,
    name: group.name,
    min: group.min,
    max: group.max,
    ...(group.allowQuantities ? { allowQuantities: true } : {}),
    squareId: null,
    options: group.options.map((option) => ({
      id: option.id,
      name: option.name,
      price: Math.round(option.price * 100),
      ...(option.onByDefault ? { onByDefault: true } : {}),
      ...(option.soldOut ? { soldOut: true } : {}),
      ...(option.hiddenOnline ? { hiddenOnline: true } : {}),
      squareId: null,
    })),
  };
}

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
    optionGroups: (item.options ?? []).map(fromContentGroup),
    dietary: item.dietary ?? [],
  };
}

export const SECTION_ORDER: readonly SectionId[] = SECTION_IDS;
