// GET /api/admin/gallery lists the gallery image slots; PATCH /api/admin/gallery/:id sets { imageUrl } (null restores the default).
import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { requireAdmin } from "../../src/server/adminSession";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/http";
import { setSlotImage, listSlots } from "../../src/server/imageSlots";
import { imageUrlSchema } from "../../src/server/locations";
import { purgePublicSlots } from "../../src/server/publicSlots";

const imageSchema = z.object({ imageUrl: imageUrlSchema });

export default handle(async (req: Request, context: Context) => {
  await requireAdmin(req);
  if (!context.params.id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json({ images: await listSlots("gallery") });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { imageUrl } = await readJson(req, imageSchema);
  const slot = await setSlotImage("gallery", context.params.id, imageUrl);
  await purgePublicSlots();
  return json(slot);
});

export const config: Config = { path: ["/api/admin/gallery", "/api/admin/gallery/:id"] };
