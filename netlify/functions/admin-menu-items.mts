// GET /api/admin/menu-items lists every item with its flags; PATCH/DELETE
// /api/admin/menu-items/:id/image sets or removes an item's picture.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { listAdminItems, menuItemId, setMenuImage } from "../../src/server/content/adminMenu";
import { requireStaff } from "../../src/server/staff/guard";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { imageUrlSchema } from "../../src/domain/location.schema";

const imageSchema = z.object({ imageUrl: imageUrlSchema.unwrap() });

export default handle(async (req: Request, context: Context) => {
  // Staff read the items (stock flags); pictures are the owner's.
  const actor = await requireStaff(req, req.method === "GET" ? "staff" : "owner");
  if (!context.params.id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json({ items: await listAdminItems() });
  }
  const id = menuItemId(context.params.id);
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

export const config: Config = { path: ["/api/admin/menu-items", "/api/admin/menu-items/:id/image"] };
