// The first fill of an empty database from content/: the menu (content/menu.json, with its dishes'
// option groups and dietary labels) and the main
// location (content/site.json). It runs once per database: a marker row written in the same
// transaction makes a second run, or a second instance starting at the same moment, do nothing.
import contentMenu from "../../../content/menu.json";
import site from "../../../content/site.json";
import { contentMenuItemSchema, fromContentItem } from "../../domain/menu.schema";
import type { Queries } from "./database";
import { sql } from "./sql";

interface SeedTarget extends Queries {
  transaction<T>(work: (tx: Queries) => Promise<T>): Promise<T>;
}

const SEED_MARKER = "seeded-from-content";

/** The restaurant itself, the location every page speaks of. */
export const MAIN_LOCATION_ID = "main";

export async function seedFromContent(target: SeedTarget): Promise<void> {
  const done = await target.one(sql`SELECT key FROM settings WHERE key = ${SEED_MARKER}`);
  if (done) return;
  await target.transaction(async (tx) => {
    const first = await tx.one(
      sql`INSERT INTO settings (key, value) VALUES (${SEED_MARKER}, ${JSON.stringify(new Date().toISOString())}) ON CONFLICT (key) DO NOTHING RETURNING key`,
    );
    if (!first) return;
    let position = 0;
    for (const entry of contentMenu) {
      const item = fromContentItem(contentMenuItemSchema.parse(entry));
      position += 1;
      await tx.run(sql`
        INSERT INTO menu_items (id, slug, name, description, price_cents, section, category, featured, in_stock, image,
                                option_groups, dietary, position)
        VALUES (${item.id}, ${item.slug}, ${item.name}, ${item.description}, ${item.priceCents}, ${item.section},
                ${item.category}, ${item.featured}, ${item.inStock}, ${item.image},
                ${JSON.stringify(item.optionGroups)}::jsonb, ${JSON.stringify(item.dietary)}::jsonb, ${position})
        ON CONFLICT DO NOTHING`);
    }
    await tx.run(sql`
      INSERT INTO locations (id, name, slug, description, address, city, state, zip_code, phone, is_active, is_main_location)
      VALUES (${MAIN_LOCATION_ID}, ${site.name}, 'miami', ${site.description}, ${site.address.street}, ${site.address.city},
              ${site.address.state}, ${site.address.zip}, ${site.phone}, true, true)
      ON CONFLICT DO NOTHING`);
  });
}
