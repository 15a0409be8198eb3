// The site-wide budgets the owner sets and their alarms: GET /api/admin/budgets answers the texts an hour
// (budget and sent this hour), the order texts a month (budget and sent this month), the sign-in links an
// hour, and the alarms of the last day (the console's banner); PUT /api/admin/budgets { textsPerHour?,
// textsPerMonth?, linksPerHour? } sets them (owner only, in the activity log).
import type { Config } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { DEFAULT_LINKS_PER_HOUR, linksPerHour, LINKS_PER_HOUR_SETTING, MAX_LINKS_PER_HOUR } from "../../src/server/accounts";
import { changeNumberSetting } from "../../src/server/audit";
import { recentBudgetAlarms } from "../../src/server/mail";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { requireStaff } from "../../src/server/staff";
import { DEFAULT_TEXTS_PER_MONTH, MAX_TEXTS_PER_MONTH, TEXTS_PER_MONTH_SETTING, textsPerMonth, textsSentThisMonth } from "../../src/server/texts";
import { DEFAULT_TEXTS_PER_HOUR, MAX_TEXTS_PER_HOUR, TEXTS_PER_HOUR_SETTING, textsPerHour, textsSentThisHour } from "../../src/server/verify";

const budgetsSchema = z.strictObject({
  textsPerHour: z.number().int().min(0).max(MAX_TEXTS_PER_HOUR).optional(),
  textsPerMonth: z.number().int().min(0).max(MAX_TEXTS_PER_MONTH).optional(),
  linksPerHour: z.number().int().min(0).max(MAX_LINKS_PER_HOUR).optional(),
});

async function budgets() {
  const [texts, sent, month, sentMonth, links, alarms] = await Promise.all([textsPerHour(), textsSentThisHour(), textsPerMonth(), textsSentThisMonth(), linksPerHour(), recentBudgetAlarms()]);
  return { textsPerHour: texts, textsSentThisHour: sent, textsPerMonth: month, textsSentThisMonth: sentMonth, linksPerHour: links, alarms };
}

export default handle(async (req: Request) => {
  if (req.method === "GET") {
    await requireStaff(req, "owner");
    return json(await budgets());
  }
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const actor = await requireStaff(req, "owner");
  const input = await readJson(req, budgetsSchema, 4 * 1024);
  if (input.textsPerHour !== undefined) {
    const change = { key: TEXTS_PER_HOUR_SETTING, value: input.textsPerHour, fallback: DEFAULT_TEXTS_PER_HOUR, max: MAX_TEXTS_PER_HOUR };
    await changeNumberSetting({ ...change, action: "settings.site-budget", target: "texted codes an hour" }, actor);
  }
  if (input.textsPerMonth !== undefined) {
    const change = { key: TEXTS_PER_MONTH_SETTING, value: input.textsPerMonth, fallback: DEFAULT_TEXTS_PER_MONTH, max: MAX_TEXTS_PER_MONTH };
    await changeNumberSetting({ ...change, action: "settings.site-budget", target: "order texts a month" }, actor);
  }
  if (input.linksPerHour !== undefined) {
    const change = { key: LINKS_PER_HOUR_SETTING, value: input.linksPerHour, fallback: DEFAULT_LINKS_PER_HOUR, max: MAX_LINKS_PER_HOUR };
    await changeNumberSetting({ ...change, action: "settings.site-budget", target: "sign-in links an hour" }, actor);
  }
  return json(await budgets());
});

export const config: Config = { path: "/api/admin/budgets", method: ["GET", "PUT"] };
