// POST /api/admin/orders/:id/refunds { amount, reason } with an Idempotency-Key header (one per refund
// attempt): refunds part or all of a paid order through Square; answers the order as the console shows it.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { idempotencyKeySchema } from "../../src/domain/orderRequest.schema";
import { toCents } from "../../src/domain/money";
import "../../src/server/participants";
import { requireOwner } from "../../src/server/staff";
import { InvalidRequest } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { staffViews, REASON_LIMIT, refundOrder } from "../../src/server/orders";

const refundSchema = z.object({
  amount: z.number().positive("must be more than 0").max(100_000).multipleOf(0.01, "dollars with at most 2 decimals"),
  reason: z.string().trim().min(1, "say why the order is refunded").max(REASON_LIMIT),
  /** On a full refund: the promo code's use no longer counts against its caps (the owner's choice). */
  giveBackOffer: z.boolean().optional(),
});

export default handle(async (req: Request, context: Context) => {
  const actor = await requireOwner(req);
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? "");
  if (!key.success) throw new InvalidRequest("Send one Idempotency-Key header per refund attempt (16 to 45 letters, digits, '-' or '_').");
  const { amount, reason, giveBackOffer } = await readJson(req, refundSchema);
  // The participants' share follows in the refund's stage (points taken back, the code's use given back).
  const refunding = { amountCents: toCents(amount), reason, idempotencyKey: key.data, giveBack: giveBackOffer ?? false };
  const { order, refund } = await refundOrder(context.params.id ?? "", refunding, actor);
  deliverMailSoon(context);
  const [view] = await staffViews([order]);
  return json({ refund: { amount: refund.amountCents / 100, status: refund.status.toLowerCase() }, order: view }, { status: 201 });
});

export const config: Config = { path: "/api/admin/orders/:id/refunds", method: ["POST"] };
