// The menu store: every item the restaurant sells, seeded from content/ on first use. Featured and
// stock are flags on the item, so the menu, the featured list and the order pricing agree.
import contentMenu from "../../content/menu.json";
import { contentMenuItemSchema, fromContentItem, menuItemSchema, type MenuItem } from "../domain/menu.schema";
import { log } from "./http";
import { store, updateJSON } from "./stores";

const KEY = "items";

interface StoredMenu {
  items: unknown[];
  updatedAt: string;
  /** The highest dish id ever given: a new dish gets a higher one, so a stale cart can never buy another dish by an old id. */
  highestId?: number;
}

/** The highest id the menu has ever used (stored, or read off its items). */
function highestIdOf(stored: Partial<StoredMenu> | null, items: readonly MenuItem[]): number {
  return Math.max(0, stored?.highestId ?? 0, ...items.map((item) => item.id));
}

function seedItems(): MenuItem[] {
  return contentMenu.map((entry) => fromContentItem(contentMenuItemSchema.parse(entry)));
}

/** Keeps every valid item of a stored menu and logs the ones that are not. */
function validItems(stored: unknown): MenuItem[] {
  const raw = (stored as Partial<StoredMenu> | null)?.items;
  if (!Array.isArray(raw)) {
    log("warn", "stored menu has no item list; answering from content", {});
    return seedItems();
  }
  const items: MenuItem[] = [];
  raw.forEach((entry, index) => {
    const parsed = menuItemSchema.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
    else log("warn", "skipping an invalid stored menu item", { index, issues: parsed.error.issues.length });
  });
  return items;
}

async function readStored(): Promise<unknown> {
  const text = await store("menu").get(KEY, { type: "text" });
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    log("warn", "stored menu is not JSON; answering from content", {});
    return { items: null };
  }
}

/** The whole menu. Seeds the store from content when it is empty; never fails on bad stored data. */
export async function readMenu(): Promise<MenuItem[]> {
  const stored = await readStored();
  if (stored !== null) return validItems(stored);
  const items = seedItems();
  await store("menu").setJSON(KEY, { items, updatedAt: new Date().toISOString() } satisfies StoredMenu, {
    onlyIfNew: true,
  });
  return items;
}

export async function findMenuItem(id: number): Promise<MenuItem | undefined> {
  return (await readMenu()).find((item) => item.id === id);
}

/**
 * Changes one item with a conditional write, so concurrent edits of different items never lose
 * each other. Returns the changed item, or undefined when there is no item with that id.
 */
export async function updateMenuItem(id: number, change: (item: MenuItem) => MenuItem): Promise<MenuItem | undefined> {
  let updated: MenuItem | undefined;
  await updateJSON<StoredMenu>("menu", KEY, (current) => {
    const items = current ? validItems(current) : seedItems();
    updated = undefined;
    const next = items.map((item) => {
      if (item.id !== id) return item;
      updated = menuItemSchema.parse(change(item));
      return updated;
    });
    return { items: next, updatedAt: new Date().toISOString(), highestId: highestIdOf(current, items) };
  });
  return updated;
}

/**
 * Replaces the whole menu in one conditional write (a catalogue sync), so visitors never see half of
 * it: `merge` gets the menu as it is at the moment of the write (a stock change made meanwhile is kept)
 * and the highest id ever used, which new dishes must go beyond.
 */
export async function mergeIntoMenu(merge: (current: MenuItem[], highestId: number) => MenuItem[]): Promise<MenuItem[]> {
  let merged: MenuItem[] = [];
  await updateJSON<StoredMenu>("menu", KEY, (current) => {
    const items = current ? validItems(current) : seedItems();
    const highestId = highestIdOf(current, items);
    merged = merge(items, highestId).map((item) => menuItemSchema.parse(item));
    return { items: merged, updatedAt: new Date().toISOString(), highestId: highestIdOf({ highestId }, merged) };
  });
  return merged;
}
