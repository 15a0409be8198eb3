// GET /api/admin/gift-cards: every gift card sale, newest first (number masked to its last 4, amount, buyer,
// recipient, state, activation, the recipient's e-mail); POST /api/admin/gift-cards/:id/resend sends the
// recipient's e-mail again (the owner's: it holds customers' addresses).
import type { Config, Context } from "@netlify/functions";
import { giftCardSalesForConsole, resendGiftCard } from "../../src/server/giftcards";
import { Conflict, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail/soon";
import { requireStaff } from "../../src/server/staff/guard";

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req, "owner");
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
  return json({ sales: await giftCardSalesForConsole() });
});

export const config: Config = { path: ["/api/admin/gift-cards", "/api/admin/gift-cards/:id/:action"] };
