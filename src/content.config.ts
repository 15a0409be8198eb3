// Every kind of editorial content the site has, each with its loader and its zod schema.
import { defineCollection } from "astro:content";
import { file } from "astro/loaders";
import { z } from "astro/zod";
import { contentMenuItemSchema, sectionIdSchema } from "./domain/menu";

const sections = defineCollection({
  loader: file("content/sections.json"),
  schema: z.strictObject({
    id: sectionIdSchema,
    name: z.string().min(2).max(40),
    tagline: z.string().min(5).max(80).describe("Very short call-out under the name"),
    description: z.string().min(20).max(300),
  }),
});

const menu = defineCollection({
  // The file loader keys entries by `id`; items keep their numeric id in the data as well.
  loader: file("content/menu.json", {
    parser: (text) => (JSON.parse(text) as { id: number }[]).map((item) => ({ ...item, key: String(item.id) })),
  }),
  schema: contentMenuItemSchema.extend({ key: z.string() }),
});

const siteSchema = z.strictObject({
  name: z.string().min(2).max(40),
  eveningName: z.string().min(2).max(40).describe("The evening concept's name"),
  tagline: z.string().min(10).max(90),
  description: z.string().min(50).max(160).describe("Default meta description of the site"),
  since: z.number().int().min(1990).max(2100),
  cuisine: z.array(z.string().min(2)).min(1),
  priceRange: z.string().regex(/^\$+$/),
  address: z.strictObject({
    street: z.string().min(3),
    city: z.string().min(2),
    state: z.string().length(2),
    zip: z.string().regex(/^\d{5}$/),
    country: z.string().length(2),
  }),
  geo: z.strictObject({ latitude: z.number(), longitude: z.number() }),
  phone: z.string().describe("As shown: (305) 699-1430"),
  phoneE164: z.string().regex(/^\+\d{10,15}$/).describe("For tel: links"),
  rating: z.strictObject({ value: z.number().min(0).max(5), count: z.number().int().positive() }),
  aboutRating: z.strictObject({ value: z.number().min(0).max(5), countLabel: z.string() }),
  social: z.array(z.strictObject({ name: z.string(), url: z.url() })),
  reservations: z.strictObject({
    provider: z.string(),
    venueId: z.number().int().positive().describe("The provider's fixed venue id"),
    bookingUrl: z.url().describe("Works without the widget: every Reserve button links here"),
    widgetScript: z.url(),
    largePartySize: z.number().int().positive().describe("Parties this size or larger call us"),
  }),
  map: z.strictObject({ embedUrl: z.url(), directionsUrl: z.url() }),
  delivery: z.strictObject({
    bands: z.array(z.strictObject({ label: z.string(), maxMinutes: z.number().int().positive() })).length(3),
    tiles: z.array(z.strictObject({ title: z.string(), value: z.string(), note: z.string() })).min(1),
  }),
});

const site = defineCollection({
  // One object in one file: the loader sees it as a single entry with id "site".
  loader: file("content/site.json", { parser: (text) => [{ id: "site", ...JSON.parse(text) }] }),
  schema: siteSchema.extend({ id: z.literal("site") }),
});

export const collections = { sections, menu, site };
