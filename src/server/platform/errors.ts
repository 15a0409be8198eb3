// What a service says went wrong, by kind: services and functions throw these and never choose an HTTP
// status; statusOf() below is the one place that does, and http.ts's handle() answers with it.
import { errorText, type Said } from "../../domain/i18n/ui/errors";
import type { Locale } from "../../domain/i18n/locales";
import type { ErrorIssue } from "./http";

export { said, type Said } from "../../domain/i18n/ui/errors";

/**
 * A service error is written either as one English sentence (staff-facing refusals) or, for whatever a
 * customer can meet, as a `said(code, ...args)`: then its answer carries the code and its words in the
 * request's language, and `message` is the English (what logs and staff read).
 */
export abstract class ServiceError extends Error {
  /** The stable code of the answer, for refusals a customer can meet. */
  readonly code?: string;
  readonly said?: Said;

  constructor(
    message: string | Said,
    readonly issues?: ErrorIssue[],
    /** Extra headers of the answer (Retry-After when asked to wait). */
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === "string" ? message : errorText(message, "en"));
    this.name = new.target.name;
    if (typeof message !== "string") {
      this.said = message;
      this.code = message.code;
    }
  }

  /** What the customer reads, in their language. */
  textIn(locale: Locale): string {
    return this.said ? errorText(this.said, locale) : this.message;
  }
}

/** The card was declined. `reason` (the provider's codes) is for staff and the log, never the customer. */
export class CardDeclined extends ServiceError {
  constructor(
    message: string | Said,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** The payment provider failed, timed out or answered something unreadable: trying again may help. */
export class ProviderUnavailable extends ServiceError {}

/**
 * The payment provider asked us to slow down (rate limited) and the call was never processed, so the
 * card was certainly not charged: a 503 with Retry-After that says so.
 */
export class ProviderBusy extends ServiceError {
  constructor(message: string | Said, retryAfterSeconds: number) {
    super(message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** The provider gave no readable answer in time: it may still have done the work (a charge), so its outcome is unknown. */
export class ProviderNoAnswer extends ProviderUnavailable {}

/** A checkout attempt's key came back with another cart or payment. */
export class KeyReused extends ServiceError {}

export class NotFound extends ServiceError {}

/** The record is not in a state that allows this (a status change, a slug taken, prices changed). */
export class Conflict extends ServiceError {}

/** A business rule refuses the request (a closed kitchen, an address outside the delivery area). */
export class RuleBroken extends ServiceError {}

/** A service this needs is not configured or not reachable here (payments, the database). */
export class Unavailable extends ServiceError {}

/** The request itself is wrong: not JSON, fields missing or invalid, a header or a query out of form. */
export class InvalidRequest extends ServiceError {}

/** Who is asking is not proven: no session, a wrong password or passkey, a notification its sender did not sign. */
export class Unauthenticated extends ServiceError {}

/** The one asking is known but may not do this: another role, another site's request, a link no longer good, proof no longer fresh. */
export class NotPermitted extends ServiceError {}

/** The request's body is more than this endpoint reads. */
export class TooLarge extends ServiceError {}

/** The request's body is of a kind this endpoint does not read (not JSON, not an image). */
export class UnsupportedMediaType extends ServiceError {}

/** Too many attempts: the client must wait `retryAfterSeconds`. */
export class TooManyAttempts extends ServiceError {
  constructor(message: string | Said, retryAfterSeconds: number) {
    super(message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** The HTTP status of each kind of service error: the one place that chooses one. */
export function statusOf(error: ServiceError): number {
  if (error instanceof InvalidRequest) return 400;
  if (error instanceof Unauthenticated) return 401;
  if (error instanceof NotPermitted) return 403;
  if (error instanceof TooLarge) return 413;
  if (error instanceof UnsupportedMediaType) return 415;
  if (error instanceof CardDeclined) return 402;
  if (error instanceof ProviderUnavailable) return 502;
  if (error instanceof KeyReused || error instanceof Conflict) return 409;
  if (error instanceof NotFound) return 404;
  if (error instanceof RuleBroken) return 422;
  if (error instanceof TooManyAttempts) return 429;
  return 503;
}
