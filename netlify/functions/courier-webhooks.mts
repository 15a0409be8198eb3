// POST /api/couriers/doordash/webhooks: DoorDash Drive's delivery notifications (the URL registered in
// its Developer Portal), authenticated by the Authorization header registered with it and applied once.
// 200 for every authenticated notification (a repeat, or one for a delivery we do not know, included:
// DoorDash would only send it again); 401 without the header; 503 when none is registered here.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { applyDoorDashEvent, authenticateDoorDash } from "../../src/server/delivery";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { orderFinished, orderPickedUpByCourier } from "../../src/server/orders";
import * as z from "../../src/domain/zod";

// DoorDash's webhook reference names the event `event_name`; `event_type` is read too (one of them is needed).
const notification = z
  .looseObject({ event_name: z.string().max(100).optional(), event_type: z.string().max(100).optional(), external_delivery_id: z.string().max(200) })
  .refine((body) => Boolean(body.event_name ?? body.event_type), { error: "event_name is required", path: ["event_name"] });

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  authenticateDoorDash(req.headers.get("authorization"));
  const body = await readJson(req, notification);
  const { outcome, droppedOff, pickedUp } = await applyDoorDashEvent(body);
  // A driver assigned or a cancellation may have queued e-mail (the tracking link, the alarms).
  if (outcome === "applied") deliverMailSoon(context);
  // Dropped off: the order is finished, and its lifecycle's finished stage starts (points Square kept back while it was open).
  // Picked up: the participants hear it (the diner's text with the tracking link) before the answer, so nothing is cut short.
  if (pickedUp) await orderPickedUpByCourier(pickedUp);
  if (droppedOff) context.waitUntil?.(orderFinished(droppedOff));
  return json({ outcome });
});

export const config: Config = { path: "/api/couriers/doordash/webhooks", method: ["POST"] };
