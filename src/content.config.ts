// Every kind of editorial content the site has, each with its loader and its zod schema.
import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";
import { contentMenuItemSchema, menuItemSchema, sectionIdSchema, slugSchema } from "./domain/menu.schema";
import { locationInputSchema } from "./domain/location.schema";
import { restaurantScheduleSchema } from "./domain/schedule.schema";
import { readPublishedData, type PublishedData } from "./server/content";

/**
 * What staff edit that pages show, read once per build: from the site's database when the build has one,
 * else content/ (src/server/content/publishedData.ts says when a build refuses to publish instead).
 */
let published: Promise<PublishedData> | undefined;
const publishedData = () => (published ??= readPublishedData());

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

const areas = defineCollection({
  // Keyed by slug: /near/{slug}. Its ZIP codes are the delivery rule (src/domain/delivery.ts): the server
  // checks orders against them and /checkout gets them as a prop.
  loader: file("content/areas.json", {
    parser: (text) => (JSON.parse(text) as { slug: string }[]).map((area) => ({ ...area, id: area.slug })),
  }),
  schema: z.strictObject({
    id: z.string(),
    name: z.string().min(2).max(40),
    slug: slugSchema.describe("URL name: /near/{slug}"),
    driveMinutes: z.number().int().min(1).max(60).describe("Drive from the restaurant, in minutes"),
    zipCodes: z.array(z.string().regex(/^\d{5}$/)).min(1).describe("ZIP codes we deliver to in this area"),
    intro: z.string().min(30).max(160).describe("One line under the area's name in the page's hero"),
    description: z
      .string()
      .min(200)
      .max(700)
      .describe("2-3 sentences of our own about this neighbourhood: what it is known for, the drive, what it orders"),
  }),
});

const faq = defineCollection({
  // Order in the file is the order on the page.
  loader: file("content/faq.json", {
    parser: (text) => (JSON.parse(text) as object[]).map((entry, index) => ({ ...entry, order: index })),
  }),
  schema: z.strictObject({
    id: slugSchema.describe("Stable key of the question (anchor and accordion id)"),
    question: z.string().min(10).max(120).describe("As a guest would ask it, ending with '?'").regex(/\?$/),
    answer: z.string().min(40).max(600).describe("Plain text, true to site.json, the menu and the hours"),
    order: z.number().int().nonnegative(),
  }),
});

/** content/reviews.json holds the three quoted reviews and the ratings summary. */
function readReviewsFile(text: string): { reviews: { id: string }[]; summary: { source: string }[] } {
  return JSON.parse(text);
}

const reviews = defineCollection({
  loader: file("content/reviews.json", {
    parser: (text) => readReviewsFile(text).reviews.map((review, index) => ({ ...review, order: index })),
  }),
  schema: z.strictObject({
    id: slugSchema,
    name: z.string().min(2).max(40).describe("First name and initial, as the guest signs"),
    initial: z.string().length(1).describe("Letter shown in the avatar circle"),
    source: z.string().min(2).max(30).describe("Where the review was left: Google, Yelp, Resy..."),
    rating: z.number().int().min(1).max(5),
    text: z.string().min(60).max(400),
    textEs: z.string().min(60).max(450).describe("The review in Spanish for /es, shown as a translation of the guest's words"),
    order: z.number().int().nonnegative(),
  }),
});

const ratings = defineCollection({
  // The summary row under the reviews: one entry per platform, keyed by a slug of its name.
  loader: file("content/reviews.json", {
    parser: (text) =>
      readReviewsFile(text).summary.map((rating, index) => ({
        ...rating,
        id: rating.source.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        order: index,
      })),
  }),
  schema: z.strictObject({
    id: z.string(),
    source: z.string().min(2).max(30),
    kind: z.enum(["Review site", "Reservations", "Delivery"]).describe("What sort of platform it is"),
    rating: z.number().min(0).max(5).multipleOf(0.1).describe("Out of 5, shown with one decimal"),
    order: z.number().int().nonnegative(),
  }),
});

const legalSchema = z.strictObject({
  title: z.string().min(5).max(60),
  description: z.string().min(50).max(160).describe("Meta description of the page"),
  effective: z.coerce.date().describe("Date the text takes effect, e.g. 2025-01-01"),
});

const legal = defineCollection({
  loader: glob({ pattern: "*.md", base: "content/legal" }),
  schema: legalSchema,
});

/** The staff's schedule as published: one entry, "current". Live state (open now, pauses) comes from /api/schedule after load. */
const schedule = defineCollection({
  loader: async () => {
    const data = await publishedData();
    return [{ id: "current", source: data.source, ...data.schedule }];
  },
  schema: restaurantScheduleSchema.safeExtend({
    id: z.literal("current"),
    source: z.enum(["database", "content"]).describe("Where the build read the staff's data"),
  }),
});

/** The dishes as published, keyed by id: prices, stock, featured and dietary labels as staff left them. */
const dishes = defineCollection({
  loader: async () => (await publishedData()).menu.map((item) => ({ ...item, id: String(item.id), itemId: item.id })),
  schema: menuItemSchema.omit({ id: true }).extend({ id: z.string(), itemId: z.number().int().positive() }),
});

/** The main location staff edit in the console: none (content/site.json stands) or one entry, "main". */
const mainLocation = defineCollection({
  loader: async () => {
    const location = (await publishedData()).mainLocation;
    return location ? [{ ...location, locationId: location.id, id: "main" }] : [];
  },
  schema: locationInputSchema.extend({ id: z.literal("main"), locationId: z.string(), createdAt: z.string(), updatedAt: z.string() }),
});

// The Spanish of what the pages say (content/es/, content/legal/es/), keyed like the English it translates.
// What is missing falls back to the English on the page (src/siteFacts.ts).
/** An object keyed by id, as the file loader reads it, checked for the keys it must translate. */
const keyedFile = (path: string) => file(path, { parser: (text) => Object.entries(JSON.parse(text) as Record<string, object>).map(([id, entry]) => ({ ...entry, id })) });

const areasEs = defineCollection({
  loader: keyedFile("content/es/areas.json"),
  schema: z.strictObject({
    id: slugSchema.describe("The area's slug in content/areas.json"),
    intro: z.string().min(30).max(180),
    description: z.string().min(150).max(800).describe("Written for Spanish readers of this neighbourhood, not a word-for-word copy"),
  }),
});

const menuEs = defineCollection({
  loader: keyedFile("content/es/menu.json"),
  schema: z.strictObject({
    id: z.string().regex(/^\d+$/).describe("The dish's id in content/menu.json"),
    description: z.string().min(10).max(400),
    options: z
      .record(z.string(), z.strictObject({ name: z.string().min(1).max(60), choices: z.record(z.string(), z.string().min(1).max(60)) }))
      .optional()
      .describe("Option groups by id: the group's name and each choice's name"),
  }),
});

const faqEs = defineCollection({
  loader: keyedFile("content/es/faq.json"),
  schema: z.strictObject({
    id: slugSchema,
    question: z.string().min(10).max(140).regex(/\?$/),
    answer: z.string().min(40).max(700),
  }),
});

const sectionsEs = defineCollection({
  loader: keyedFile("content/es/sections.json"),
  schema: z.strictObject({
    id: sectionIdSchema,
    name: z.string().min(2).max(40).optional(),
    tagline: z.string().min(5).max(80),
    description: z.string().min(20).max(300),
  }),
});

const siteEs = defineCollection({
  loader: file("content/es/site.json", { parser: (text) => [{ id: "site", ...JSON.parse(text) }] }),
  schema: z.strictObject({
    id: z.literal("site"),
    tagline: z.string().min(10).max(90),
    description: z.string().min(50).max(160),
    cuisine: z.array(z.string().min(2)).min(1),
    delivery: z.strictObject({
      bands: z.array(z.string().min(2)).length(3),
      tiles: z.array(z.strictObject({ title: z.string(), value: z.string(), note: z.string() })).min(1),
    }),
  }),
});

const legalEs = defineCollection({
  loader: glob({ pattern: "*.md", base: "content/legal/es" }),
  schema: legalSchema,
});

export const collections = {
  sections,
  menu,
  site,
  areas,
  faq,
  reviews,
  ratings,
  legal,
  schedule,
  dishes,
  mainLocation,
  areasEs,
  menuEs,
  faqEs,
  sectionsEs,
  siteEs,
  legalEs,
};
