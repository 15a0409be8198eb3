// POST /api/square/webhooks: Square's notifications (order fulfillments moved on the POS, payments,
// refunds, catalogue and stock). The raw body is read as text before anything parses it: the signature
// covers those exact bytes. 200 once applied (or already applied), 401 for a bad signature.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { handle, json, methodNotAllowed, readBytesWithin } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { receiveSquareNotification, SIGNATURE_HEADER } from "../../src/server/square";

/** Square's notifications are a few kilobytes; a catalogue notification carries no objects. */
const NOTIFICATION_LIMIT = 256 * 1024;

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const raw = new TextDecoder().decode(await readBytesWithin(req, NOTIFICATION_LIMIT, "The notification is too large."));
  const receipt = await receiveSquareNotification(raw, req.headers.get(SIGNATURE_HEADER), {
    later: (work) => context.waitUntil?.(work),
  });
  deliverMailSoon(context);
  return json({ received: true, ...receipt });
});

export const config: Config = { path: "/api/square/webhooks", method: ["POST"] };
