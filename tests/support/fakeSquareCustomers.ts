// The fake Square's customer directory, written from Square's documents:
// - POST /v2/customers creates a profile; at least one of given_name, family_name, company_name,
//   email_address or phone_number is required; reference_id is kept as given; the idempotency_key makes a
//   retried create answer the first profile (https://developer.squareup.com/reference/square/customers-api/create-customer,
//   https://developer.squareup.com/docs/build-basics/common-api-patterns/idempotency);
// - POST /v2/customers/search filters by email_address / phone_number exact and sorts by CREATED_AT; an
//   empty result is `{}`; a new profile is not searchable at once: "well under 30 seconds", occasionally a
//   minute or more (https://developer.squareup.com/docs/customers-api/use-the-api/search-customers): here
//   `searchLagMs`, 30 s unless a test sets it;
// - duplicates happen (the Dashboard, the POS, other apps: https://developer.squareup.com/docs/customers-api/what-it-does#duplicate-customer-profiles),
//   seeded with `seedProfile`;
// - a merge deletes the merged profiles and creates a new one: customer.deleted for each and customer.created,
//   each with data.object.event_context.merge { from_customer_ids, to_customer_id }
//   (https://developer.squareup.com/docs/customers-api/use-the-api/customer-webhooks); GET /v2/customers/:id of a
//   merged-away id answers the new profile;
// - a profile deleted in the Dashboard (DeleteCustomer, developer.squareup.com/reference/square/customers-api/delete-customer)
//   notifies customer.deleted with no merge context, and its id is gone: `remove`;
// - an order or a payment names its buyer by `customer_id` (Order.customer_id, Payment.customer_id:
//   developer.squareup.com/reference/square/objects/Order, .../Payment; the Customers API's best practices:
//   "Always supply the correct customer_id when making payment-related API calls"): an id of no profile (never
//   made, or deleted) is refused with CUSTOMER_NOT_FOUND (ErrorCode) on that field: `knows`;
// - 429s come from the fake's own faults: square.fault("POST /v2/customers/search", { status: 429, ... }).
import { randomBytes } from "node:crypto";
import type { FakeReply, RouteHandler } from "./fakeSquare";

export interface CustomerHost {
  routes: Map<string, RouteHandler>;
  notify(type: string, dataType: string, dataId: string, object: Record<string, unknown>): unknown;
  idempotent(endpoint: string, body: any, work: () => FakeReply): FakeReply;
}

export interface FakeCustomers {
  /** Live profiles by id, in Square's wire shape. */
  profiles: Map<string, any>;
  /** How long a new profile stays invisible to search (default 30 s). */
  searchLagMs: number;
  /** A profile made elsewhere (the POS, the Dashboard), searchable at once unless `visible` is false; `createdAt` backdates it. */
  seedProfile(fields: Record<string, unknown>, createdAt?: string): any;
  /** The restaurant merges profiles in the Dashboard: answers the new profile and notifies as Square does. */
  merge(ids: string[]): any;
  /** The restaurant deletes a profile in the Dashboard (no merge): customer.deleted, and the id is no one's. */
  remove(id: string): void;
  /** Whether an order or a payment may name this customer: a live profile, or one merged into a live one. */
  knows(id: string): boolean;
  reset(): void;
}

const SEARCH_LAG_DEFAULT_MS = 30_000;
const REQUIRED = ["given_name", "family_name", "company_name", "email_address", "phone_number"];

export function installCustomers(host: CustomerHost): FakeCustomers {
  const profiles = new Map<string, any>();
  /** When each profile becomes searchable. */
  const searchableAt = new Map<string, number>();
  /** Merged-away ids and the profile that replaced them. */
  const mergedInto = new Map<string, string>();
  let sequence = 0;
  const newId = () => randomBytes(13).toString("hex").toUpperCase().slice(0, 26);
  const invalid = (code: string, detail: string, field?: string): FakeReply => ({
    status: 400,
    body: { errors: [{ category: "INVALID_REQUEST_ERROR", code, detail, ...(field ? { field } : {}) }] },
  });

  function make(fields: Record<string, unknown>, createdAt: string, visibleAt: number): any {
    const id = newId();
    const customer = { id, created_at: createdAt, updated_at: createdAt, version: 0, creation_source: "THIRD_PARTY", ...fields, _seq: sequence++ };
    profiles.set(id, customer);
    searchableAt.set(id, visibleAt);
    return customer;
  }
  const shown = (customer: any) => {
    const { _seq: _, ...wire } = customer;
    return wire;
  };

  const api: FakeCustomers = {
    profiles,
    searchLagMs: SEARCH_LAG_DEFAULT_MS,
    seedProfile(fields, createdAt = new Date().toISOString()) {
      return shown(make(fields, createdAt, Date.now()));
    },
    merge(ids) {
      const merged = ids.map((id) => profiles.get(id)).filter(Boolean);
      const newest = merged.sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? {};
      const { id: _id, created_at: _c, updated_at: _u, _seq: _s, ...fields } = newest;
      const now = new Date().toISOString();
      const to = make({ ...fields, creation_source: "MERGE" }, now, Date.now());
      const merge = { from_customer_ids: ids, to_customer_id: to.id };
      for (const id of ids) {
        const gone = profiles.get(id);
        profiles.delete(id);
        mergedInto.set(id, to.id);
        host.notify("customer.deleted", "customer", id, { customer: gone ? shown(gone) : { id }, event_context: { merge } });
      }
      host.notify("customer.created", "customer", to.id, { customer: shown(to), event_context: { merge } });
      return shown(to);
    },
    remove(id) {
      const gone = profiles.get(id);
      profiles.delete(id);
      if (gone) host.notify("customer.deleted", "customer", id, { customer: shown(gone) });
    },
    knows(id) {
      return profiles.has(mergedInto.get(id) ?? id);
    },
    reset() {
      profiles.clear();
      searchableAt.clear();
      mergedInto.clear();
      api.searchLagMs = SEARCH_LAG_DEFAULT_MS;
    },
  };

  host.routes.set("POST /v2/customers", ({ body }) => {
    if (!REQUIRED.some((field) => typeof body?.[field] === "string" && body[field] !== "")) {
      return invalid("MISSING_REQUIRED_PARAMETER", "At least one of the following fields is required: given_name, family_name, company_name, email_address, phone_number.");
    }
    const create = () => {
      const { idempotency_key: _key, ...fields } = body;
      const now = new Date().toISOString();
      const customer = make(fields, now, Date.now() + api.searchLagMs);
      host.notify("customer.created", "customer", customer.id, { customer: shown(customer) });
      return { status: 200, body: { customer: shown(customer) } };
    };
    return body.idempotency_key ? host.idempotent("customers", body, create) : create();
  });

  host.routes.set("POST /v2/customers/search", ({ body }) => {
    const filter = body?.query?.filter ?? {};
    const email = filter.email_address?.exact?.toLowerCase();
    const phone = filter.phone_number?.exact;
    const now = Date.now();
    let found = [...profiles.values()].filter((customer) => (searchableAt.get(customer.id) ?? 0) <= now);
    if (email !== undefined) found = found.filter((customer) => String(customer.email_address ?? "").toLowerCase() === email);
    if (phone !== undefined) found = found.filter((customer) => customer.phone_number === phone);
    const descending = body?.query?.sort?.order === "DESC";
    found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a._seq - b._seq);
    if (descending) found.reverse();
    const limit = Math.min(Number(body?.limit ?? 100), 100);
    const page = found.slice(0, limit).map(shown);
    return { status: 200, body: page.length > 0 ? { customers: page } : {} };
  });

  host.routes.set("GET /v2/customers/:id", ({ params }) => {
    const id = mergedInto.get(params.id ?? "") ?? params.id ?? "";
    const customer = profiles.get(id);
    if (!customer) return { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail: `Customer with ID \`${params.id}\` not found.` }] } };
    return { status: 200, body: { customer: shown(customer) } };
  });

  return api;
}
