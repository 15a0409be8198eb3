// POST /api/loyalty/checkout { lines, deliveryFeeCents, discountedCents, tierId? }: the signed-in member's
// balance, the points this order will earn and the rewards their balance covers; with tierId, Square's total
// for the order with that reward (the total Pay charges). { available: false } for a guest or when loyalty is off;
// 429 with a sentence past the look-up budgets (per account, per network, site-wide).
import type { Config, Context } from "@netlify/functions";
import { checkoutLoyaltySchema } from "../../src/domain/loyalty.schema";
import { dinerOf } from "../../src/server/accounts";
import { checkoutLoyalty } from "../../src/server/loyalty";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(req);
  const cart = await readJson(req, checkoutLoyaltySchema, 16 * 1024);
  const diner = await dinerOf(req);
  return json(await checkoutLoyalty(diner?.accountId ?? null, cart, requestLocale(req), clientAddress(req, context.ip)), { headers: { "cache-control": "no-store" } });
});

export const config: Config = { path: "/api/loyalty/checkout" };
