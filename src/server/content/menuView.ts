// The public menu answers (GET /api/menu and GET /api/featured-items) from the menu store, with
// open states at the server's "now". A store outage falls back to the menu in content/, logged.
import contentMenu from "../../../content/menu.json";
import contentSections from "../../../content/sections.json";
import { dishInSpanish } from "../../domain/dishSpanish";
import type { Locale } from "../../domain/i18n/locales";
import { contentMenuItemSchema, fromContentItem, type MenuItem } from "../../domain/menu.schema";
import { featuredAnswer, menuAnswer, type FeaturedAnswer, type MenuAnswer, type SectionInfo } from "../../domain/menuReadModel";
import { liveNotices } from "../../domain/liveNotices";
import { kitchenNow } from "../../domain/kitchenNow";
import { serverNow } from "../env";
import { log } from "../platform/http";
import { readMenu } from "./menu";
import { readScheduleOrSeed } from "../schedule";
import { CONTENT_SPANISH_DISHES, readStaffSpanish } from "./translations";

const SECTIONS = contentSections as SectionInfo[];

/** The stored menu, or the content menu when the store cannot be read, so visitors still see dishes. */
async function currentItems(): Promise<MenuItem[]> {
  try {
    return await readMenu();
  } catch (error) {
    log("error", "menu store unreadable; answering from content", { error: error instanceof Error ? error.message : String(error) });
    return contentMenu.flatMap((entry) => {
      const parsed = contentMenuItemSchema.safeParse(entry);
      return parsed.success ? [fromContentItem(parsed.data)] : [];
    });
  }
}

/** The staff's Spanish, or none when it cannot be read (content/es/'s then stands, logged). */
async function staffSpanish(): Promise<Map<string, string>> {
  try {
    return await readStaffSpanish();
  } catch (error) {
    log("error", "staff's Spanish unreadable; answering with content/es", { error: error instanceof Error ? error.message : String(error) });
    return new Map();
  }
}

/**
 * The dishes in the visitor's language: in Spanish, each description and option name as staff wrote it in
 * the console, else content/es/menu.json's, else the stored English (never an empty text).
 */
async function itemsIn(locale: Locale): Promise<MenuItem[]> {
  if (locale === "en") return currentItems();
  const [items, staff] = await Promise.all([currentItems(), staffSpanish()]);
  return items.map((item) => dishInSpanish(item, staff, CONTENT_SPANISH_DISHES[String(item.id)]));
}

export async function readMenuAnswer(now: Date = serverNow(), locale: Locale = "en"): Promise<MenuAnswer> {
  const schedule = await readScheduleOrSeed(locale);
  // Worked out here, not in the page: the pages' script stays a few lines (their JavaScript budget).
  return { ...menuAnswer(await itemsIn(locale), SECTIONS, now, schedule), notices: liveNotices(schedule, now, locale), kitchen: kitchenNow(schedule, now, locale) };
}

export async function readFeaturedAnswer(now: Date = serverNow(), locale: Locale = "en"): Promise<FeaturedAnswer> {
  return featuredAnswer(await itemsIn(locale), now, await readScheduleOrSeed());
}
