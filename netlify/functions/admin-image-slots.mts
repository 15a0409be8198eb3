// The console's picture slots, banners and gallery alike (as GET /api/banners and /api/gallery are one
// function): GET /api/admin/{banners|gallery} lists the slots; PATCH /api/admin/{banners|gallery}/:id
// sets { imageUrl } (null restores the default).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { requireOwner } from "../../src/server/staff";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import type { SlotKind } from "../../src/domain/images";
import { setSlotImage, listSlots, purgePublicSlots } from "../../src/server/content";
import { imageUrlSchema } from "../../src/domain/location.schema";

const imageSchema = z.object({ imageUrl: imageUrlSchema });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const kind: SlotKind = new URL(req.url).pathname.startsWith("/api/admin/banners") ? "banners" : "gallery";
  if (!context.params.id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    const slots = await listSlots(kind);
    return json(kind === "banners" ? { banners: slots } : { images: slots });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { imageUrl } = await readJson(req, imageSchema);
  const slot = await setSlotImage(kind, context.params.id, imageUrl, actor);
  await purgePublicSlots();
  return json(slot);
});

export const config: Config = {
  path: ["/api/admin/banners", "/api/admin/banners/:id", "/api/admin/gallery", "/api/admin/gallery/:id"],
};
