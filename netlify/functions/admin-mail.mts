// GET /api/admin/mail[?status=waiting|sending|sent|failed]: the e-mail outbox, newest first, with counts,
// whether SMTP is configured and the restaurant's address for copies; PUT /api/admin/mail/settings
// { restaurantAddress } sets that address ("" for none); POST /api/admin/mail/:id/resend sends one again.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import "../../src/server/participants";
import { requireStaff } from "../../src/server/staff";
import { serverConfig } from "../../src/server/config";
import { Conflict, InvalidRequest, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { outboxBacklog, listOutbox, outboxCounts, resend, restaurantAddress, setRestaurantAddress, type MailStatus, deliverMailSoon } from "../../src/server/mail";

const STATUSES = ["waiting", "sending", "sent", "failed"] as const;

const settingsSchema = z.object({
  restaurantAddress: z.union([z.literal(""), z.email("must be an e-mail address").max(254)]),
});

export default handle(async (req: Request, context: Context) => {
  // The outbox holds customers' addresses and the settings are the restaurant's: the owner's.
  const actor = await requireStaff(req, "owner");
  const { id, action } = context.params;
  if (action && !id && action !== "settings") throw new NotFound("There is no such mail resource.");
  if (action === "settings") {
    if (req.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { restaurantAddress: address } = await readJson(req, settingsSchema);
    await setRestaurantAddress(address || null, actor);
    return json({ restaurantAddress: address });
  }
  if (id) {
    if (action !== "resend") throw new NotFound("There is no such mail action.");
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    if (!/^\d{1,15}$/.test(id)) throw new NotFound("There is no such message.");
    const message = await resend(Number(id), actor);
    if (!message) throw new Conflict("There is no such message, or it is being sent right now.");
    deliverMailSoon(context);
    return json({ message });
  }
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const status = new URL(req.url).searchParams.get("status");
  if (status !== null && !(STATUSES as readonly string[]).includes(status)) {
    throw new InvalidRequest(`status must be one of ${STATUSES.join(", ")}.`);
  }
  const [messages, counts, address, backlog] = await Promise.all([
    listOutbox({ status: (status ?? undefined) as MailStatus | undefined }),
    outboxCounts(),
    restaurantAddress(),
    outboxBacklog(),
  ]);
  return json({ configured: Boolean(serverConfig().SMTP_URL), restaurantAddress: address ?? "", counts, backlog, messages });
});

export const config: Config = { path: ["/api/admin/mail", "/api/admin/mail/:action", "/api/admin/mail/:id/:action"] };
