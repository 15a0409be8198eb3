// Admin changes to menu items (featured, stock, picture). Each is one conditional write of one item,
// followed by a purge of the CDN's cached menu answers so visitors see it at once, not after max-age.
import type { MenuItem } from "../domain/menu.schema";
import { adminItemView } from "../domain/menuReadModel";
import { HttpError } from "./http";
import { readMenu, updateMenuItem } from "./menu";
import { purgeMenuCache } from "./cdnCache";

/** The numeric id of a path parameter, or 404: no item can have any other id. */
export function menuItemId(param: string | undefined): number {
  const id = Number(param);
  if (!param || !/^\d{1,9}$/.test(param) || !Number.isSafeInteger(id) || id <= 0) {
    throw new HttpError(404, "There is no such menu item.");
  }
  return id;
}

async function changeItem(id: number, change: (item: MenuItem) => MenuItem): Promise<MenuItem> {
  const updated = await updateMenuItem(id, change);
  if (!updated) throw new HttpError(404, "There is no such menu item.");
  await purgeMenuCache();
  return updated;
}

export function setFeatured(id: number, featured: boolean): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, featured }));
}

export function setInStock(id: number, inStock: boolean): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, inStock }));
}

/** Sets the item's picture, or with null removes it. */
export function setMenuImage(id: number, imageUrl: string | null): Promise<MenuItem> {
  return changeItem(id, (item) => ({ ...item, image: imageUrl }));
}

export { adminItemView };
export type { AdminItemView } from "../domain/menuReadModel";

export async function listAdminItems() {
  return (await readMenu()).map(adminItemView);
}
