// Admin changes to menu items (featured, stock, picture, dietary labels and allergens). Each is one conditional write of one item with
// its activity row (who, before, after) in one transaction, followed by a purge of the CDN's cached menu
// answers so visitors see it at once, not after max-age.
import type { DietaryLabel } from "../../domain/dietaryLabels";
import type { MenuItem } from "../../domain/menu.schema";
import type { StaffAction } from "../../domain/staffActivity";
import { adminItemView } from "../../domain/menuReadModel";
import type { Queries } from "../platform/database";
import { readMenu, updateMenuItem } from "./menu";
import { purgeMenuCache } from "../platform/cdnCache";
import { recordActivity, type ActivityActor } from "../audit";
import { InvalidRequest, NotFound } from "../platform/errors";
import { serverNow } from "../env";
import { readScheduleOrSeed } from "../schedule";
import { nextWallTime, tomorrowsOpening } from "../../domain/stockReturn";

/** The numeric id of a path parameter, or 404: no item can have any other id. */
export function menuItemId(param: string | undefined): number {
  const id = Number(param);
  if (!param || !/^\d{1,9}$/.test(param) || !Number.isSafeInteger(id) || id <= 0) {
    throw new NotFound("There is no such menu item.");
  }
  return id;
}

/** What a change of one flag looks like in the activity log: the action and the fields it touches. */
interface ItemChange {
  action: StaffAction;
  fields: (item: MenuItem) => Record<string, unknown>;
}

async function changeItem(id: number, change: (item: MenuItem) => MenuItem, actor: ActivityActor | undefined, logged: ItemChange): Promise<MenuItem> {
  const audit = actor
    ? (tx: Queries, before: MenuItem, after: MenuItem) =>
        recordActivity(actor, { action: logged.action, target: `${id} ${after.name}`, before: logged.fields(before), after: logged.fields(after) }, tx)
    : undefined;
  const updated = await updateMenuItem(id, change, audit);
  if (!updated) throw new NotFound("There is no such menu item.");
  await purgeMenuCache();
  return updated;
}

const FEATURED: ItemChange = { action: "menu.featured", fields: (item) => ({ featured: item.featured }) };
const STOCK: ItemChange = { action: "menu.stock", fields: (item) => ({ inStock: item.inStock, backInStockAt: item.backInStockAt ?? null }) };
const IMAGE: ItemChange = { action: "menu.image", fields: (item) => ({ imageUrl: item.image }) };
const LABELS: ItemChange = { action: "menu.labels", fields: (item) => ({ dietary: item.dietary }) };

/** Features an item on the home page, or stops; `actor` is the person doing it (none for scripts). */
export function setFeatured(id: number, featured: boolean, actor?: ActivityActor): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, featured }), actor, FEATURED);
}

/** 86s a dish or brings it back for good: either way a return time set before no longer applies. */
export function setInStock(id: number, inStock: boolean, actor?: ActivityActor): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, inStock, backInStockAt: null }), actor, STOCK);
}

/** 86s a dish until `backAt` (checked by the caller to be ahead): it returns by itself then, with no write. */
function setOutUntil(id: number, backAt: Date, actor?: ActivityActor): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, inStock: false, backInStockAt: backAt.toISOString() }), actor, STOCK);
}

/**
 * 86s a dish until "tomorrow" (the start of tomorrow's first opening) or until a Miami wall time "HH:MM"
 * (its next occurrence). The text is checked by the caller's schema.
 */
export async function setOutUntilText(id: number, backAt: string, actor?: ActivityActor): Promise<MenuItem> {
  const now = serverNow();
  const at = backAt === "tomorrow" ? tomorrowsOpening(await readScheduleOrSeed(), now) : nextWallTime(backAt, now);
  if (!at) throw new InvalidRequest("The time must read HH:MM, like 17:00.");
  return setOutUntil(id, at, actor);
}

/** Sets the item's picture, or with null removes it. */
export function setMenuImage(id: number, imageUrl: string | null, actor?: ActivityActor): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, image: imageUrl }), actor, IMAGE);
}

/**
 * Sets the dish's labels whole: its diets, each allergen it contains or the kitchen has marked it free
 * of (one named neither stays unknown), and whether it may be served undercooked. Checked by the caller
 * (dishLabelsSchema): a contradiction never reaches the menu.
 */
export function setDishLabels(id: number, dietary: DietaryLabel[], actor?: ActivityActor): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, dietary }), actor, LABELS);
}

export { adminItemView };

export async function listAdminItems() {
  return (await readMenu()).map(adminItemView);
}
