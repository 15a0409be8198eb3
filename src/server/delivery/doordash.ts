// DoorDash Drive v2 behind the Courier interface: quotes (POST /drive/v2/quotes), accepting one
// (POST /drive/v2/quotes/{id}/accept, with the tip), reading and cancelling a delivery. Each call has a
// short timeout and is made once: the checkout waits at most about 2 s for a quote, and a dispatch
// that fails is retried by the dispatch worker, never in a loop here (DoorDash asks not to amplify
// retries; about 300 requests a minute per key). DoorDash's refusals become the courier errors.
import { doordashTrackingUrl } from "../../domain/courierTracking";
import { log } from "../platform/http";
import {
  CourierNotFound,
  CourierRefused,
  CourierUnavailable,
  DuplicateDelivery,
  QuoteExpired,
  type Courier,
  type CourierDelivery,
  type CourierQuote,
  type QuoteRequest,
} from "./courier";
import type { DoorDashSettings } from "./courierConfig";
import { doordashJwt } from "./doordashJwt";
import site from "../../../content/site.json";

/** A quote is awaited while the customer types: an answer later than this is "not available now". */
export const QUOTE_TIMEOUT_MS = 1_800;
/**
 * Accepting a quote runs inside the customer's order request: a slow DoorDash is left to the worker
 * (a second accept of an accepted quote is answered 409 and read back, never a second driver).
 */
const CALL_TIMEOUT_MS = 5_000;

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
const date = (value: unknown) => (typeof value === "string" && !Number.isNaN(Date.parse(value)) ? new Date(value) : null);
const cents = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);

/** A delivery as DoorDash writes it (an accept's, a read's or a cancel's answer, or a notification). */
export function deliveryOf(body: Json): CourierDelivery {
  return {
    externalId: String(body.external_delivery_id ?? ""),
    status: text(body.delivery_status) ?? "unknown",
    feeCents: cents(body.fee),
    // Kept only when it is DoorDash's own https page: the order page and the e-mails link to it.
    trackingUrl: doordashTrackingUrl(body.tracking_url),
    driverName: text(body.dasher_name),
    dropoffEta: date(body.dropoff_time_estimated),
    cancellationReason: text(body.cancellation_reason),
  };
}

class DoorDashError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class DoorDashCourier implements Courier {
  readonly provider = "doordash" as const;

  constructor(private readonly settings: DoorDashSettings) {}

  private async call(method: string, path: string, body: Json | undefined, timeoutMs: number): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}/drive/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${doordashJwt(this.settings)}`, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CourierUnavailable(timedOut ? `DoorDash did not answer within ${timeoutMs} ms` : "DoorDash could not be reached");
    }
    const answer = (await response.json().catch(() => ({}))) as Json;
    if (response.ok) return answer;
    const code = text(answer.code) ?? "unknown";
    const message = text(answer.message) ?? response.statusText;
    if (response.status === 429) {
      // DoorDash asks for at least a second's wait; Retry-After, when it sends one, says how long.
      const retryAfter = Math.max(1, Number(response.headers.get("retry-after")) || 1);
      throw new CourierUnavailable("DoorDash asked us to slow down (429)", retryAfter);
    }
    if (response.status >= 500) throw new CourierUnavailable(`DoorDash failed (${response.status})`);
    if (response.status === 401 || response.status === 403) {
      log("error", "DoorDash refused our credentials", { status: response.status, code });
      throw new CourierUnavailable(`DoorDash refused the access key (${response.status})`);
    }
    throw new DoorDashError(response.status, code, message);
  }

  async quote(request: QuoteRequest): Promise<CourierQuote> {
    const [given, ...family] = request.dropoffName.trim().split(/\s+/);
    const body: Json = {
      external_delivery_id: request.externalId,
      pickup_address: `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}`,
      pickup_business_name: site.name,
      pickup_phone_number: site.phoneE164,
      pickup_time: request.pickupAt.toISOString(),
      dropoff_address: request.dropoffAddress,
      dropoff_phone_number: request.dropoffPhone,
      dropoff_contact_given_name: given ?? "",
      dropoff_contact_family_name: family.join(" "),
      dropoff_instructions: request.dropoffInstructions,
      order_value: request.orderValueCents,
      tip: request.tipCents,
    };
    let answer: Json;
    try {
      answer = await this.call("POST", "/quotes", body, QUOTE_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof DoorDashError)) throw error;
      if (error.status === 409) throw new DuplicateDelivery(error.message);
      // 400 (a field it cannot use) and 422 (out of coverage, too far, an impossible window).
      throw new CourierRefused(`${error.code}: ${error.message}`);
    }
    const feeCents = cents(answer.fee);
    const expiresAt = date(answer.expires_at);
    if (feeCents === null || (answer.currency !== undefined && answer.currency !== "USD")) throw new CourierUnavailable("DoorDash's quote has no fee in dollars");
    return {
      externalId: request.externalId,
      feeCents,
      dropoffEta: date(answer.dropoff_time_estimated) ?? date(answer.delivery_time),
      // A quote without its end is taken to live DoorDash's documented 5 minutes.
      expiresAt: expiresAt ?? new Date(Date.now() + 5 * 60_000),
    };
  }

  async accept(externalId: string, options: { tipCents: number }): Promise<CourierDelivery> {
    try {
      return deliveryOf(await this.call("POST", `/quotes/${encodeURIComponent(externalId)}/accept`, { tip: options.tipCents }, CALL_TIMEOUT_MS));
    } catch (error) {
      if (!(error instanceof DoorDashError)) throw error;
      if (error.status === 404) throw new CourierNotFound(error.message);
      if (error.status === 409) throw new DuplicateDelivery(error.message);
      // "Quote expired or invalid" (400): a new quote is needed.
      throw new QuoteExpired(`${error.code}: ${error.message}`);
    }
  }

  async get(externalId: string): Promise<CourierDelivery> {
    try {
      return deliveryOf(await this.call("GET", `/deliveries/${encodeURIComponent(externalId)}`, undefined, CALL_TIMEOUT_MS));
    } catch (error) {
      if (error instanceof DoorDashError && error.status === 404) throw new CourierNotFound(error.message);
      throw error instanceof DoorDashError ? new CourierRefused(`${error.code}: ${error.message}`) : error;
    }
  }

  async cancel(externalId: string): Promise<CourierDelivery> {
    try {
      return deliveryOf(await this.call("PUT", `/deliveries/${encodeURIComponent(externalId)}/cancel`, undefined, CALL_TIMEOUT_MS));
    } catch (error) {
      if (error instanceof DoorDashError && error.status === 404) throw new CourierNotFound(error.message);
      // 400/409: a delivery a driver already holds cannot be cancelled.
      throw error instanceof DoorDashError ? new CourierRefused(`${error.code}: ${error.message}`) : error;
    }
  }
}
