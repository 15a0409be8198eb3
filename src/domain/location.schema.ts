// A restaurant location as staff write it in the console's Locations tab (name and slug required), and
// as the API answers it. The server stores them (src/server/content/locations.ts); the console reads the types.
import * as z from "./zod";
import { isAcceptableImageUrl } from "./images";
import { slugSchema } from "./menu.schema";

export const imageUrlSchema = z
  .string()
  .max(500)
  .refine(isAcceptableImageUrl, "Use an uploaded image, a site image under /images/ or an https URL")
  .nullable();

/** The fields an admin writes; name and slug are required (the console's location form says so too). */
export const locationInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(120),
  slug: slugSchema,
  description: z.string().trim().max(1000).default(""),
  address: z.string().trim().max(200).default(""),
  city: z.string().trim().max(100).default("Miami"),
  state: z.string().trim().max(40).default("FL"),
  zipCode: z.string().trim().max(20).default(""),
  phone: z.string().trim().max(40).default(""),
  isActive: z.boolean().default(true),
  isMainLocation: z.boolean().default(false),
  imageUrl: imageUrlSchema.default(null),
  heroImageUrl: imageUrlSchema.default(null),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

/**
 * A partial edit: any field of the input, none required, none unknown. Without the input's defaults: zod 4
 * fills a default even in an optional field, and a PATCH of the phone alone would blank the address.
 */
export const locationPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(locationInputSchema.shape).map(([key, schema]) => [key, (schema instanceof z.ZodDefault ? schema.unwrap() : (schema as z.ZodType)).optional()]),
  ) as { [K in keyof typeof locationInputSchema.shape]: z.ZodOptional<(typeof locationInputSchema.shape)[K]> },
);


export interface Location extends LocationInput {
  id: string;
  createdAt: string;
  updatedAt: string;
}
