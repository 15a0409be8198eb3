// POST /api/texts/status: Twilio's word on a text we sent (the StatusCallback given with it, form-encoded,
// signed with X-Twilio-Signature): MessageSid, MessageStatus, ErrorCode. A text that failed or could not be
// delivered goes to the diner by e-mail, once, within the minute. 204; 403 without Twilio's signature.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { deliverMailSoon } from "../../src/server/mail";
import { handle, methodNotAllowed } from "../../src/server/platform/http";
import { noteTextStatus, signedForm } from "../../src/server/texts";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const form = await signedForm(req);
  const code = Number(form.get("ErrorCode") ?? "");
  const noted = await noteTextStatus(form.get("MessageSid") ?? "", (form.get("MessageStatus") ?? "").toLowerCase(), Number.isInteger(code) && code > 0 ? code : null);
  if (noted === "email") deliverMailSoon(context);
  return new Response(null, { status: 204 });
});

export const config: Config = { path: "/api/texts/status", method: ["POST"] };
