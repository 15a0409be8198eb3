// The public menu answers (GET /api/menu and GET /api/featured-items) from the menu store, with
// open states at the server's "now". A store outage falls back to the menu in content/, logged.
import contentMenu from "../../content/menu.json";
import contentSections from "../../content/sections.json";
import spanishMenu from "../../content/es/menu.json";
import { translatedDish, type DishTranslation } from "../domain/i18n/dishes";
import type { Locale } from "../domain/i18n/locales";
import { contentMenuItemSchema, fromContentItem, type MenuItem } from "../domain/menu.schema";
import { featuredAnswer, menuAnswer, type FeaturedAnswer, type MenuAnswer, type SectionInfo } from "../domain/menuReadModel";
import { liveNotices } from "../domain/liveNotices";
import { serverNow } from "./env";
import { log } from "./http";
import { readMenu } from "./menu";
import { readScheduleOrSeed } from "./schedule/store";

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

const SPANISH_DISHES = spanishMenu as Record<string, DishTranslation>;

/** The dishes in the visitor's language: Spanish descriptions and option names over the stored English. */
async function itemsIn(locale: Locale): Promise<MenuItem[]> {
  const items = await currentItems();
  return locale === "es" ? items.map((item) => translatedDish(item, SPANISH_DISHES[String(item.id)])) : items;
}

export async function readMenuAnswer(now: Date = serverNow(), locale: Locale = "en"): Promise<MenuAnswer> {
  const schedule = await readScheduleOrSeed();
  // Worked out here, not in the page: the pages' script stays a few lines (their JavaScript budget).
  return { ...menuAnswer(await itemsIn(locale), SECTIONS, now, schedule), notices: liveNotices(schedule, now, locale) };
}

export async function readFeaturedAnswer(now: Date = serverNow(), locale: Locale = "en"): Promise<FeaturedAnswer> {
  return featuredAnswer(await itemsIn(locale), now, await readScheduleOrSeed());
}
