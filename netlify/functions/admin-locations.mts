// GET/POST /api/admin/locations, PATCH /api/admin/locations/:id, and PATCH/DELETE
// /api/admin/locations/:id/image (the location's picture; the hero picture is a PATCH field).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { requireOwner } from "../../src/server/staff/guard";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/http";
import { imageUrlSchema, locationInputSchema, locationPatchSchema } from "../../src/domain/location.schema";
import { createLocation, listLocations, updateLocation } from "../../src/server/locations";

const imageSchema = z.object({ imageUrl: imageUrlSchema.unwrap() });

export default handle(async (req: Request, context: Context) => {
  await requireOwner(req);
  const id = context.params.id;
  if (!id) {
    if (req.method === "GET") return json({ locations: await listLocations() });
    if (req.method === "POST") return json(await createLocation(await readJson(req, locationInputSchema)), { status: 201 });
    return methodNotAllowed(["GET", "POST"]);
  }
  if (new URL(req.url).pathname.endsWith("/image")) {
    if (req.method === "PATCH") {
      const { imageUrl } = await readJson(req, imageSchema);
      return json({ imageUrl: (await updateLocation(id, { imageUrl })).imageUrl });
    }
    if (req.method === "DELETE") return json({ imageUrl: (await updateLocation(id, { imageUrl: null })).imageUrl });
    return methodNotAllowed(["PATCH", "DELETE"]);
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return json(await updateLocation(id, await readJson(req, locationPatchSchema)));
});

export const config: Config = {
  path: ["/api/admin/locations", "/api/admin/locations/:id", "/api/admin/locations/:id/image"],
};
