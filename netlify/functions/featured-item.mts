// Admin writes on featured items: POST /api/featured-items/:id features an item, DELETE unfeatures
// it, PATCH .../stock sets { inStock } or 86s until { backAt: "tomorrow" | "HH:MM" } (Miami time), PATCH .../image sets { imageUrl }. The public list is GET
// /api/featured-items (featured-items.mts).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { adminItemView, menuItemId, setFeatured, setInStock, setMenuImage, setOutUntilText } from "../../src/server/content";
import { requireStaff } from "../../src/server/staff";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { imageUrlSchema } from "../../src/domain/location.schema";

const stockSchema = z
  .object({
    inStock: z.boolean().optional(),
    backAt: z.union([z.literal("tomorrow"), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a Miami time as HH:MM, like 17:00")]).optional(),
  })
  .strict()
  .refine((body) => (body.inStock === undefined) !== (body.backAt === undefined), "either inStock or backAt, not both");
const imageSchema = z.object({ imageUrl: imageUrlSchema });

export default handle(async (req: Request, context: Context) => {
  const path = new URL(req.url).pathname;
  // Staff 86 a dish and bring it back; featuring and pictures are the owner's.
  const actor = await requireStaff(req, path.endsWith("/stock") ? "staff" : "owner");
  const id = menuItemId(context.params.id);
  if (path.endsWith("/stock")) {
    if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const { inStock, backAt } = await readJson(req, stockSchema);
    const item = backAt ? await setOutUntilText(id, backAt, actor) : await setInStock(id, inStock === true, actor);
    return json(adminItemView(item));
  }
  if (path.endsWith("/image")) {
    if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const { imageUrl } = await readJson(req, imageSchema);
    const item = await setMenuImage(id, imageUrl, actor);
    return json(adminItemView(item));
  }
  // The documented POST body repeats the item's fields; the server keeps its own copy of them.
  if (req.method === "POST" || req.method === "DELETE") {
    const featured = req.method === "POST";
    const item = await setFeatured(id, featured, actor);
    return json(adminItemView(item));
  }
  return methodNotAllowed(["POST", "DELETE"]);
});

export const config: Config = {
  path: ["/api/featured-items/:id", "/api/featured-items/:id/stock", "/api/featured-items/:id/image"],
};
