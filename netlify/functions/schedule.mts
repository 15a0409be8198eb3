// GET /api/schedule?items=7x2,1x1&orderType=pickup: the hours of every section, the special dates ahead,
// the pause message, and the times the checkout may offer for that cart ('as soon as possible' with its
// real time, and every 15-minute slot with room over the next 7 days). Never cached: slots fill up.
import type { Config } from "@netlify/functions";
import { KITCHEN_SECTIONS, SECTION_NAMES } from "../../src/domain/schedule";
import { sectionHoursText, weeklyLines } from "../../src/domain/scheduleText";
import { serverNow } from "../../src/server/env";
import { liveNotices } from "../../src/domain/liveNotices";
import { InvalidRequest, said } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, requestLocale, urlLocale, zodIssues } from "../../src/server/platform/http";
import { offeredQuerySchema, offeredTimes, readSchedule } from "../../src/server/schedule";
import { menuSnapshot } from "../../src/server/content";

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const query = offeredQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!query.success) throw new InvalidRequest(said("invalid_fields"), zodIssues(query.error));
  const now = serverNow();
  // Today's notices (pause, busy, a special date's note) in the page's language: ?lang=es, else the request's.
  const locale = new URL(req.url).searchParams.has("lang") ? urlLocale(req) : requestLocale(req);
  const [schedule, offered] = await Promise.all([readSchedule(undefined, locale), offeredTimes(menuSnapshot, query.data.items, query.data.orderType, now)]);
  const sections = [...KITCHEN_SECTIONS, "beverages" as const].map((id) => ({
    id,
    name: SECTION_NAMES[id],
    ...sectionHoursText(schedule, id),
    lines: id === "beverages" ? [] : weeklyLines(schedule.weekly[id]),
  }));
  return json({ ...offered, sections, notices: liveNotices(schedule, now, locale) }, { headers: { "cache-control": "no-store" } });
});

export const config: Config = { path: "/api/schedule", method: ["GET"] };
