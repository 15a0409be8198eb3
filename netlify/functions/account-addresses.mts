// The signed-in diner's saved details: GET /api/account/addresses lists their addresses; POST adds one
// (422 past 5); PUT /api/account/addresses/:id edits one and DELETE removes it. GET
// /api/account/checkout-details is what the checkout fills in: the diner's name, e-mail, phone and
// addresses, or { diner: null } for a guest (a 200: a guest's checkout is not an error).
import type { Config, Context } from "@netlify/functions";
import { savedAddressSchema } from "../../src/domain/account.schema";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";
import { addAddress, checkoutDetails, listAddresses, removeAddress, updateAddress, dinerOf, requireDiner } from "../../src/server/accounts";

export default handle(async (req: Request, context: Context) => {
  assertSameOrigin(req);
  if (new URL(req.url).pathname.endsWith("/checkout-details")) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    const diner = await dinerOf(req);
    return json(diner ? await checkoutDetails(diner) : { diner: null, addresses: [] }, { headers: { "cache-control": "private, no-store" } });
  }
  const diner = await requireDiner(req);
  const id = context.params?.id;
  if (id) {
    if (req.method === "DELETE") {
      await removeAddress(diner, id);
      return json({ removed: true });
    }
    if (req.method !== "PUT") return methodNotAllowed(["PUT", "DELETE"]);
    return json({ address: await updateAddress(diner, id, await readJson(req, savedAddressSchema, 8 * 1024)) });
  }
  if (req.method === "GET") return json({ addresses: await listAddresses(diner.accountId) });
  if (req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return json({ address: await addAddress(diner, await readJson(req, savedAddressSchema, 8 * 1024)) }, { status: 201 });
});

export const config: Config = { path: ["/api/account/addresses", "/api/account/addresses/:id", "/api/account/checkout-details"] };
