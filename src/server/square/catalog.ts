// The catalogue sync: rebuilds the menu from Square's catalogue while keeping our own flags, for the
// console's "Sync from Square", the hourly job and Square's catalogue events.
import type { Square } from "square";
import { labelsFromSquare, mergeSquareLabels, type DietaryLabel } from "../../domain/dietaryLabels";
import { isUploadedImageUrl } from "../../domain/images";
import type { MenuItem, StoredOptionGroup } from "../../domain/menu.schema";
import type { SectionId } from "../../domain/hours";
import { purgeMenuCache } from "../platform/cdnCache";
import type { Queries } from "../platform/database";
import { log } from "../platform/http";
import { mergeIntoMenu } from "../content";
import { squareClient, squareConfig } from "../platform/squareClient";
import { noteOutcome } from "../platform/serviceOutcomes";
import { ProviderUnavailable, Unavailable } from "../platform/errors";
import { describeSquareError, NOT_CONFIGURED_MESSAGE } from "./status";
import { recordActivity, type ActivityActor } from "../audit";

/** Which of the three menu sections a Square category belongs to. */
export function sectionForCategory(categoryName: string): SectionId {
  const name = categoryName.toLowerCase();
  if (/burger|fries|jealous burger/.test(name)) return "jealous-burger";
  if (/beverage|drink|coffee|espresso|latte|cocktail|beer|wine|sake|tea\b|juice|soda|smoothie|mimosa/.test(name)) {
    return "beverages";
  }
  return "jealous-fork";
}

function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 70)
    .replace(/-+$/g, "");
  return slug || "item";
}

interface CatalogueItem {
  squareId: string;
  variationId: string | null;
  name: string;
  description: string;
  priceCents: number;
  categoryName: string;
  imageUrl: string | null;
  /** The item's enabled modifier lists as option groups (empty when it has none). */
  optionGroups: StoredOptionGroup[];
  /** From Square's food and beverage details (empty when it gives none). */
  dietary: DietaryLabel[];
  /** Square's sold-out flag of the variation at our location, when staff set one there (null: none set). */
  soldOut: boolean | null;
}

/** Square's "not set" (-1) and invalid values (< -1) for a modifier count: no number given. */
function countOf(value: bigint | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const number = Number(value);
  return number >= 0 ? number : undefined;
}

const toggled = (value: string | undefined, fallback: boolean | null | undefined) =>
  value === "YES" ? true : value === "NO" ? false : Boolean(fallback);

/**
 * One item's modifier list as an option group: the item's own min/max, quantities, hidden and default
 * overrides over the list's; a modifier sold out at our location is sold out. Null for a list that
 * is disabled or hidden from customers on this item, or that offers nothing.
 */
export function optionGroupOf(
  info: Square.CatalogItemModifierListInfo,
  list: Square.CatalogObject.ModifierList | undefined,
  locationId: string | undefined,
): StoredOptionGroup | null {
  const data = list?.modifierListData;
  if (!list?.id || !data || info.enabled === false) return null;
  if (toggled(info.hiddenFromCustomerOverride, data.hiddenFromCustomer)) return null;
  const overrides = new Map((info.modifierOverrides ?? []).map((override) => [override.modifierId, override]));
  const options = (data.modifiers ?? []).flatMap((object) => {
    const modifier = object.type === "MODIFIER" ? object.modifierData : undefined;
    if (!object.id || !modifier?.name || object.isDeleted) return [];
    const override = overrides.get(object.id);
    const onByDefault = override?.onByDefaultOverride && override.onByDefaultOverride !== "NOT_SET"
      ? override.onByDefaultOverride === "YES"
      : (override?.onByDefault ?? modifier.onByDefault);
    const soldOut = (modifier.locationOverrides ?? []).some((o) => o.soldOut && (!locationId || !o.locationId || o.locationId === locationId));
    return [
      {
        id: object.id,
        name: modifier.name.slice(0, 120),
        price: Math.max(0, Number(modifier.priceMoney?.amount ?? 0)),
        ...(onByDefault ? { onByDefault: true } : {}),
        ...(soldOut ? { soldOut: true } : {}),
        ...(toggled(override?.hiddenOnlineOverride, modifier.hiddenOnline) ? { hiddenOnline: true } : {}),
        squareId: object.id,
      },
    ];
  });
  if (options.length === 0) return null;
  const allowQuantities = toggled(info.allowQuantities, data.allowQuantities);
  // The item's numbers when it sets them, else the list's, else what the older selection type says.
  const itemSets = countOf(info.minSelectedModifiers) !== undefined || countOf(info.maxSelectedModifiers) !== undefined;
  let min = (itemSets ? countOf(info.minSelectedModifiers) : countOf(data.minSelectedModifiers)) ?? 0;
  let max = (itemSets ? countOf(info.maxSelectedModifiers) : countOf(data.maxSelectedModifiers)) ?? (data.selectionType === "SINGLE" ? 1 : 0);
  // 0 is "no limit": every option, several times each where quantities are allowed.
  if (max === 0) max = allowQuantities ? Math.min(100, options.length * 10) : options.length;
  max = Math.min(max, 100);
  min = Math.min(min, max);
  return {
    id: list.id,
    name: (data.name ?? "Options").slice(0, 120),
    min,
    max,
    ...(allowQuantities ? { allowQuantities: true } : {}),
    squareId: list.id,
    options,
  };
}

/** Our labels from Square's standard dietary preferences and ingredients. */
function dietaryOf(data: Square.CatalogItem): DietaryLabel[] {
  const details = data.foodAndBeverageDetails;
  if (!details) return [];
  return labelsFromSquare(
    (details.dietaryPreferences ?? []).map((preference) => preference.standardName),
    (details.ingredients ?? []).map((ingredient) => ingredient.standardName),
  );
}

/** Every page of the catalogue (the SDK's pager follows the cursors), items resolved with their category and image. */
async function readCatalogue(): Promise<{ items: CatalogueItem[]; skipped: number }> {
  const categories = new Map<string, string>();
  const images = new Map<string, string>();
  const rawItems: Square.CatalogObject.Item[] = [];
  const modifierLists = new Map<string, Square.CatalogObject.ModifierList>();
  const pager = await (await squareClient("catalog")).catalog.list({ types: "ITEM,CATEGORY,IMAGE,MODIFIER_LIST" });
  for await (const object of pager) {
    if (object.isDeleted) continue;
    if (!object.id) continue;
    if (object.type === "CATEGORY" && object.categoryData?.name) categories.set(object.id, object.categoryData.name);
    else if (object.type === "IMAGE" && object.imageData?.url) images.set(object.id, object.imageData.url);
    else if (object.type === "MODIFIER_LIST") modifierLists.set(object.id, object);
    else if (object.type === "ITEM") rawItems.push(object);
  }
  const locationId = squareConfig()?.locationId;
  let skipped = 0;
  const items: CatalogueItem[] = [];
  for (const object of rawItems) {
    const data = object.itemData;
    const variation = data?.variations?.find(
      (candidate) => candidate.type === "ITEM_VARIATION" && candidate.itemVariationData?.priceMoney?.amount !== undefined,
    ) as Square.CatalogObject.ItemVariation | undefined;
    const amount = variation?.itemVariationData?.priceMoney?.amount;
    // Items without a fixed price (or archived ones) cannot be ordered online.
    if (!data?.name || data.isArchived || amount === undefined || amount === null || amount < 0n) {
      skipped++;
      continue;
    }
    const categoryId = data.categories?.[0]?.id ?? data.categoryId ?? undefined;
    const imageId = data.imageIds?.[0];
    items.push({
      squareId: object.id,
      variationId: variation?.id ?? null,
      name: data.name.slice(0, 120),
      description: (data.description ?? data.descriptionPlaintext ?? "").slice(0, 1000),
      priceCents: Number(amount),
      categoryName: (categoryId && categories.get(categoryId)) || "Uncategorized",
      imageUrl: (imageId && images.get(imageId)) || null,
      optionGroups: (data.modifierListInfo ?? [])
        .map((info) => optionGroupOf(info, modifierLists.get(info.modifierListId), locationId))
        .filter((group): group is StoredOptionGroup => group !== null)
        // A list attached twice would make two groups with one id.
        .filter((group, index, groups) => groups.findIndex((other) => other.id === group.id) === index),
      dietary: dietaryOf(data),
      soldOut: variation?.itemVariationData?.locationOverrides?.find((override) => override.locationId === locationId)?.soldOut ?? null,
    });
  }
  return { items, skipped };
}

/**
 * The new menu: catalogue items with our ids and local flags kept. An item is matched to ours by
 * its Square id, or on the first sync by its slug. Featured, stock and an uploaded picture are
 * ours; name, description, price, category, Square's picture, its modifier lists and its dietary
 * details come from Square (a dish Square gives none of these keeps ours).
 */
export function mergeCatalogue(current: MenuItem[], catalogue: CatalogueItem[], highestId = 0): MenuItem[] {
  const bySquareId = new Map(current.filter((item) => item.squareId).map((item) => [item.squareId!, item]));
  const bySlug = new Map(current.map((item) => [item.slug, item]));
  const usedIds = new Set<number>();
  const usedSlugs = new Set<string>();
  // Beyond every id ever given, not just today's: a deleted dish's id is never reused.
  let nextId = Math.max(highestId, ...current.map((item) => item.id)) + 1;
  const merged: MenuItem[] = [];
  for (const entry of catalogue) {
    const baseSlug = slugify(entry.name);
    const existing = bySquareId.get(entry.squareId) ?? (bySlug.get(baseSlug)?.squareId ? undefined : bySlug.get(baseSlug));
    let id = existing?.id ?? nextId++;
    if (usedIds.has(id)) id = nextId++;
    usedIds.add(id);
    let slug = existing && !usedSlugs.has(existing.slug) ? existing.slug : baseSlug;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${baseSlug}-${n}`;
    usedSlugs.add(slug);
    const localImage = existing?.image && isUploadedImageUrl(existing.image) ? existing.image : null;
    merged.push({
      id,
      slug,
      name: entry.name,
      description: entry.description,
      priceCents: entry.priceCents,
      section: sectionForCategory(entry.categoryName),
      category: slugify(entry.categoryName).slice(0, 40),
      featured: existing?.featured ?? false,
      // Sold out (or back) on the POS wins; without a flag there, the console's stock flag stays.
      inStock: entry.soldOut !== null && entry.soldOut !== undefined ? !entry.soldOut : (existing?.inStock ?? true),
      // A console return time stays with the console's flag; the POS's flag has none.
      backInStockAt: entry.soldOut !== null && entry.soldOut !== undefined ? null : (existing?.backInStockAt ?? null),
      image: localImage ?? entry.imageUrl ?? existing?.image ?? null,
      squareId: entry.squareId,
      squareVariationId: entry.variationId,
      // Square's when it has any; else ours (content's), which then go to Square as ad hoc modifiers.
      optionGroups: entry.optionGroups.length > 0 ? entry.optionGroups : (existing?.optionGroups ?? []),
      // Square's food and beverage details where they say something; the console's labels Square cannot state stay.
      dietary: mergeSquareLabels(existing?.dietary ?? [], entry.dietary),
    });
  }
  return merged;
}

export interface SyncResult {
  success: true;
  error: null;
  itemCount: number;
  skipped: number;
}

/** What a dish is in the activity log of a sync: what a guest sees of it. */
function dishOf(item: MenuItem): { name: string; price: number; section: string; inStock: boolean } {
  return { name: item.name, price: item.priceCents / 100, section: item.section, inStock: item.inStock };
}

/**
 * A sync's change to the menu, as the activity log keeps it: the dishes it added, changed or removed,
 * each as it was before and is after (by id), and how many dishes there were.
 */
export function menuChange(before: readonly MenuItem[], after: readonly MenuItem[]): { before: unknown; after: unknown } {
  const old = new Map(before.map((item) => [item.id, dishOf(item)]));
  const now = new Map(after.map((item) => [item.id, dishOf(item)]));
  const was: Record<number, unknown> = {};
  const is: Record<number, unknown> = {};
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const previous = old.get(id);
    const next = now.get(id);
    if (JSON.stringify(previous) === JSON.stringify(next)) continue;
    if (previous) was[id] = previous;
    if (next) is[id] = next;
  }
  return { before: { itemCount: before.length, dishes: was }, after: { itemCount: after.length, dishes: is } };
}

/**
 * Reads the whole catalogue and replaces the menu in one write. 503 without credentials, 502 when Square
 * fails. Asked by a person, the menu's change is in the activity log, written in the same transaction.
 */
export async function syncCatalogue(actor?: ActivityActor): Promise<SyncResult> {
  if (!squareConfig()) throw new Unavailable(NOT_CONFIGURED_MESSAGE);
  let catalogue: Awaited<ReturnType<typeof readCatalogue>>;
  try {
    catalogue = await readCatalogue();
  } catch (error) {
    const { message } = await describeSquareError(error);
    log("warn", "square catalogue sync failed", { message });
    await noteOutcome("square-catalogue-sync", false, message);
    throw new ProviderUnavailable(`Failed to sync with Square API: ${message}`);
  }
  if (catalogue.items.length === 0) {
    // An empty answer is far likelier a wrong account than a restaurant with nothing to sell.
    await noteOutcome("square-catalogue-sync", false, "Square's catalogue has no items with a price, so the menu was kept.");
    throw new ProviderUnavailable("Failed to sync with Square API: the catalogue has no items with a price, so the menu was kept.");
  }
  const audit = actor
    ? (tx: Queries, before: MenuItem[], after: MenuItem[]) => recordActivity(actor, { action: "menu.square-sync", target: "menu", ...menuChange(before, after) }, tx)
    : undefined;
  const merged = await mergeIntoMenu((current, highestId) => mergeCatalogue(current, catalogue.items, highestId), audit);
  await purgeMenuCache();
  log("info", "square catalogue synced", { items: merged.length, skipped: catalogue.skipped });
  await noteOutcome("square-catalogue-sync", true, `${merged.length} menu items in sync with Square.`);
  return { success: true, error: null, itemCount: merged.length, skipped: catalogue.skipped };
}
