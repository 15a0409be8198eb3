// The console's Offers tab (the owner): GET /api/admin/offers -> { offers } each with its stats;
// POST /api/admin/offers (an offer) -> 201 { offer }; PATCH /api/admin/offers/:id (any of its fields; a
// pause is { paused }) -> { offer }; GET /api/admin/offers/code -> { code }: a random single-use code.
// Every change is in the activity log.
import type { Config, Context } from "@netlify/functions";
import { offerInputSchema, offerPatchSchema } from "../../src/domain/offer.schema";
import { createOffer, generateCode, listOffers, updateOffer } from "../../src/server/offers";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { requireOwner } from "../../src/server/staff";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  const id = context.params.id;
  if (id === "code") {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json({ code: generateCode() });
  }
  if (id) {
    if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    return json({ offer: await updateOffer(id, await readJson(req, offerPatchSchema), actor) });
  }
  if (req.method === "GET") return json({ offers: await listOffers() });
  if (req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return json({ offer: await createOffer(await readJson(req, offerInputSchema), actor) }, { status: 201 });
});

export const config: Config = { path: ["/api/admin/offers", "/api/admin/offers/:id"] };
