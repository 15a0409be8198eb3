// POST /api/offers/check { code, items, orderType?, deliveryInfo?, courierQuoteId?, email?, phone? }:
// 200 { code, label, discount, totals: { subtotal, discount, tax, deliveryFee, total } } in cents, the
// totals Square will charge; 422 { error } for a code that gives nothing (one plain sentence, no Square
// call); 429 when the network or the account has tried 10 codes in 10 minutes. `email` and `phone` are
// accepted and not judged: the rules read the signed-in diner's own account only.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { promoCodeSchema } from "../../src/domain/offer.schema";
import { deliveryInfoSchema, orderLineRequestSchema } from "../../src/domain/orderRequest.schema";
import { ORDER_LIMITS, LINES_LIMIT_MESSAGE } from "../../src/domain/orderLimits";
import { ORDER_TYPES } from "../../src/domain/orderReadModel";
import { dinerForOrder } from "../../src/server/accounts";
import { checkOffer } from "../../src/server/offers";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";

const checkSchema = z.object({
  code: promoCodeSchema,
  items: z.array(orderLineRequestSchema).min(1, "the cart is empty").max(ORDER_LIMITS.maxLines, LINES_LIMIT_MESSAGE),
  orderType: z.enum(ORDER_TYPES).optional(),
  deliveryInfo: deliveryInfoSchema.nullish(),
  courierQuoteId: z.string().trim().min(1).max(100).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
});

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJson(req, checkSchema);
  const diner = await dinerForOrder(req);
  const checked = await checkOffer({
    code: body.code,
    items: body.items,
    orderType: body.orderType,
    courierQuoteId: body.courierQuoteId,
    // A typed e-mail or phone is not judged here (only at Pay, once the tender is known): the same answer for a past diner's and a new one.
    diner: { accountId: diner?.accountId ?? null },
    locale: requestLocale(req),
    client: clientAddress(req, context.ip),
  });
  return json(checked);
});

export const config: Config = {
  path: "/api/offers/check",
  method: ["POST"],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
