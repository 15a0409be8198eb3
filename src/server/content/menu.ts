// The menu: every item the restaurant sells, rows of menu_items (seeded from content/ into an empty
// database), each with its option groups and dietary labels. Featured and stock are flags on the item, so the menu, the featured list and the order
// pricing agree.
import contentMenu from "../../../content/menu.json";
import { contentMenuItemSchema, fromContentItem, menuItemSchema, type MenuItem } from "../../domain/menu.schema";
import { db, type Queries } from "../platform/database";
import { readVersioned } from "../platform/dataVersions";
import { log } from "../platform/http";
import { sql } from "../platform/sql";
import { serverNow } from "../env";
import { stockAt } from "../../domain/stockReturn";

export interface MenuRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  section: string;
  category: string;
  featured: boolean;
  in_stock: boolean;
  back_in_stock_at?: Date | string | null;
  image: string | null;
  square_id: string | null;
  square_variation_id: string | null;
  /** jsonb: the dish's option groups and dietary labels, read and written whole with it. */
  option_groups: unknown;
  dietary: unknown;
}

const HIGHEST_ID = "menu-highest-id";

/** A row as the fields of a menu item, before they are checked (the staff's Spanish lives in spanish_texts). */
export function menuItemFields(row: MenuRow): Record<Exclude<keyof MenuItem, "spanish">, unknown> {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    section: row.section,
    category: row.category,
    featured: row.featured,
    inStock: row.in_stock,
    backInStockAt: row.back_in_stock_at ? new Date(row.back_in_stock_at).toISOString() : null,
    image: row.image,
    squareId: row.square_id,
    squareVariationId: row.square_variation_id,
    optionGroups: row.option_groups ?? [],
    dietary: row.dietary ?? [],
  };
}

function itemOf(row: MenuRow): MenuItem | null {
  const parsed = menuItemSchema.safeParse(menuItemFields(row));
  if (parsed.success) return parsed.data;
  log("warn", "skipping an invalid stored menu item", { id: row.id, issues: parsed.error.issues.length });
  return null;
}

const itemsOf = (rows: MenuRow[]) => rows.map(itemOf).filter((item): item is MenuItem => item !== null);

function contentItems(): MenuItem[] {
  return contentMenu.map((entry) => fromContentItem(contentMenuItemSchema.parse(entry)));
}

/** The whole menu in menu order. When the database cannot be read, the menu of content/ answers. */
export async function readMenu(now: Date = serverNow()): Promise<MenuItem[]> {
  try {
    return itemsOf(await db.all<MenuRow>(sql`SELECT * FROM menu_items ORDER BY position, id`)).map((item) => stockAt(item, now));
  } catch (error) {
    log("error", "the menu could not be read; answering from content", { error: error instanceof Error ? error.message : String(error) });
    return contentItems();
  }
}

/** The menu as a checkout attempt needs it: each dish by id, with the kitchen's load it makes (kept by the menu's version). */
export interface MenuSnapshot {
  items: ReadonlyMap<number, MenuItem>;
  kitchen: ReadonlyMap<number, { section: string; weight: number }>;
}

async function readSnapshot(): Promise<MenuSnapshot> {
  const rows = await db.all<MenuRow & { kitchen_weight: number }>(sql`SELECT * FROM menu_items`);
  return {
    items: new Map(itemsOf(rows).map((item) => [item.id, item])),
    kitchen: new Map(rows.map((row) => [row.id, { section: row.section, weight: row.kitchen_weight }])),
  };
}

/** Every dish on the menu now, read again only when the menu has changed. */
export function menuSnapshot(): Promise<MenuSnapshot> {
  return readVersioned("menu", readSnapshot);
}

/**
 * The dishes with these ids (those still on the menu): what an order is priced from. Their stock is
 * worked out here at `now`, never inside the kept snapshot, so a timed return is not hidden by it.
 */
export async function findMenuItems(ids: readonly number[], now: Date = serverNow()): Promise<MenuItem[]> {
  if (ids.length === 0) return [];
  const { items } = await menuSnapshot();
  return [...new Set(ids)].flatMap((id) => {
    const item = items.get(id);
    return item ? [stockAt(item, now)] : [];
  });
}

async function writeItem(tx: Queries, item: MenuItem, position: number): Promise<void> {
  await tx.run(sql`
    INSERT INTO menu_items (id, slug, name, description, price_cents, section, category, featured, in_stock, back_in_stock_at,
                            image, square_id, square_variation_id, option_groups, dietary, position, updated_at)
    VALUES (${item.id}, ${item.slug}, ${item.name}, ${item.description}, ${item.priceCents}, ${item.section}, ${item.category},
            ${item.featured}, ${item.inStock}, ${item.backInStockAt ?? null}, ${item.image}, ${item.squareId}, ${item.squareVariationId},
            ${JSON.stringify(item.optionGroups)}::jsonb, ${JSON.stringify(item.dietary)}::jsonb, ${position}, now())
    ON CONFLICT (id) DO UPDATE SET
      slug = EXCLUDED.slug, name = EXCLUDED.name, description = EXCLUDED.description, price_cents = EXCLUDED.price_cents,
      section = EXCLUDED.section, category = EXCLUDED.category, featured = EXCLUDED.featured, in_stock = EXCLUDED.in_stock,
      back_in_stock_at = EXCLUDED.back_in_stock_at, image = EXCLUDED.image, square_id = EXCLUDED.square_id, square_variation_id = EXCLUDED.square_variation_id,
      option_groups = EXCLUDED.option_groups, dietary = EXCLUDED.dietary, position = EXCLUDED.position,
      updated_at = now()`);
}

/**
 * Changes one item inside a transaction that holds its row, so two edits of the same item never
 * lose each other. Returns the changed item, or undefined when there is no item with that id.
 * `audit` runs in the same transaction with the item before and after (a staff change's activity row).
 */
export async function updateMenuItem(
  id: number,
  change: (item: MenuItem) => MenuItem,
  audit?: (tx: Queries, before: MenuItem, after: MenuItem) => Promise<void>,
): Promise<MenuItem | undefined> {
  return db.transaction(async (tx) => {
    const row = await tx.one<MenuRow>(sql`SELECT * FROM menu_items WHERE id = ${id} FOR UPDATE`);
    const current = row && itemOf(row);
    if (!current) return undefined;
    const updated = menuItemSchema.parse({ ...change(current), id });
    await tx.run(sql`
      UPDATE menu_items SET slug = ${updated.slug}, name = ${updated.name}, description = ${updated.description},
        price_cents = ${updated.priceCents}, section = ${updated.section}, category = ${updated.category},
        featured = ${updated.featured}, in_stock = ${updated.inStock},
        back_in_stock_at = ${updated.backInStockAt ?? null}, image = ${updated.image},
        square_id = ${updated.squareId}, square_variation_id = ${updated.squareVariationId},
        option_groups = ${JSON.stringify(updated.optionGroups)}::jsonb, dietary = ${JSON.stringify(updated.dietary)}::jsonb,
        updated_at = now()
      WHERE id = ${id}`);
    await audit?.(tx, current, updated);
    return updated;
  });
}

/**
 * Replaces the whole menu in one transaction (a catalogue sync), so visitors never see half of it:
 * `merge` gets the menu as it is at that moment (its rows held, so a stock change made meanwhile
 * waits and is kept) and the highest id ever given, which new dishes must go beyond: an id is never
 * reused, so a stale cart can never buy another dish by an old id. `audit` runs in the same transaction
 * with the menu before and after (a person's sync writing its activity row).
 */
export async function mergeIntoMenu(
  merge: (current: MenuItem[], highestId: number) => MenuItem[],
  audit?: (tx: Queries, before: MenuItem[], after: MenuItem[]) => Promise<void>,
): Promise<MenuItem[]> {
  return db.transaction(async (tx) => {
    const current = itemsOf(await tx.all<MenuRow>(sql`SELECT * FROM menu_items ORDER BY position, id FOR UPDATE`));
    const stored = await tx.one<{ value: number }>(sql`SELECT value FROM settings WHERE key = ${HIGHEST_ID}`);
    const highestId = Math.max(0, Number(stored?.value ?? 0), ...current.map((item) => item.id));
    const merged = merge(current, highestId).map((item) => menuItemSchema.parse(item));
    const kept = merged.map((item) => item.id);
    await tx.run(sql`DELETE FROM menu_items WHERE NOT (id = ANY(${kept}::integer[]))`);
    // Slugs are unique: park the kept rows' slugs first, so two dishes may swap names in one sync.
    await tx.run(sql`UPDATE menu_items SET slug = 'moving-' || id`);
    for (const [index, item] of merged.entries()) await writeItem(tx, item, index + 1);
    const highest = Math.max(highestId, ...kept);
    await tx.run(sql`
      INSERT INTO settings (key, value, updated_at) VALUES (${HIGHEST_ID}, ${JSON.stringify(highest)}, now())
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    await audit?.(tx, current, merged);
    return merged;
  });
}
