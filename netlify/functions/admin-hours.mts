// GET/PUT /api/admin/hours (weekly hours, special dates, lead times, slot capacities, dish weights),
// PATCH /api/admin/hours/ordering (pause with a message, busy minutes) and
// PATCH /api/admin/hours/dishes/:id (a dish's kitchen weight). A save purges every page showing the hours.
import type { Config, Context } from "@netlify/functions";
import { requireStaff } from "../../src/server/staff";
import { serverNow } from "../../src/server/env";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { dishWeightSchema, hoursInputSchema, orderingInputSchema, purgeHoursPages, readCapacities, readDishWeights, readStaffSchedule, saveHours, setDishWeight, setOrdering } from "../../src/server/schedule";
import { requestSiteRebuild } from "../../src/server/platform/siteRebuild";

/** The schedule with the Spanish beside its notes and pause message, so a save sends them back whole. */
async function hoursAnswer() {
  const [schedule, capacities, dishes] = await Promise.all([readStaffSchedule(), readCapacities(), readDishWeights()]);
  return { schedule, capacities, dishes, now: serverNow().toISOString() };
}

export default handle(async (req: Request, context: Context) => {
  const path = new URL(req.url).pathname;
  // Staff read the hours and pause or slow ordering; the hours, lead times and capacities are the owner's.
  const actor = await requireStaff(req, req.method === "GET" || path.endsWith("/ordering") ? "staff" : "owner");
  if (context.params.id) {
    if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const { kitchenWeight } = await readJson(req, dishWeightSchema);
    const saved = await setDishWeight(Number(context.params.id), kitchenWeight, actor);
    return json(saved);
  }
  if (path.endsWith("/ordering")) {
    if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const input = await readJson(req, orderingInputSchema);
    await setOrdering(input, serverNow(), actor);
    await purgeHoursPages();
    return json(await hoursAnswer());
  }
  if (req.method === "GET") return json(await hoursAnswer(), { headers: { "cache-control": "no-store" } });
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const input = await readJson(req, hoursInputSchema);
  await saveHours(input, actor);
  await purgeHoursPages();
  // The pages print the hours (the pause and busy minutes above are live state, read after load).
  await requestSiteRebuild("hours");
  return json(await hoursAnswer());
});

export const config: Config = {
  path: ["/api/admin/hours", "/api/admin/hours/ordering", "/api/admin/hours/dishes/:id"],
};
