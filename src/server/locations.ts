// Restaurant locations: one record per key, a slug index so two locations can never share a slug
// (claimed with a create-only write), and the main location seeded on first use.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import site from "../../content/site.json";
import { isAcceptableImageUrl } from "../domain/images";
import { slugSchema } from "../domain/menu.schema";
import { HttpError } from "./http";
import { createJSON, store, updateJSON, withKeyLock } from "./stores";

const imageUrlSchema = z
  .string()
  .max(500)
  .refine(isAcceptableImageUrl, "Use an uploaded image, a site image under /images/ or an https URL")
  .nullable();

/** The fields an admin writes; name and slug are required (spec 5). */
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

/** A partial edit: any field of the input, none required, none unknown. */
export const locationPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(locationInputSchema.shape).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  ) as { [K in keyof typeof locationInputSchema.shape]: z.ZodOptional<(typeof locationInputSchema.shape)[K]> },
);

export { imageUrlSchema };

export interface Location extends LocationInput {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** The restaurant itself, from the site's facts (content/site.json). */
const MAIN_LOCATION: LocationInput = {
  name: site.name,
  slug: "miami",
  description: site.description,
  address: site.address.street,
  city: site.address.city,
  state: site.address.state,
  zipCode: site.address.zip,
  phone: site.phone,
  isActive: true,
  isMainLocation: true,
  imageUrl: null,
  heroImageUrl: null,
};

const locationKey = (id: string) => `location/${id}`;
const slugKey = (slug: string) => `slug/${slug}`;

async function seedIfEmpty(): Promise<void> {
  const { blobs } = await store("locations").list({ prefix: "location/" });
  if (blobs.length > 0) return;
  await withKeyLock("locations/seed", async () => {
    const now = new Date().toISOString();
    // Create-only writes: two first visitors at once still leave exactly one main location.
    if (await createJSON("locations", slugKey(MAIN_LOCATION.slug), { id: "main" })) {
      await createJSON("locations", locationKey("main"), { ...MAIN_LOCATION, id: "main", createdAt: now, updatedAt: now });
    }
  });
}

export async function listLocations(): Promise<Location[]> {
  await seedIfEmpty();
  const target = store("locations");
  const { blobs } = await target.list({ prefix: "location/" });
  const records = await Promise.all(blobs.map((blob) => target.get(blob.key, { type: "json" }) as Promise<Location | null>));
  return records
    .filter((record): record is Location => record !== null)
    .sort((a, b) => Number(b.isMainLocation) - Number(a.isMainLocation) || a.name.localeCompare(b.name));
}

async function claimSlug(slug: string, id: string): Promise<void> {
  if (!(await createJSON("locations", slugKey(slug), { id }))) {
    throw new HttpError(409, `Another location already uses the slug "${slug}".`);
  }
}

export async function createLocation(input: LocationInput): Promise<Location> {
  await seedIfEmpty();
  const id = randomUUID();
  await claimSlug(input.slug, id);
  const now = new Date().toISOString();
  const location: Location = { ...input, id, createdAt: now, updatedAt: now };
  await createJSON("locations", locationKey(id), location);
  return location;
}

/** Applies a partial edit; a new slug is claimed before the old one is released. */
export async function updateLocation(id: string, change: Partial<LocationInput>): Promise<Location> {
  await seedIfEmpty();
  const current = (await store("locations").get(locationKey(id), { type: "json" })) as Location | null;
  if (!current) throw new HttpError(404, "There is no such location.");
  const newSlug = change.slug && change.slug !== current.slug ? change.slug : undefined;
  if (newSlug) await claimSlug(newSlug, id);
  let oldSlug: string | undefined;
  const next = await updateJSON<Location>("locations", locationKey(id), (latest) => {
    const base = latest ?? current;
    oldSlug = base.slug;
    return { ...base, ...change, id, updatedAt: new Date().toISOString() };
  });
  if (newSlug && oldSlug && oldSlug !== newSlug) await store("locations").delete(slugKey(oldSlug));
  return next;
}
