// What staff edit that the prerendered pages show (the schedule, the menu with its prices, stock,
// featured dishes and dietary labels, the main location), read once per build by the content layer
// (src/content.config.ts). A build reads the site's database when Netlify gives it one (NETLIFY_DB_URL:
// Netlify Database is reachable from builds) and content/ only where there is no deployed data: a
// production build that cannot read the database fails rather than publish content/ over staff edits.
import hoursSeed from "../../../content/hours.json";
import contentMenu from "../../../content/menu.json";
import { contentMenuItemSchema, fromContentItem, menuItemSchema, type MenuItem } from "../../domain/menu.schema";
import type { Location } from "../../domain/location.schema";
import { type RestaurantSchedule } from "../../domain/schedule";
import { scheduleFromSeed, type ScheduleSeed } from "../../domain/scheduleSeed";
import { restaurantScheduleSchema } from "../../domain/schedule.schema";
import type * as z from "../../domain/zod";
import type { Queries } from "../platform/database";
import { locationOf, type LocationRow } from "./locations";
import { menuItemFields, type MenuRow } from "./menu";
import { readStaffSchedule } from "../schedule";
import { readStaffSpanish } from "./translations";
import { sql } from "../platform/sql";

export interface PublishedData {
  /** Where it came from: the site's database, or content/ (a fresh checkout, tests, a preview without data). */
  source: "database" | "content";
  /** With the Spanish staff wrote beside each special date's note and the pause message, where they did. */
  schedule: RestaurantSchedule;
  /** In menu order, each dish with the Spanish staff wrote for its texts (`spanish`), where they did. */
  menu: MenuItem[];
  /** The location the pages speak of; null: content/site.json's address and phone stand. */
  mainLocation: Location | null;
}

/** Staff data that cannot be published; the message names the record and the field. */
export class PublishedDataError extends Error {
  override name = "PublishedDataError";
}

/** The build's environment: the variables Netlify gives a build (CONTEXT) and the database's. */
type BuildEnvironment = Partial<Record<"NETLIFY_DB_URL" | "NETLIFY_DB_DRIVER" | "CONTEXT", string>>;

function fieldProblems(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(the record)"}: ${issue.message}`).join("; ");
}

/** The data of content/: what a fresh checkout publishes. */
export function contentData(): PublishedData {
  return {
    source: "content",
    schedule: scheduleFromSeed(hoursSeed as ScheduleSeed),
    menu: contentMenu.map((entry) => fromContentItem(contentMenuItemSchema.parse(entry))),
    mainLocation: null,
  };
}

/** Reads and checks the staff's data from a database; a menu nobody has stored yet is content/'s. */
export async function readDatabaseData(on: Queries): Promise<PublishedData> {
  const read = await readStaffSchedule(on);
  const schedule = restaurantScheduleSchema.safeParse(read);
  if (!schedule.success) throw new PublishedDataError(`The staff's schedule cannot be published: ${fieldProblems(schedule.error)}`);
  const rows = await on.all<MenuRow>(sql`SELECT * FROM menu_items ORDER BY position, id`);
  const spanish = await readStaffSpanish(on);
  const menu = rows.map((row) => {
    const item = menuItemSchema.safeParse(menuItemFields(row));
    if (!item.success) throw new PublishedDataError(`Menu item ${row.id} (${row.name}) cannot be published: ${fieldProblems(item.error)}`);
    const own = Object.fromEntries([...spanish].filter(([key]) => key.startsWith(`dish:${row.id}:`)));
    return Object.keys(own).length ? { ...item.data, spanish: own } : item.data;
  });
  const location = await on.one<LocationRow>(
    sql`SELECT * FROM locations WHERE is_main_location AND is_active ORDER BY created_at LIMIT 1`,
  );
  return {
    source: "database",
    schedule: schedule.data as RestaurantSchedule,
    menu: menu.length ? menu : contentData().menu,
    mainLocation: location ? locationOf(location) : null,
  };
}

interface ReadOnlyPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  end(): Promise<void>;
}

/** A pool of its own, never src/server/platform/database.ts's `db`: a build must not seed, nor take a deploy's guard for its own. */
async function buildPool(url: string, driver: string | undefined): Promise<ReadOnlyPool> {
  if (driver === "serverless") {
    const { getDatabase } = await import("@netlify/database");
    return getDatabase({ connectionString: url }).pool as unknown as ReadOnlyPool;
  }
  const { default: pg } = await import("pg");
  return new pg.Pool({ connectionString: url, max: 2 }) as unknown as ReadOnlyPool;
}

/** The data this build publishes (see the module's comment). Throws when it must not publish. */
export async function readPublishedData(env: BuildEnvironment = process.env): Promise<PublishedData> {
  const url = env.NETLIFY_DB_URL?.trim();
  if (!url) {
    if (env.CONTEXT === "production") {
      throw new PublishedDataError(
        "This production build cannot read the site's database (NETLIFY_DB_URL is not set), so it would publish the " +
          "defaults of content/ over the staff's hours, menu and location. Enable Netlify Database for the site, then build again.",
      );
    }
    return contentData();
  }
  const pool = await buildPool(url, env.NETLIFY_DB_DRIVER);
  try {
    const all = async <T>(statement: { text: string; values: readonly unknown[] }) =>
      (await pool.query(statement.text, [...statement.values])).rows as T[];
    const on: Queries = {
      all,
      one: async (statement) => (await all(statement))[0] ?? null,
      run: () => Promise.reject(new Error("a build only reads the site's database")),
    } as Queries;
    return await readDatabaseData(on);
  } catch (error) {
    if (error instanceof PublishedDataError) throw error;
    // 42P01, no such table: a database Netlify made for this deploy and not yet migrated holds no staff data.
    if ((error as { code?: string }).code === "42P01") return contentData();
    throw new PublishedDataError(
      `The site's database could not be read at build (${error instanceof Error ? error.message : String(error)}); ` +
        "nothing is published until it can be, and the last deploy stays live.",
    );
  } finally {
    await pool.end().catch(() => undefined);
  }
}
