// GET /api/admin/activity[?account=id&action=order|order.status&from=&to=&before=id]: the owner's view of
// every change staff made, newest first, 100 a page (nextBefore names the next page).
import type { Config } from "@netlify/functions";
import { miamiInstant } from "../../src/domain/schedule";
import { activityQuerySchema } from "../../src/domain/staff.schema";
import { InvalidRequest } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, zodIssues } from "../../src/server/platform/http";
import { listActivity } from "../../src/server/audit";
import { requireOwner } from "../../src/server/staff";

const PAGE = 100;

/** A date alone is a whole day in Miami: from its start, to the next day's start. */
function instant(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  if (value.length > 10) return new Date(value);
  return miamiInstant(value, endOfDay ? 24 * 60 : 0);
}

export default handle(async (req: Request) => {
  await requireOwner(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw new InvalidRequest("Some filters are invalid.", zodIssues(parsed.error));
  const { account, action, from, to, before } = parsed.data;
  const entries = await listActivity({ accountId: account, action, from: instant(from, false), to: instant(to, true), before, limit: PAGE });
  return json({ entries, nextBefore: entries.length === PAGE ? entries.at(-1)!.id : null });
});

export const config: Config = { path: "/api/admin/activity" };
