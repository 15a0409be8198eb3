// The public menu answers (GET /api/menu and GET /api/featured-items) from the menu store, with
// open states at the server's "now". A store outage falls back to the menu in content/, logged.
import contentMenu from "../../content/menu.json";
import contentSections from "../../content/sections.json";
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

export async function readMenuAnswer(now: Date = serverNow()): Promise<MenuAnswer> {
  const schedule = await readScheduleOrSeed();
  // Worked out here, not in the page: the pages' script stays a few lines (their JavaScript budget).
  return { ...menuAnswer(await currentItems(), SECTIONS, now, schedule), notices: liveNotices(schedule, now) };
}

export async function readFeaturedAnswer(now: Date = serverNow()): Promise<FeaturedAnswer> {
  return featuredAnswer(await currentItems(), now, await readScheduleOrSeed());
}
