// The one-shot move of a site that ran on Netlify Blobs: its orders (with lines and payment state),
// contact messages, menu (flags, pictures, Square ids, the highest dish id ever given), locations and
// picture slots become rows. Idempotent: orders and messages already moved are left as they are, and
// once everything is moved a marker makes later runs change nothing. Work is done in slices that fit
// a function's time: the caller repeats until `done`.
import { getStore, type Store } from "@netlify/blobs";
import { restaurantTime } from "../domain/hours";
import { menuItemSchema, type MenuItem } from "../domain/menu.schema";
import { db } from "./database";
import { deployedDataPrefix, envValue, isDeployed } from "./env";
import { log } from "./http";
import { mergeIntoMenu } from "./content/menu";
import { sql } from "./sql";
import { recordActivity, type ActivityActor } from "./staff/activity";

const DONE_MARKER = "blobs-import-finished";

export interface ImportCounts {
  orders: number;
  messages: number;
  menuItems: number;
  locations: number;
  slots: number;
  /** Records that could not be read or were refused by the schema: listed by key in the log. */
  skipped: number;
}

export interface ImportResult {
  done: boolean;
  /** When the import finished (this run or an earlier one). */
  finishedAt: string | null;
  counts: ImportCounts;
}

/** The Blobs store the site used for a kind of record, named as it was (per deploy context). */
function legacyStore(name: string): Store {
  const namespace = isDeployed() ? deployedDataPrefix() : envValue("STORE_NAMESPACE");
  return getStore({ name: namespace ? `${namespace}-${name}` : name, consistency: "strong" });
}

async function keysOf(store: Store, prefix?: string): Promise<string[]> {
  const { blobs } = await store.list(prefix ? { prefix } : {});
  return blobs.map((blob) => blob.key).sort();
}

type Legacy = Record<string, any>;

async function importOrder(record: Legacy): Promise<boolean> {
  const createdAt = new Date(record.createdAt);
  const payment = record.payment ?? {};
  return db.transaction(async (tx) => {
    const created = await tx.one(sql`
      INSERT INTO orders (id, order_number, idempotency_key, fingerprint, status, order_type, subtotal_cents, tax_cents,
                          delivery_fee_cents, total_cents, customer_name, customer_email, customer_phone, delivery,
                          created_at, miami_date, updated_at, confirmed_at, provider, provider_order_id, provider_tax_cents,
                          provider_total_cents, payment_id, amount_cents, receipt_url, failed_attempts, last_error,
                          last_attempt_at, last_check_at, last_check_found)
      VALUES (${record.orderId}, ${record.orderNumber}, ${record.idempotencyKey}, ${record.fingerprint}, ${record.status},
              ${record.orderType}, ${record.totals.subtotal}, ${record.totals.tax}, ${record.totals.deliveryFee}, ${record.totals.total},
              ${record.customer.name}, ${record.customer.email}, ${record.customer.phone}, ${record.delivery ?? null},
              ${createdAt}, ${restaurantTime(createdAt).date}, ${new Date(record.updatedAt ?? record.createdAt)},
              ${record.confirmedAt ? new Date(record.confirmedAt) : null}, ${payment.provider ?? null}, ${payment.providerOrderId ?? null},
              ${payment.providerTaxCents ?? null}, ${payment.providerTotalCents ?? null}, ${payment.paymentId ?? null},
              ${payment.amountCents ?? null}, ${payment.receiptUrl ?? null}, ${payment.attempts ?? 0}, ${payment.lastError ?? null},
              ${payment.lastAttemptAt ? new Date(payment.lastAttemptAt) : null},
              ${payment.lastCheck?.at ? new Date(payment.lastCheck.at) : null}, ${payment.lastCheck ? Boolean(payment.lastCheck.chargeFound) : null})
      ON CONFLICT DO NOTHING
      RETURNING id`);
    if (!created) return false;
    for (const [index, line] of (record.lines as Legacy[]).entries()) {
      await tx.run(sql`
        INSERT INTO order_lines (order_id, line_number, menu_item_id, name, description, unit_price_cents, quantity, catalog_object_id)
        VALUES (${record.orderId}, ${index + 1}, ${line.menuItemId}, ${line.name}, ${line.description ?? ""}, ${line.unitPriceCents},
                ${line.quantity}, ${line.catalogObjectId ?? null})`);
    }
    return true;
  });
}

async function importMessage(record: Legacy): Promise<boolean> {
  const inserted = await db.run(sql`
    INSERT INTO contact_messages (id, first_name, last_name, email, phone, message, created_at, handled, handled_at)
    VALUES (${record.id}, ${record.firstName}, ${record.lastName}, ${record.email}, ${record.phone ?? null}, ${record.message},
            ${new Date(record.createdAt)}, ${Boolean(record.handled)}, ${record.handledAt ? new Date(record.handledAt) : null})
    ON CONFLICT (id) DO NOTHING`);
  return inserted > 0;
}

/** The stored menu replaces the seeded one, keeping the option groups and labels of the dishes it shares. */
async function importMenu(stored: Legacy, counts: ImportCounts): Promise<void> {
  const items = Array.isArray(stored.items) ? stored.items : [];
  await mergeIntoMenu((current) => {
    const byId = new Map(current.map((item) => [item.id, item]));
    const moved: MenuItem[] = [];
    for (const entry of items) {
      const parsed = menuItemSchema.safeParse({ ...byId.get(entry?.id), ...entry });
      if (parsed.success) moved.push(parsed.data);
      else {
        counts.skipped += 1;
        log("warn", "blobs import: a menu item the schema refuses was left out", { id: entry?.id });
      }
    }
    counts.menuItems = moved.length;
    return moved.length > 0 ? moved : current;
  });
  const highest = Number(stored.highestId ?? 0);
  if (highest > 0) {
    await db.run(sql`
      INSERT INTO settings (key, value) VALUES ('menu-highest-id', ${JSON.stringify(highest)})
      ON CONFLICT (key) DO UPDATE SET value = to_jsonb(GREATEST((settings.value)::text::integer, ${highest}::integer)), updated_at = now()`);
  }
}

async function importLocation(record: Legacy): Promise<boolean> {
  try {
    await db.run(sql`
      INSERT INTO locations (id, name, slug, description, address, city, state, zip_code, phone, is_active, is_main_location,
                             image_url, hero_image_url, created_at, updated_at)
      VALUES (${record.id}, ${record.name}, ${record.slug}, ${record.description ?? ""}, ${record.address ?? ""}, ${record.city ?? "Miami"},
              ${record.state ?? "FL"}, ${record.zipCode ?? ""}, ${record.phone ?? ""}, ${record.isActive ?? true}, ${record.isMainLocation ?? false},
              ${record.imageUrl ?? null}, ${record.heroImageUrl ?? null}, ${new Date(record.createdAt ?? Date.now())}, ${new Date(record.updatedAt ?? Date.now())})
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, slug = EXCLUDED.slug, description = EXCLUDED.description,
        address = EXCLUDED.address, city = EXCLUDED.city, state = EXCLUDED.state, zip_code = EXCLUDED.zip_code, phone = EXCLUDED.phone,
        is_active = EXCLUDED.is_active, is_main_location = EXCLUDED.is_main_location, image_url = EXCLUDED.image_url,
        hero_image_url = EXCLUDED.hero_image_url, updated_at = EXCLUDED.updated_at`);
    return true;
  } catch (error) {
    log("warn", "blobs import: a location was left out", { id: record.id, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/**
 * Moves what Blobs holds into the database, for at most `budgetMs`; answers whether all of it is
 * moved. Nothing is deleted from Blobs. Run by a person, the run that finishes writes its activity row
 * in the transaction that marks the import finished.
 */
export async function importFromBlobs(budgetMs = 8_000, actor?: ActivityActor): Promise<ImportResult> {
  const finished = await db.one<{ value: { at: string; counts: ImportCounts } }>(sql`SELECT value FROM settings WHERE key = ${DONE_MARKER}`);
  if (finished) return { done: true, finishedAt: finished.value.at, counts: finished.value.counts };
  const deadline = Date.now() + budgetMs;
  const counts: ImportCounts = { orders: 0, messages: 0, menuItems: 0, locations: 0, slots: 0, skipped: 0 };
  const read = async (store: Store, key: string): Promise<Legacy | null> => {
    try {
      return (await store.get(key, { type: "json" })) as Legacy | null;
    } catch {
      counts.skipped += 1;
      log("warn", "blobs import: a record that is not JSON was left out", { key });
      return null;
    }
  };
  const orders = legacyStore("orders");
  for (const key of await keysOf(orders, "order/")) {
    if (Date.now() > deadline) return { done: false, finishedAt: null, counts };
    const record = await read(orders, key);
    if (!record?.orderId) continue;
    try {
      if (await importOrder(record)) counts.orders += 1;
    } catch (error) {
      counts.skipped += 1;
      log("warn", "blobs import: an order the schema refuses was left out", { key, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const messages = legacyStore("messages");
  for (const key of await keysOf(messages)) {
    if (Date.now() > deadline) return { done: false, finishedAt: null, counts };
    const record = await read(messages, key);
    if (!record?.id) continue;
    try {
      if (await importMessage(record)) counts.messages += 1;
    } catch (error) {
      counts.skipped += 1;
      log("warn", "blobs import: a message the schema refuses was left out", { key, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const menu = await read(legacyStore("menu"), "items");
  if (menu) await importMenu(menu, counts);
  const locations = legacyStore("locations");
  for (const key of await keysOf(locations, "location/")) {
    const record = await read(locations, key);
    if (record?.id && (await importLocation(record))) counts.locations += 1;
  }
  for (const kind of ["banners", "gallery"] as const) {
    const slots = legacyStore(kind);
    for (const key of await keysOf(slots, "slot/")) {
      const record = await read(slots, key);
      if (!record) continue;
      await db.run(sql`
        INSERT INTO image_slots (kind, slot_id, image_url, updated_at) VALUES (${kind}, ${key.slice("slot/".length)}, ${record.imageUrl ?? null},
          ${new Date(record.updatedAt ?? Date.now())})
        ON CONFLICT (kind, slot_id) DO UPDATE SET image_url = EXCLUDED.image_url, updated_at = EXCLUDED.updated_at`);
      counts.slots += 1;
    }
  }
  const at = new Date().toISOString();
  await db.transaction(async (tx) => {
    const marked = await tx.run(sql`INSERT INTO settings (key, value) VALUES (${DONE_MARKER}, ${{ at, counts }}) ON CONFLICT (key) DO NOTHING`);
    if (marked && actor) await recordActivity(actor, { action: "content.import", target: "blobs", before: { finished: false }, after: { finished: true, counts } }, tx);
  });
  log("info", "blobs import finished", { ...counts });
  return { done: true, finishedAt: at, counts };
}
