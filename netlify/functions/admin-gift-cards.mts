// GET /api/admin/gift-cards: every gift card sale, newest first (number masked to its last 4, amount, buyer,
// recipient, state, activation, the recipient's e-mail), and the site's hourly cap on sales with the last
// hour's count; POST /api/admin/gift-cards/:id/resend sends the recipient's e-mail again; PUT
// /api/admin/gift-cards/hourly-cap { limit } sets the cap (0 stops online sales). The owner's: it holds
// customers' addresses, and the cap is money out.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import "../../src/server/participants";
import { giftCardSalesForConsole, hourlyCap, MAX_HOURLY_CAP, resendGiftCard, setHourlyCap } from "../../src/server/giftcards";
import { Conflict, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { requireStaff } from "../../src/server/staff";

const CAP_PATH = "/api/admin/gift-cards/hourly-cap";
const capSchema = z.object({ limit: z.number().int("must be a whole number").min(0).max(MAX_HOURLY_CAP) });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req, "owner");
  if (new URL(req.url).pathname === CAP_PATH) {
    if (req.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { limit } = await readJson(req, capSchema);
    return json({ hourlyCap: await setHourlyCap(limit, actor) });
  }
  const { id, action } = context.params;
  if (id || action) {
    if (action !== "resend" || !id || !/^GC-[A-Z0-9]{6,12}$/.test(id)) throw new NotFound("There is no such gift card sale.");
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    const resent = await resendGiftCard(id, actor);
    if (!resent) throw new Conflict("This sale has no gift card e-mail to send yet, or it is being sent right now.");
    deliverMailSoon(context);
    return json(resent);
  }
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const [sales, cap] = await Promise.all([giftCardSalesForConsole(), hourlyCap()]);
  return json({ sales, hourlyCap: cap });
});

// Literal paths: Netlify reads config.path statically when it bundles the function.
export const config: Config = { path: ["/api/admin/gift-cards", "/api/admin/gift-cards/hourly-cap", "/api/admin/gift-cards/:id/:action"] };
