// POST /contact { firstName, lastName, email, phone?, message } stores a visitor's message and
// answers { message }: a thank-you sentence the form shows in its toast (README "POST /contact").
import type { Config, Context } from "@netlify/functions";
import { contactMessageSchema, contactSummary, isHoneypotFilled } from "../../src/domain/contactMessage.schema";
import { translator } from "../../src/domain/i18n/translate";
import { contactRuleText, contactWords } from "../../src/domain/i18n/ui/contact";
import { errorResponse, handle, HttpError, json, log, methodNotAllowed, readJson, requestLocale } from "../../src/server/http";
import { deliverMailSoon } from "../../src/server/mail/worker";
import { CONTACT_RATE_LIMIT, saveMessage } from "../../src/server/messages";
import { clientAddress, consumeRateLimit } from "../../src/server/rateLimit";

/** 4000 characters of message in any script, the names, and JSON's quotes and escapes. */
const BODY_LIMIT = 32 * 1024;

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  // Answers in the visitor's language (the page sends it; Accept-Language otherwise).
  const locale = requestLocale(req);
  const t = translator(contactWords, locale);
  // Only JSON is read (415 otherwise), so a plain HTML form on another site cannot post here, and
  // a cross-origin script's JSON request needs CORS approval that this function never gives.
  const input = await readJson(req, contactMessageSchema, BODY_LIMIT).catch((error: unknown) => {
    // The form's own sentence ("Please fill in all required fields.") rather than a generic one.
    if (error instanceof HttpError && error.status === 400 && error.issues?.length) {
      const issues = error.issues.map((issue) => ({ ...issue, message: contactRuleText(issue.message, locale) }));
      throw new HttpError(400, contactRuleText(contactSummary(error.issues), locale), issues);
    }
    throw error;
  });

  const limit = await consumeRateLimit(CONTACT_RATE_LIMIT, clientAddress(req, context.ip));
  if (!limit.allowed) {
    log("warn", "contact rate limit reached", { requestId: context.requestId });
    return errorResponse(429, t("tooMany"), undefined, { headers: { "retry-after": String(limit.retryAfterSeconds) } });
  }

  // A filled honeypot is a bot: it gets the same answer as a person, so it learns nothing.
  if (isHoneypotFilled(input)) {
    log("info", "contact honeypot filled; message dropped", { requestId: context.requestId });
  } else {
    const saved = await saveMessage(input);
    log("info", "contact message stored", { requestId: context.requestId, id: saved.id });
    deliverMailSoon(context);
  }
  return json({ message: t("thanks", input.firstName) }, { status: 201 });
});

export const config: Config = {
  path: "/contact",
  // Other methods fall through to the site, so GET /contact shows the page, not an API error.
  method: ["POST"],
  // Netlify's edge limit, before the function runs; the blob counter above is the finer rule.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
