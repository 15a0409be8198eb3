// POST /api/orders/:id/arrived: the diner of a curbside order says "I'm here" from its page (the
// page's id is the order's key, as for GET /api/orders/:id). Answers { arrivedAt } (docs/api.md).
import type { Config, Context } from "@netlify/functions";
import { markArrived, ARRIVAL_RATE_LIMIT } from "../../src/server/curbside";
import { said, TooManyAttempts } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { clientAddress, consumeRateLimit } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  // A page of another site cannot announce a stranger's arrival.
  assertSameOrigin(req);
  const limit = await consumeRateLimit(ARRIVAL_RATE_LIMIT, clientAddress(req, context.ip));
  if (!limit.allowed) throw new TooManyAttempts(said("arrival_too_many"), limit.retryAfterSeconds);
  const arrival = await markArrived(context.params.id ?? "");
  return json({ arrivedAt: arrival.arrivedAt });
});

export const config: Config = {
  path: "/api/orders/:id/arrived",
  method: ["POST"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
