// GET/POST /api/admin/locations, PATCH /api/admin/locations/:id, and PATCH/DELETE
// /api/admin/locations/:id/image (the location's picture; the hero picture is a PATCH field).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { requireOwner } from "../../src/server/staff";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { imageUrlSchema, locationInputSchema, locationPatchSchema } from "../../src/domain/location.schema";
import { createLocation, listLocations, updateLocation } from "../../src/server/content";

const imageSchema = z.object({ imageUrl: imageUrlSchema.unwrap() });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const id = context.params.id;
  if (!id) {
    if (req.method === "GET") return json({ locations: await listLocations() });
    if (req.method === "POST") {
      const location = await createLocation(await readJson(req, locationInputSchema), actor);
      return json(location, { status: 201 });
    }
    return methodNotAllowed(["GET", "POST"]);
  }
  if (new URL(req.url).pathname.endsWith("/image")) {
    if (req.method === "PATCH") {
      const { imageUrl } = await readJson(req, imageSchema);
      const location = await updateLocation(id, { imageUrl }, actor);
      return json({ imageUrl: location.imageUrl });
    }
    if (req.method === "DELETE") {
      const location = await updateLocation(id, { imageUrl: null }, actor);
      return json({ imageUrl: location.imageUrl });
    }
    return methodNotAllowed(["PATCH", "DELETE"]);
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const change = await readJson(req, locationPatchSchema);
  const location = await updateLocation(id, change, actor);
  return json(location);
});

export const config: Config = {
  path: ["/api/admin/locations", "/api/admin/locations/:id", "/api/admin/locations/:id/image"],
};
