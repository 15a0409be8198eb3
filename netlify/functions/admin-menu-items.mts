// GET /api/admin/menu-items lists every item with its flags and labels; PATCH/DELETE
// /api/admin/menu-items/:id/image sets or removes an item's picture; PUT /api/admin/menu-items/:id/labels
// sets its dietary labels and allergens ({ dietary: [...] }, whole).
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { adminItemView, listAdminItems, menuItemId, setDishLabels, setMenuImage } from "../../src/server/content";
import { dishLabelsSchema } from "../../src/domain/menu.schema";
import { requireStaff } from "../../src/server/staff";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { imageUrlSchema } from "../../src/domain/location.schema";

const imageSchema = z.object({ imageUrl: imageUrlSchema.unwrap() });

export default handle(async (req: Request, context: Context) => {
  // Staff read the items (stock flags); pictures and labels are the owner's.
  const actor = await requireStaff(req, req.method === "GET" ? "staff" : "owner");
  if (!context.params.id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json({ items: await listAdminItems() });
  }
  const id = menuItemId(context.params.id);
  if (new URL(req.url).pathname.endsWith("/labels")) {
    if (req.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { dietary } = await readJson(req, dishLabelsSchema);
    return json(adminItemView(await setDishLabels(id, dietary, actor)));
  }
  if (req.method === "PATCH") {
    const { imageUrl } = await readJson(req, imageSchema);
    return json({ imageUrl: (await setMenuImage(id, imageUrl, actor)).image });
  }
  if (req.method === "DELETE") {
    const item = await setMenuImage(id, null, actor);
    return json({ imageUrl: item.image });
  }
  return methodNotAllowed(["PATCH", "DELETE"]);
});

export const config: Config = { path: ["/api/admin/menu-items", "/api/admin/menu-items/:id/image", "/api/admin/menu-items/:id/labels"] };
