// POST /contact { firstName, lastName, email, phone?, message } stores a visitor's message and
// answers { message }: a thank-you sentence the form shows in its toast (docs/api.md).
import type { Config, Context } from "@netlify/functions";
import { CONTACT_EMAIL_MESSAGE, CONTACT_PHONE_MESSAGE, CONTACT_REQUIRED_MESSAGE } from "../../src/domain/contactForm";
import { contactMessageSchema, contactSummary, isHoneypotFilled } from "../../src/domain/contactMessage.schema";
import type { Locale } from "../../src/domain/i18n/locales";
import { translator } from "../../src/domain/i18n/translate";
import { contactRuleText, contactWords } from "../../src/domain/i18n/ui/contact";
import { errorText, type ErrorCode } from "../../src/domain/i18n/ui/errors";
import { CONTROL_CHARACTERS_MESSAGE } from "../../src/domain/plainText";
import "../../src/server/participants";
import { errorResponse, handle, json, log, methodNotAllowed, readJson, requestLocale, type ErrorIssue } from "../../src/server/platform/http";
import { InvalidRequest, said, TooManyAttempts } from "../../src/server/platform/errors";
import { deliverMailSoon } from "../../src/server/mail";
import { CONTACT_RATE_LIMIT, saveMessage } from "../../src/server/content";
import { clientAddress, consumeRateLimit } from "../../src/server/platform/rateLimit";

/** 4000 characters of message in any script, the names, and JSON's quotes and escapes. */
const BODY_LIMIT = 32 * 1024;

/** The code of each of the form's rules (each rule is known by its sentence, src/domain/contactForm.ts). */
const RULE_CODES: Record<string, ErrorCode> = {
  [CONTACT_REQUIRED_MESSAGE]: "field_required",
  [CONTACT_EMAIL_MESSAGE]: "invalid_email",
  [CONTACT_PHONE_MESSAGE]: "invalid_phone",
  [CONTROL_CHARACTERS_MESSAGE]: "control_characters",
};

/** A problem of the form in the visitor's language, with its code (a length limit worded by its code's words). */
function contactIssue(found: ErrorIssue, locale: Locale): ErrorIssue {
  const code = RULE_CODES[found.message] ?? found.code ?? "invalid_value";
  const message = RULE_CODES[found.message] || !found.said ? contactRuleText(found.message, locale) : locale === "en" ? found.message : errorText(found.said, locale);
  return { path: found.path, message, code };
}

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  // Answers in the visitor's language (the page sends it; Accept-Language otherwise).
  const locale = requestLocale(req);
  const t = translator(contactWords, locale);
  // Only JSON is read (415 otherwise), so a plain HTML form on another site cannot post here, and
  // a cross-origin script's JSON request needs CORS approval that this function never gives.
  const input = await readJson(req, contactMessageSchema, BODY_LIMIT).catch((error: unknown) => {
    // The form's own sentence ("Please fill in all required fields.") rather than a generic one.
    if (error instanceof InvalidRequest && error.issues?.length) return error.issues;
    throw error;
  });
  if (Array.isArray(input)) {
    const summary = contactSummary(input);
    const first = contactIssue(input.find((found) => found.message === summary) ?? input[0]!, locale);
    const code = summary === CONTACT_REQUIRED_MESSAGE ? "contact_fields_required" : first.code;
    return errorResponse(400, first.message, input.map((found) => contactIssue(found, locale)), {}, code);
  }

  const limit = await consumeRateLimit(CONTACT_RATE_LIMIT, clientAddress(req, context.ip));
  if (!limit.allowed) {
    log("warn", "contact rate limit reached", { requestId: context.requestId });
    throw new TooManyAttempts(said("contact_too_many"), limit.retryAfterSeconds);
  }

  // A filled honeypot is a bot: it gets the same answer as a person, so it learns nothing.
  if (isHoneypotFilled(input)) {
    log("info", "contact honeypot filled; message dropped", { requestId: context.requestId });
  } else {
    const saved = await saveMessage(input);
    // Past the hour's cap of e-mailed copies the message is kept for the console only; the visitor is thanked all the same.
    if (saved.copyHeld) log("warn", "contact message stored; its e-mail copy held back, over the hour's cap", { requestId: context.requestId, id: saved.id });
    else log("info", "contact message stored", { requestId: context.requestId, id: saved.id });
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
