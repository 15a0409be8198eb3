// GET /api/payment-config: what the checkout's card form needs, decided at run time by the server
// that will take the payment: Square's public ids, the test card form, or no card form at all.
import type { Config } from "@netlify/functions";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { declineBrake, paymentFormConfig } from "../../src/server/payments";

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const config = paymentFormConfig();
  if (config.mode !== "square") return json(config);
  // While the brake on declined cards is on, the card form verifies every buyer; a database that cannot say leaves it as it is.
  const brake = await declineBrake().catch(() => null);
  return json(brake ? { ...config, verifyEveryCard: true } : config);
});

export const config: Config = { path: "/api/payment-config", method: ["GET"] };
