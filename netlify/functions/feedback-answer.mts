// POST /api/feedback { token, answer: "happy" | "unhappy", message? }: the diner's answer to the e-mail
// after their pickup (docs/api.md). Happy: noted, answers { reviewUrl } (the restaurant's Google review
// link). Unhappy: { message } goes to the owner's inbox as a contact message, once per order (409 after).
// POST /api/feedback/opt-out { token }: never asked again. An unknown token is 404.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { feedbackAnswerSchema, feedbackOptOutSchema, GOOGLE_REVIEW_URL, answerHappy, answerUnhappy, optOut, requestOfToken } from "../../src/server/feedback";
import { deliverMailSoon } from "../../src/server/mail";
import { serverNow } from "../../src/server/env";
import { Conflict, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";

/** 2,000 characters in any script, with JSON's quotes and escapes. */
const BODY_LIMIT = 16 * 1024;

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  if (context.params.action === "opt-out") {
    const { token } = await readJson(req, feedbackOptOutSchema, BODY_LIMIT);
    const request = await requestOfToken(token);
    if (!request) throw new NotFound("This link is not known (or no longer works).");
    await optOut(request.email);
    return json({ optedOut: true });
  }
  if (context.params.action) throw new NotFound("There is no such feedback action.");
  const input = await readJson(req, feedbackAnswerSchema, BODY_LIMIT);
  const request = await requestOfToken(input.token);
  if (!request) throw new NotFound("This link is not known (or no longer works).");
  if (input.answer === "happy") {
    await answerHappy(input.token, serverNow());
    return json({ answer: "happy", reviewUrl: GOOGLE_REVIEW_URL });
  }
  if (!(await answerUnhappy(request, input.message, serverNow()))) throw new Conflict("The owner already has your message about this order.");
  // The owner's copy goes out now rather than at the next scheduled run.
  deliverMailSoon(context);
  return json({ answer: "unhappy", sent: true });
});

export const config: Config = { path: ["/api/feedback", "/api/feedback/:action"], method: ["POST"] };
