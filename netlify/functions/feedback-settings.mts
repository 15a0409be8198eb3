// GET /api/admin/feedback-settings: whether diners get the e-mail asking how their pickup was;
// PUT { enabled } turns it on or off (an owner's setting, off until turned on; written to the activity log).
import type { Config } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { comeBackMailOn, setComeBackMail } from "../../src/server/feedback";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { requireStaff } from "../../src/server/staff";

const settingsSchema = z.object({ enabled: z.boolean() });

export default handle(async (req: Request) => {
  const actor = await requireStaff(req, "owner");
  if (req.method === "GET") return json({ enabled: await comeBackMailOn() });
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const { enabled } = await readJson(req, settingsSchema);
  await setComeBackMail(enabled, actor);
  return json({ enabled });
});

export const config: Config = { path: "/api/admin/feedback-settings", method: ["GET", "PUT"] };
