// A fake DoorDash Drive v2 on 127.0.0.1, written from DoorDash's documents, not from our code:
// - every request carries a JWT (HS256, header dd-ver DD-JWT-V1, claims aud "doordash", iss the
//   developer id, kid the key id, exp at most 30 minutes on), signed with the signing secret decoded
//   from base64url; anything else is 401;
// - POST /drive/v2/quotes: a quote that lives 5 minutes, priced as DoorDash's pricing page says ($9.75
//   within 5 miles, $0.75 a mile more, up to 15 miles); farther is out of coverage (422); an
//   external_delivery_id used before is 409;
// - POST /drive/v2/quotes/{id}/accept (tip optional): unknown 404, expired 400, accepted already 409;
// - GET /drive/v2/deliveries/{id}; PUT /drive/v2/deliveries/{id}/cancel (refused with 409 Conflict,
//   "cannot_be_cancelled", once a Dasher has it: the errors page's 409 is "a conflict with the current
//   state of the delivery"); an arrival event sets `delivery_status` to arrived_at_pickup or
//   arrived_at_dropoff (the API reference's delivery_status values: created, confirmed, enroute_to_pickup,
//   arrived_at_pickup, picked_up, enroute_to_dropoff, arrived_at_dropoff, delivered, cancelled);
// - webhooks (developer.doordash.com/en-US/docs/drive/reference/webhooks): the lifecycle events
//   (DASHER_CONFIRMED ... DASHER_DROPPED_OFF, DELIVERY_CANCELLED) in the body of DoorDash's example: the
//   event is named by `event_name` beside `created_at`, `external_delivery_id`, the Dasher's fields,
//   `dasher_location` and `tracking_url`; fields that are empty are left out, and `delivery_status`
//   (an API answer's field) is not in it. Sent with the Authorization header registered for the
//   webhook, and sent again (up to 3 times in all) while the answer is not 200;
// - tracking links on DoorDash's own https host (the accept answer's and the webhook's tracking_url);
// - faults per endpoint (a status such as 429 or 500, or a late answer), and a clock tests move on.
// The pages, behaviour by behaviour:
// - the JWT: developer.doordash.com/en-US/docs/drive/reference/JWTs
// - quotes, their 5 minutes and accepting one (with a tip): developer.doordash.com/en-US/docs/drive/how_to/quote_deliveries
// - deliveries, cancel, errors: developer.doordash.com/en-US/api/drive, developer.doordash.com/en-US/docs/drive/reference/errors
// - webhook events, their body (event_name) and the 3 tries: developer.doordash.com/en-US/docs/drive/reference/webhooks
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface DoorDashRequest {
  method: string;
  path: string;
  body: any;
}

export type DoorDashFault = { status: number; body?: unknown } | { delayMs: number };

export interface DoorDashWebhook {
  /** The Authorization header value registered in the Developer Portal. */
  authorization: string;
  deliver: (body: Record<string, unknown>, headers: Record<string, string>) => Promise<Response>;
}

export type DoorDashEvent =
  | "DASHER_CONFIRMED"
  | "DASHER_CONFIRMED_PICKUP_ARRIVAL"
  | "DASHER_PICKED_UP"
  | "DASHER_CONFIRMED_DROPOFF_ARRIVAL"
  | "DASHER_DROPPED_OFF"
  | "DELIVERY_CANCELLED";

export interface FakeDoorDash {
  url: string;
  developerId: string;
  keyId: string;
  /** base64url, as the Developer Portal shows it. */
  signingSecret: string;
  requests: DoorDashRequest[];
  /** Quotes and deliveries by external_delivery_id, as DoorDash holds them. */
  deliveries: Map<string, Record<string, any>>;
  /** Miles from the restaurant to a ZIP code (default: 3 for Miami's 331xx, else 40). */
  setDistance(zipCode: string, miles: number): void;
  /** The next `times` requests to `route` ("POST /quotes", "POST /accept", "GET /deliveries", "PUT /cancel") fail so. */
  fail(route: string, fault: DoorDashFault, times?: number): void;
  /** Moves DoorDash's clock on (quotes run out after 5 minutes). */
  passTime(ms: number): void;
  subscribe(webhook: DoorDashWebhook): void;
  /** Moves a delivery to the event's step and notifies the webhook; answers the webhook's last status. */
  advance(externalId: string, event: DoorDashEvent, extra?: Record<string, unknown>): Promise<number>;
  /** Deliveries accepted (dispatched), by external id. */
  accepted(): string[];
  reset(): void;
  stop(): Promise<void>;
}

const STATUS_OF: Record<DoorDashEvent, string> = {
  DASHER_CONFIRMED: "confirmed",
  DASHER_CONFIRMED_PICKUP_ARRIVAL: "arrived_at_pickup",
  DASHER_PICKED_UP: "picked_up",
  DASHER_CONFIRMED_DROPOFF_ARRIVAL: "arrived_at_dropoff",
  DASHER_DROPPED_OFF: "delivered",
  DELIVERY_CANCELLED: "cancelled",
};

const QUOTE_LIFETIME_MS = 5 * 60_000;

/**
 * A notification as DoorDash's webhook reference shows it (developer.doordash.com/en-US/docs/drive/reference/webhooks):
 * `{"created_at", "event_name", "external_delivery_id", "dasher_id", "dasher_name", "dasher_dropoff_phone_number",
 * "dasher_location", "tracking_url"}`; a field DoorDash has no value for is left out ("fields that are empty or
 * unavailable are omitted"), and the delivery's `delivery_status` is not sent.
 */
function webhookBody(event: DoorDashEvent, delivery: Record<string, any>, at: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    created_at: at,
    event_name: event,
    external_delivery_id: delivery.external_delivery_id,
    dasher_id: delivery.dasher_id,
    dasher_name: delivery.dasher_name,
    dasher_dropoff_phone_number: delivery.dasher_phone_number,
    dasher_location: delivery.dasher_id ? { lat: 25.7335, lng: -80.4188 } : undefined,
    tracking_url: delivery.tracking_url,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null));
}

export async function startFakeDoorDash(): Promise<FakeDoorDash> {
  const developerId = `dev-${randomBytes(4).toString("hex")}`;
  const keyId = `key-${randomBytes(4).toString("hex")}`;
  const signingSecret = randomBytes(32).toString("base64url");
  const requests: DoorDashRequest[] = [];
  const deliveries = new Map<string, Record<string, any>>();
  const distances = new Map<string, number>();
  const faults = new Map<string, DoorDashFault[]>();
  let offsetMs = 0;
  let webhook: DoorDashWebhook | undefined;
  const now = () => new Date(Date.now() + offsetMs);

  const milesTo = (address: string) => {
    const zip = /(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ?? "";
    return distances.get(zip) ?? (zip.startsWith("331") ? 3 : 40);
  };

  function authorized(header: string | undefined): boolean {
    const token = header?.startsWith("Bearer ") ? header.slice(7) : "";
    const [head, claims, signature] = token.split(".");
    if (!head || !claims || !signature) return false;
    const expected = createHmac("sha256", Buffer.from(signingSecret, "base64url")).update(`${head}.${claims}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    try {
      const h = JSON.parse(Buffer.from(head, "base64url").toString());
      const c = JSON.parse(Buffer.from(claims, "base64url").toString());
      const seconds = Math.floor(Date.now() / 1000);
      return (
        h.alg === "HS256" && h["dd-ver"] === "DD-JWT-V1" && c.aud === "doordash" && c.iss === developerId && c.kid === keyId &&
        typeof c.exp === "number" && c.exp > seconds && c.exp - c.iat <= 1800
      );
    } catch {
      return false;
    }
  }

  const error = (status: number, code: string, message: string, fieldErrors?: { field: string; error: string }[]) => ({
    status,
    body: { code, message, ...(fieldErrors ? { field_errors: fieldErrors } : {}) },
  });

  function route(method: string, path: string, body: any): { status: number; body: unknown } {
    const quoteAccept = /^\/drive\/v2\/quotes\/([^/]+)\/accept$/.exec(path);
    const deliveryPath = /^\/drive\/v2\/deliveries\/([^/]+)(\/cancel)?$/.exec(path);
    if (method === "POST" && path === "/drive/v2/quotes") {
      const missing = ["external_delivery_id", "pickup_address", "dropoff_address", "dropoff_phone_number"].filter((field) => !body?.[field]);
      if (missing.length) return error(400, "validation_error", "Validation Failed", missing.map((field) => ({ field, error: `missing ${field}` })));
      if (!/^\+1\d{10}$/.test(body.dropoff_phone_number)) {
        return error(400, "validation_error", "Validation Failed", [{ field: "dropoff_phone_number", error: "Invalid phone number" }]);
      }
      const id = String(body.external_delivery_id);
      if (deliveries.has(id)) return error(409, "duplicate_delivery_id", "Delivery with this external_delivery_id already exists");
      const miles = milesTo(String(body.dropoff_address));
      if (miles > 15) return error(422, "address_out_of_range", "Allowed distance between addresses exceeded");
      const created = now();
      const pickup = body.pickup_time ? new Date(body.pickup_time) : new Date(created.getTime() + 15 * 60_000);
      const quote = {
        external_delivery_id: id,
        delivery_status: "quote",
        currency: "USD",
        fee: 975 + Math.max(0, Math.ceil(miles - 5)) * 75,
        tip: typeof body.tip === "number" ? body.tip : 0,
        order_value: body.order_value,
        pickup_address: body.pickup_address,
        pickup_time: body.pickup_time,
        pickup_time_estimated: pickup.toISOString(),
        dropoff_address: body.dropoff_address,
        dropoff_phone_number: body.dropoff_phone_number,
        dropoff_contact_given_name: body.dropoff_contact_given_name,
        dropoff_time_estimated: new Date(pickup.getTime() + (10 + miles * 3) * 60_000).toISOString(),
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
        expires_at: new Date(created.getTime() + QUOTE_LIFETIME_MS).toISOString(),
      };
      deliveries.set(id, quote);
      return { status: 200, body: quote };
    }
    if (method === "POST" && quoteAccept) {
      const quote = deliveries.get(decodeURIComponent(quoteAccept[1]!));
      if (!quote) return error(404, "not_found", "Quote not found");
      if (quote.delivery_status !== "quote") return error(409, "duplicate_delivery_id", "This quote was accepted already");
      if (now().getTime() > Date.parse(quote.expires_at)) return error(400, "validation_error", "Quote expired or invalid");
      if (body && typeof body.tip === "number") quote.tip = body.tip;
      Object.assign(quote, {
        delivery_status: "created",
        // The customer's tracking page, on DoorDash's own host (the accept answer's tracking_url).
        tracking_url: `https://track.doordash.com/share/${encodeURIComponent(quote.external_delivery_id)}/track`,
        support_reference: String(Math.floor(Math.random() * 1e9)),
        updated_at: now().toISOString(),
      });
      return { status: 200, body: quote };
    }
    if (deliveryPath) {
      const delivery = deliveries.get(decodeURIComponent(deliveryPath[1]!));
      if (!delivery || delivery.delivery_status === "quote") return error(404, "not_found", "Delivery not found");
      if (method === "GET" && !deliveryPath[2]) return { status: 200, body: delivery };
      if (method === "PUT" && deliveryPath[2]) {
        if (delivery.delivery_status !== "created") return error(409, "cannot_be_cancelled", "Delivery cannot be cancelled in its current state");
        Object.assign(delivery, { delivery_status: "cancelled", cancellation_reason: "cancelled_by_creator", updated_at: now().toISOString() });
        return { status: 200, body: delivery };
      }
    }
    return error(404, "not_found", "No such route");
  }

  const routeName = (method: string, path: string) =>
    path === "/drive/v2/quotes" ? "POST /quotes" : path.endsWith("/accept") ? "POST /accept" : path.endsWith("/cancel") ? "PUT /cancel" : `${method} /deliveries`;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const path = (req.url ?? "/").split("?")[0]!;
    const method = req.method ?? "GET";
    requests.push({ method, path, body });
    const answer = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (!authorized(req.headers.authorization)) return answer(401, { code: "authentication_error", message: "The JWT is not valid" });
    const queued = faults.get(routeName(method, path));
    const fault = queued?.shift();
    if (fault && "status" in fault) {
      if (fault.status === 429) res.setHeader("retry-after", "1");
      return answer(fault.status, fault.body ?? { code: "service_unavailable", message: "Try again later" });
    }
    if (fault && "delayMs" in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const { status, body: reply } = route(method, path, body);
    answer(status, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    developerId,
    keyId,
    signingSecret,
    requests,
    deliveries,
    setDistance: (zip, miles) => void distances.set(zip, miles),
    fail(routeKey, fault, times = 1) {
      faults.set(routeKey, [...(faults.get(routeKey) ?? []), ...Array.from({ length: times }, () => fault)]);
    },
    passTime: (ms) => void (offsetMs += ms),
    subscribe: (subscription) => void (webhook = subscription),
    async advance(externalId, event, extra = {}) {
      const delivery = deliveries.get(externalId);
      if (!delivery || delivery.delivery_status === "quote") throw new Error(`no accepted delivery ${externalId}`);
      const at = new Date(now().getTime() + requests.length).toISOString();
      Object.assign(delivery, { delivery_status: STATUS_OF[event], updated_at: at }, extra);
      if (event !== "DELIVERY_CANCELLED" && !delivery.dasher_name) {
        Object.assign(delivery, { dasher_id: 4242, dasher_name: "Marisol", dasher_phone_number: "+13055550199" });
      }
      if (event === "DASHER_PICKED_UP") delivery.pickup_time_actual = at;
      if (event === "DASHER_DROPPED_OFF") delivery.dropoff_time_actual = at;
      if (event === "DELIVERY_CANCELLED" && !delivery.cancellation_reason) delivery.cancellation_reason = "dasher_not_available";
      if (!webhook) return 0;
      const body = webhookBody(event, delivery, at);
      let status = 0;
      // DoorDash sends each event up to 3 times while the answer is not 200 (the same body each time).
      for (let attempt = 0; attempt < 3 && status !== 200; attempt++) {
        status = (await webhook.deliver(body, { authorization: webhook.authorization, "content-type": "application/json" })).status;
      }
      return status;
    },
    accepted: () => [...deliveries.values()].filter((delivery) => delivery.delivery_status !== "quote").map((delivery) => delivery.external_delivery_id),
    reset() {
      requests.length = 0;
      deliveries.clear();
      distances.clear();
      faults.clear();
      offsetMs = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
