// POST /api/delivery/quotes { deliveryInfo, customerInfo: { name, phone }, subtotal, tip?, slot? }
// answers a courier's quote for the checkout: { quoteId, provider, fee, dropoffEta, expiresAt } (200);
// 422 courier_address_refused "Delivery isn't available to this address: pickup?"; 503
// courier_unavailable when the courier fails or is slow; 404 courier_not_configured without courier
// settings (the checkout then keeps its ZIP-code delivery); 429 with a sentence past the quote budgets (per
// network, per IPv6 /48, site-wide): each quote is a call to DoorDash, which allows a key about 300 a minute.
import type { Config, Context } from "@netlify/functions";
import { courierQuoteRequestSchema } from "../../src/domain/courierQuote.schema";
import { toCents } from "../../src/domain/money";
import { admitQuote, assertCouriersOffered, quoteForCheckout, courierPickupTime } from "../../src/server/delivery";
import { serverNow } from "../../src/server/env";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";

/**
 * An order for as soon as possible reaches the door in about this long (the schedule's delivery lead
 * time); the order's own promised time is checked against the quote when it is placed.
 */
const ASAP_DOOR_MS = 45 * 60_000;

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  // Without courier settings the checkout keeps its ZIP-code delivery: it is told so whatever it sent,
  // before its details are judged (a half-typed form must not keep it waiting for a verdict).
  assertCouriersOffered();
  const input = await readJson(req, courierQuoteRequestSchema);
  await admitQuote(clientAddress(req, context.ip));
  const { deliveryInfo, customerInfo } = input;
  const quote = await quoteForCheckout({
    dropoff: {
      address: deliveryInfo.address,
      unit: deliveryInfo.unit,
      city: deliveryInfo.city,
      state: deliveryInfo.state,
      zipCode: deliveryInfo.zipCode,
      phone: deliveryInfo.phone || customerInfo.phone,
      name: customerInfo.name,
      notes: deliveryInfo.deliveryNotes ?? "",
    },
    subtotalCents: toCents(input.subtotal),
    tipCents: input.tip === undefined ? 0 : toCents(input.tip),
    pickupAt: courierPickupTime(input.slot ? new Date(input.slot) : new Date(serverNow().getTime() + ASAP_DOOR_MS)),
  });
  return json(quote);
});

export const config: Config = { path: "/api/delivery/quotes", method: ["POST"] };
