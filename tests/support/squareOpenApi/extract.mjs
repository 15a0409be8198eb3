// Cuts Square's published OpenAPI document (api.json of github.com/square/connect-api-specification) down to
// the operations and webhook events this project speaks, with every schema they reach and nothing that
// only documents (descriptions, examples, SDK samples): tests/support/squareSchema.ts validates against it.
// Usage: node tests/support/squareOpenApi/extract.mjs <path to api.json> <commit> > tests/support/squareOpenApi/squareApi.json
import { readFileSync } from "node:fs";

const [source, commit] = process.argv.slice(2);
if (!source || !commit) throw new Error("usage: extract.mjs <api.json> <commit>");
const api = JSON.parse(readFileSync(source, "utf8"));

/** The endpoints our code and the fake use (method and OpenAPI path). */
const OPERATIONS = [
  ["post", "/v2/orders"],
  ["post", "/v2/orders/calculate"],
  ["get", "/v2/orders/{order_id}"],
  ["put", "/v2/orders/{order_id}"],
  ["post", "/v2/orders/{order_id}/pay"],
  ["get", "/v2/payments"],
  ["post", "/v2/payments"],
  ["get", "/v2/payments/{payment_id}"],
  ["post", "/v2/payments/{payment_id}/cancel"],
  ["post", "/v2/payments/{payment_id}/complete"],
  ["post", "/v2/refunds"],
  ["get", "/v2/refunds/{refund_id}"],
  ["get", "/v2/locations"],
  ["get", "/v2/catalog/list"],
  ["post", "/v2/apple-pay/domains"],
  ["post", "/v2/gift-cards"],
  ["get", "/v2/gift-cards"],
  ["get", "/v2/gift-cards/{id}"],
  ["post", "/v2/gift-cards/from-gan"],
  ["post", "/v2/gift-cards/from-nonce"],
  ["post", "/v2/gift-cards/activities"],
  ["post", "/v2/customers"],
  ["post", "/v2/customers/search"],
  ["get", "/v2/customers/{customer_id}"],
  ["post", "/v2/cards"],
  ["get", "/v2/cards"],
  ["get", "/v2/cards/{card_id}"],
  ["post", "/v2/cards/{card_id}/disable"],
  ["get", "/v2/catalog/object/{object_id}"],
  ["get", "/v2/loyalty/programs/{program_id}"],
  ["post", "/v2/loyalty/programs/{program_id}/calculate"],
  ["post", "/v2/loyalty/accounts"],
  ["post", "/v2/loyalty/accounts/search"],
  ["get", "/v2/loyalty/accounts/{account_id}"],
  ["post", "/v2/loyalty/accounts/{account_id}/accumulate"],
  ["post", "/v2/loyalty/accounts/{account_id}/adjust"],
  ["post", "/v2/loyalty/events/search"],
  ["post", "/v2/loyalty/rewards"],
  ["get", "/v2/loyalty/rewards/{reward_id}"],
  ["delete", "/v2/loyalty/rewards/{reward_id}"],
  ["post", "/v2/invoices"],
  ["get", "/v2/invoices/{invoice_id}"],
  ["post", "/v2/invoices/{invoice_id}/publish"],
  ["post", "/v2/invoices/{invoice_id}/cancel"],
];
/** Webhook event types the fake sends, by the schema Square publishes for each. */
const EVENTS = {
  "payment.created": "PaymentCreatedEvent",
  "payment.updated": "PaymentUpdatedEvent",
  "refund.created": "RefundCreatedEvent",
  "refund.updated": "RefundUpdatedEvent",
  "order.created": "OrderCreatedEvent",
  "order.updated": "OrderUpdatedEvent",
  "order.fulfillment.updated": "OrderFulfillmentUpdatedEvent",
  "gift_card.created": "GiftCardCreatedEvent",
  "gift_card.updated": "GiftCardUpdatedEvent",
  "gift_card.activity.created": "GiftCardActivityCreatedEvent",
  "gift_card.activity.updated": "GiftCardActivityUpdatedEvent",
  "catalog.version.updated": "CatalogVersionUpdatedEvent",
  "inventory.count.updated": "InventoryCountUpdatedEvent",
  "customer.created": "CustomerCreatedEvent",
  "customer.deleted": "CustomerDeletedEvent",
  "loyalty.program.updated": "LoyaltyProgramUpdatedEvent",
  "loyalty.account.updated": "LoyaltyAccountUpdatedEvent",
  "loyalty.event.created": "LoyaltyEventCreatedEvent",
  "invoice.published": "InvoicePublishedEvent",
  "invoice.payment_made": "InvoicePaymentMadeEvent",
  "invoice.canceled": "InvoiceCanceledEvent",
};
/** What validation reads; the rest only documents. */
const KEPT = new Set(["type", "properties", "items", "$ref", "required", "enum", "nullable", "additionalProperties", "maxLength", "minLength", "maximum", "minimum", "format", "readOnly", "pattern"]);

const schemas = api.components.schemas;
const wanted = new Set();
/** Names the document refers to without defining (e.g. CatalogModifierToggleOverrideType at 5733f66): left unchecked. */
const unresolved = new Set();
const reach = (node) => {
  if (Array.isArray(node)) return node.forEach(reach);
  if (!node || typeof node !== "object") return;
  if (typeof node.$ref === "string") {
    const name = node.$ref.replace("#/components/schemas/", "");
    if (!schemas[name]) unresolved.add(name);
    else if (!wanted.has(name)) {
      wanted.add(name);
      reach(schemas[name]);
    }
  }
  for (const [key, value] of Object.entries(node)) if (key !== "example" && key !== "x-sq-sdk-sample-code") reach(value);
};

const strip = (node) => {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== "object") return node;
  const kept = {};
  for (const [key, value] of Object.entries(node)) {
    if (!KEPT.has(key)) continue;
    // A property named like a keyword ("type", "items") is data, not a keyword: keep every property.
    kept[key] = key === "properties" ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, strip(schema)])) : strip(value);
  }
  return kept;
};

const operations = {};
for (const [method, path] of OPERATIONS) {
  const op = api.paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  const request = op.requestBody?.content?.["application/json"]?.schema;
  const response = op.responses?.["200"]?.content?.["application/json"]?.schema;
  const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  reach(request);
  reach(response);
  operations[`${method.toUpperCase()} ${path}`] = { operationId: op.operationId, request: request?.$ref, response: response?.$ref, query };
}
for (const name of Object.values(EVENTS)) reach({ $ref: `#/components/schemas/${name}` });

const kept = Object.fromEntries([...wanted].sort().map((name) => [name, strip(schemas[name])]));
process.stdout.write(
  JSON.stringify({ source: "https://github.com/square/connect-api-specification/blob/" + commit + "/api.json", commit, version: api.info?.version, operations, events: EVENTS, unresolved: [...unresolved].sort(), schemas: kept }, null, 1) + "\n",
);
