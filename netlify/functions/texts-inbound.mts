// POST /api/texts/inbound: a diner's reply to one of our texts, as Twilio's Messaging Service posts it (its
// incoming-message webhook, form-encoded, signed with X-Twilio-Signature). STOP stops every later text at
// once, START lets them go again, HELP is answered with the restaurant's name and phone; the answer is
// TwiML (text/xml). 403 without Twilio's signature; 503 while texts are not configured.
import type { Config } from "@netlify/functions";
import { handle, methodNotAllowed } from "../../src/server/platform/http";
import { answerReply, signedForm } from "../../src/server/texts";

export default handle(async (req: Request) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const form = await signedForm(req);
  return new Response(await answerReply(form), { status: 200, headers: { "content-type": "text/xml; charset=utf-8" } });
});

export const config: Config = { path: "/api/texts/inbound", method: ["POST"] };
