// POST /api/feedback { token, answer: "happy" | "unhappy", message? }: the diner's answer to the e-mail
// after their pickup (docs/api.md). Every rating is treated alike (no review gating): it is noted and
// answers { reviewUrl } (the restaurant's Google review link), and with a message, whatever the rating, the
// message goes to the owner's inbox as a contact message, once per order (409 after).
// POST /api/feedback/opt-out { token }: never asked again. An unknown token is 404.
import type { Config, Context } from "@netlify/functions";
import "../../src/server/participants";
import { feedbackAnswerSchema, feedbackOptOutSchema, GOOGLE_REVIEW_URL, noteRating, optOut, requestOfToken, writeToOwner } from "../../src/server/feedback";
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
  if (input.message === undefined) {
    await noteRating(input.token, input.answer, serverNow());
    return json({ answer: input.answer, reviewUrl: GOOGLE_REVIEW_URL });
  }
  if (!(await writeToOwner(request, input.message, input.answer, serverNow()))) throw new Conflict("The owner already has your message about this order.");
  // The owner's copy goes out now rather than at the next scheduled run.
  deliverMailSoon(context);
  return json({ answer: input.answer, sent: true, reviewUrl: GOOGLE_REVIEW_URL });
});

export const config: Config = { path: ["/api/feedback", "/api/feedback/:action"], method: ["POST"] };
