// GET /api/payment-config: what the checkout's card form needs, decided at run time by the server
// that will take the payment: Square's public ids, the test card form, or no card form at all.
import type { Config } from "@netlify/functions";
import { handle, json, methodNotAllowed } from "../../src/server/http";
import { paymentFormConfig } from "../../src/server/payments/paymentForm";

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  return json(paymentFormConfig());
});

export const config: Config = { path: "/api/payment-config", method: ["GET"] };
