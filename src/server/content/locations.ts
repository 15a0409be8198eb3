// Restaurant locations: rows of locations, whose unique slug means two can never share one; the main
// location is seeded from content/site.json into an empty database, and the public pages show its
// name, address and phone (src/siteFacts.ts), so a save purges the cached pages.
import { randomUUID } from "node:crypto";
import type { Location, LocationInput } from "../../domain/location.schema";
import { db } from "../platform/database";
import { purgeHoursPages } from "../schedule";
import { requestSiteRebuild } from "../platform/siteRebuild";
import { sql } from "../platform/sql";
import { Conflict, NotFound } from "../platform/errors";
import { recordActivity, type ActivityActor } from "../audit";

export interface LocationRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  is_active: boolean;
  is_main_location: boolean;
  image_url: string | null;
  hero_image_url: string | null;
  created_at: Date;
  updated_at: Date;
}

export function locationOf(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    phone: row.phone,
    isActive: row.is_active,
    isMainLocation: row.is_main_location,
    imageUrl: row.image_url,
    heroImageUrl: row.hero_image_url,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The main location first, then by name. */
export async function listLocations(): Promise<Location[]> {
  const rows = await db.all<LocationRow>(sql`SELECT * FROM locations ORDER BY is_main_location DESC, name`);
  return rows.map(locationOf);
}

/** The location the public pages speak of: the main one, or null when staff removed every mark of it. */
export async function mainLocation(): Promise<Location | null> {
  const row = await db.one<LocationRow>(sql`SELECT * FROM locations WHERE is_main_location AND is_active ORDER BY created_at LIMIT 1`);
  return row ? locationOf(row) : null;
}

const SLUG_TAKEN = (slug: string) => new Conflict(`Another location already uses the slug "${slug}".`);

/** Postgres's answer to a second row with the same slug. */
function isSlugConflict(error: unknown): boolean {
  return (error as { code?: string; constraint?: string })?.code === "23505";
}

/** Adds a location; a person's addition writes its activity row in the same transaction. */
export async function createLocation(input: LocationInput, actor?: ActivityActor): Promise<Location> {
  try {
    const row = await db.transaction(async (tx) => {
      const created = await tx.one<LocationRow>(sql`
        INSERT INTO locations (id, name, slug, description, address, city, state, zip_code, phone, is_active, is_main_location,
                               image_url, hero_image_url)
        VALUES (${randomUUID()}, ${input.name}, ${input.slug}, ${input.description}, ${input.address}, ${input.city}, ${input.state},
                ${input.zipCode}, ${input.phone}, ${input.isActive}, ${input.isMainLocation}, ${input.imageUrl}, ${input.heroImageUrl})
        RETURNING *`);
      if (actor) await recordActivity(actor, { action: "location.create", target: created!.id, after: editable(locationOf(created!)) }, tx);
      return created;
    });
    // The pages show the main location's address and phone: cached pages go.
    await purgeHoursPages();
    await requestSiteRebuild("location");
    return locationOf(row!);
  } catch (error) {
    if (isSlugConflict(error)) throw SLUG_TAKEN(input.slug);
    throw error;
  }
}

/** What the activity log keeps of a location: what staff edit, without the row's own times. */
function editable(location: Location): Partial<Location> {
  const { createdAt: _created, updatedAt: _updated, ...fields } = location;
  return fields;
}

/** The fields `change` names, as `location` has them. */
function fieldsOf(location: Location, change: Partial<LocationInput>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(change).map((key) => [key, location[key as keyof Location]]));
}

/**
 * Applies a partial edit in one statement; a slug another location holds is refused with 409. A person's
 * edit writes its activity row (the changed fields before and after) in the same transaction.
 */
export async function updateLocation(id: string, change: Partial<LocationInput>, actor?: ActivityActor): Promise<Location> {
  try {
    const row = await db.transaction(async (tx) => {
      const before = await tx.one<LocationRow>(sql`SELECT * FROM locations WHERE id = ${id} FOR UPDATE`);
      if (!before) throw new NotFound("There is no such location.");
      const updated = await tx.one<LocationRow>(sql`
        UPDATE locations SET
          name = COALESCE(${change.name}, name), slug = COALESCE(${change.slug}, slug),
          description = COALESCE(${change.description}, description), address = COALESCE(${change.address}, address),
          city = COALESCE(${change.city}, city), state = COALESCE(${change.state}, state),
          zip_code = COALESCE(${change.zipCode}, zip_code), phone = COALESCE(${change.phone}, phone),
          is_active = COALESCE(${change.isActive}, is_active), is_main_location = COALESCE(${change.isMainLocation}, is_main_location),
          image_url = CASE WHEN ${"imageUrl" in change} THEN ${change.imageUrl ?? null} ELSE image_url END,
          hero_image_url = CASE WHEN ${"heroImageUrl" in change} THEN ${change.heroImageUrl ?? null} ELSE hero_image_url END,
          updated_at = now()
        WHERE id = ${id}
        RETURNING *`);
      if (actor) {
        // A picture alone is its own action, as the console's picture buttons are.
        const action = Object.keys(change).every((key) => key === "imageUrl") ? "location.image" : "location.update";
        await recordActivity(actor, { action, target: id, before: fieldsOf(locationOf(before), change), after: fieldsOf(locationOf(updated!), change) }, tx);
      }
      return updated!;
    });
    await purgeHoursPages();
    await requestSiteRebuild("location");
    return locationOf(row);
  } catch (error) {
    if (isSlugConflict(error)) throw SLUG_TAKEN(change.slug ?? "");
    throw error;
  }
}
