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

export const collections = { sections, menu };
