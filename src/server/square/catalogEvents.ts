// Square's catalogue and stock notifications: a catalogue change asks for a sync, debounced (a burst
// of edits in the Dashboard makes one sync, not one each); a stock count sets the dish's stock flag.
import { purgeMenuCache } from "../platform/cdnCache";
import { db } from "../platform/database";
import { log } from "../platform/http";
import { updateMenuItem } from "../content";
import { sql } from "../platform/sql";
import { squareConfig } from "../platform/squareConfig";
import { syncCatalogue } from "./catalog";

/** Quiet time after the last catalogue notification before the sync runs. */
export const CATALOG_SYNC_DEBOUNCE_MS = 20_000;
const DUE_KEY = "square-catalog-sync-due";

/** Notes that the catalogue changed: the sync is due once `CATALOG_SYNC_DEBOUNCE_MS` pass without another change. */
export async function requestCatalogSync(now: Date): Promise<Date> {
  const dueAt = new Date(now.getTime() + CATALOG_SYNC_DEBOUNCE_MS);
  await db.run(sql`
    INSERT INTO settings (key, value, updated_at) VALUES (${DUE_KEY}, ${{ dueAt: dueAt.toISOString() }}, now())
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
  return dueAt;
}

/**
 * Runs the catalogue sync if one is due at `now`. The due mark is taken in one statement, so of the
 * waiters woken after a burst only one syncs; a change noted during the sync makes a new mark.
 * Answers whether it synced.
 */
export async function runDueCatalogSync(now: Date, sync: () => Promise<unknown> = syncCatalogue): Promise<boolean> {
  const taken = await db.one<{ key: string }>(sql`
    DELETE FROM settings WHERE key = ${DUE_KEY} AND (value->>'dueAt')::timestamptz <= ${now} RETURNING key`);
  if (!taken) return false;
  try {
    await sync();
    return true;
  } catch (error) {
    // Put back, so the next notification's waiter or the hourly sync tries again.
    await requestCatalogSync(now).catch(() => undefined);
    log("warn", "catalogue sync after a Square notification failed", { error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** A count as `inventory.count.updated` carries it. */
export interface InventoryCount {
  variationId: string;
  locationId: string | null;
  state: string;
  quantity: number;
  /** When Square computed the count (its calculated_at, else the notification's created_at): its version. */
  countedAt: Date;
}

/**
 * Takes the count as the variation's newest, or answers false when a newer one (or this one) was
 * applied already: a replayed or late notification must not flip a dish back.
 */
async function isNewestCount(count: InventoryCount): Promise<boolean> {
  const taken = await db.one(sql`
    INSERT INTO square_inventory_versions (variation_id, counted_at) VALUES (${count.variationId}, ${count.countedAt})
    ON CONFLICT (variation_id) DO UPDATE SET counted_at = EXCLUDED.counted_at
      WHERE square_inventory_versions.counted_at < EXCLUDED.counted_at
    RETURNING variation_id`);
  return taken !== null;
}

/** Sets each counted dish's stock flag (no units left in stock: sold out), newest counts only. Answers how many dishes changed. */
export async function applyInventoryCounts(counts: readonly InventoryCount[]): Promise<number> {
  const locationId = squareConfig()?.locationId;
  let changed = 0;
  for (const count of counts) {
    if (count.state !== "IN_STOCK") continue;
    if (locationId && count.locationId && count.locationId !== locationId) continue;
    const row = await db.one<{ id: number; in_stock: boolean; back_in_stock_at: unknown }>(sql`
      SELECT id, in_stock, back_in_stock_at FROM menu_items WHERE square_variation_id = ${count.variationId}`);
    if (!row || !(await isNewestCount(count))) continue;
    const inStock = count.quantity > 0;
    // The count wins over a console return time too (one that has passed would otherwise sell a dish with none left).
    if (row.in_stock === inStock && row.back_in_stock_at === null) continue;
    await updateMenuItem(row.id, (item) => ({ ...item, inStock, backInStockAt: null }));
    changed++;
  }
  if (changed > 0) await purgeMenuCache();
  return changed;
}
