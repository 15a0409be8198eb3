// What the feedback page sends, checked before anything is read or written.
import * as z from "../../domain/zod";
import { hasControlCharacters, isInvisible } from "../../domain/plainText";

/** The e-mail's link token: 64 hex digits (src/server/feedback/requests.ts makes them). */
const token = z.string().regex(/^[0-9a-f]{64}$/, "not a feedback link's token");

/** What the owner reads: plain text, line breaks allowed, no control or direction characters. */
export const FEEDBACK_MESSAGE_MAX = 2000;
const message = z
  .string()
  .trim()
  .min(1, "tell us what happened")
  .max(FEEDBACK_MESSAGE_MAX, `at most ${FEEDBACK_MESSAGE_MAX} characters`)
  .refine((text) => !isInvisible(text), "tell us what happened")
  .refine((text) => !hasControlCharacters(text, { singleLine: false }), "only letters, digits and punctuation (no control or direction characters)");

/**
 * A rating, noted when the page opens (no message), and a message to the owner, which any rating may
 * write: the Google review link is offered to every rating alike (no review gating).
 */
export const feedbackAnswerSchema = z.object({ token, answer: z.enum(["happy", "unhappy"]), message: message.optional() });

export const feedbackOptOutSchema = z.object({ token });
