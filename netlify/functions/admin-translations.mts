// GET /api/admin/translations: every English text the console edits that visitors read, with its Spanish
// and whether it is missing in Spanish (the console's Spanish tab). PUT /api/admin/translations
// { key, spanish } saves one text's Spanish ('' clears it: the English shows again), then publishes it the
// way its English is: the menu's cached answers and a site rebuild, the banners' cache, the hours pages.
import type { Config } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { SPANISH_LIMITS, spanishTextSchema } from "../../src/domain/spanishText.schema";
import { purgeMenuCache } from "../../src/server/platform/cdnCache";
import { requestSiteRebuild } from "../../src/server/platform/siteRebuild";
import { NotPermitted } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { purgePublicSlots, listSpanishTexts, saveSpanishText, spanishIsOwnerOnly } from "../../src/server/content";
import { purgeHoursPages } from "../../src/server/schedule";
import { requireStaff } from "../../src/server/staff";

const saveSchema = z.object({
  key: z.string().min(1).max(300),
  // The longest field's limit here; each text's own limit is checked against the text it translates.
  spanish: spanishTextSchema(SPANISH_LIMITS.description),
});

export default handle(async (req: Request) => {
  const actor = await requireStaff(req);
  if (req.method === "GET") {
    const texts = await listSpanishTexts();
    return json({ texts, missing: texts.filter((text) => text.source === "missing").length }, { headers: { "cache-control": "no-store" } });
  }
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const { key, spanish } = await readJson(req, saveSchema);
  // As the English it translates: the pause message is any staff member's, the rest the owner's.
  if (spanishIsOwnerOnly(key) && actor.role !== "owner") throw new NotPermitted("Only the owner can do this.");
  const text = await saveSpanishText(key, spanish, actor);
  if (text.kind === "dish") {
    await purgeMenuCache();
    await requestSiteRebuild("menu");
  } else if (text.kind === "banner") {
    await purgePublicSlots();
  } else {
    // Today's notices ride on the menu's answer; the special dates are printed on the pages.
    await purgeMenuCache();
    await purgeHoursPages();
    if (text.kind === "special") await requestSiteRebuild("hours");
  }
  return json(text);
});

export const config: Config = { path: "/api/admin/translations", method: ["GET", "PUT"] };
