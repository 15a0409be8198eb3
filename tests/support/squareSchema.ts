// Square's published API description as a check on both sides of the fake: every request our code sends
// and every answer (and webhook notification) the fake gives is validated against the OpenAPI document
// of github.com/square/connect-api-specification (api.json, cut down and vendored with its commit in
// ./squareOpenApi/, see its README). Strict: a field the document does not name, a wrong type, an enum
// value Square does not list, a string over its documented length or a missing required field is a
// violation. The fake records violations; the API tests' setup fails the test that caused one.
import { readFileSync } from "node:fs";

/**
 * Error codes Square answers that its document's ErrorCode enum leaves out. VERSION_MISMATCH: UpdateOrder
 * with a stale order.version answers 400 {code: "VERSION_MISMATCH", field: "order.version", category:
 * "INVALID_REQUEST_ERROR"} (developer.squareup.com/reference/square/orders-api/update-order, "version";
 * the answer as quoted on developer.squareup.com/forums/t/order-is-not-showing-up-in-dashboard/855).
 */
const UNLISTED_ERROR_CODES: ReadonlySet<string> = new Set(["VERSION_MISMATCH"]);

interface Schema {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  required?: string[];
  enum?: string[];
  nullable?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  format?: string;
}

interface Operation {
  operationId: string;
  request?: string;
  response?: string;
  query: string[];
}

interface SquareApi {
  commit: string;
  operations: Record<string, Operation>;
  events: Record<string, string>;
  /** Names Square's document refers to but does not define: their values cannot be checked. */
  unresolved: string[];
  schemas: Record<string, Schema>;
}

const api: SquareApi = JSON.parse(readFileSync(new URL("./squareOpenApi/squareApi.json", import.meta.url), "utf8"));

/** The vendored document's commit of square/connect-api-specification. */
export const SQUARE_API_COMMIT = api.commit;

/** "POST /v2/orders/{order_id}/pay" -> a matcher of real paths. */
const routes = Object.entries(api.operations).map(([endpoint, operation]) => {
  const [method, template] = endpoint.split(" ") as [string, string];
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return { method, template, pattern, operation };
});

function resolve(schema: Schema): { schema: Schema; name?: string } {
  if (!schema.$ref) return { schema };
  const name = schema.$ref.replace("#/components/schemas/", "");
  const found = api.schemas[name];
  if (!found && api.unresolved.includes(name)) return { schema: {}, name };
  if (!found) throw new Error(`squareSchema: ${name} is not vendored; add its operation to squareOpenApi/extract.mjs`);
  return { schema: found, name };
}

/** Checks `value` against `start`; `side` is "request" (read-only fields are refused: Square ignores them) or "answer". */
function validate(value: unknown, start: Schema, at: string, side: "request" | "answer", problems: string[]): void {
  const { schema, name } = resolve(start);
  const what = name ?? schema.type ?? "value";
  if (value === null) {
    if (!schema.nullable && !start.nullable) problems.push(`${at}: null, but ${what} is not nullable`);
    return;
  }
  if (value === undefined) return;
  switch (schema.type) {
    case "object": {
      if (typeof value !== "object" || Array.isArray(value)) return void problems.push(`${at}: expected ${what} (an object), got ${JSON.stringify(value)}`);
      const record = value as Record<string, unknown>;
      for (const field of schema.required ?? []) {
        if (record[field] === undefined) problems.push(`${at}.${field}: required by ${what}, missing`);
      }
      for (const [key, item] of Object.entries(record)) {
        const property = schema.properties?.[key];
        if (property) {
          if (side === "request" && (property.readOnly || resolve(property).schema.readOnly)) problems.push(`${at}.${key}: read-only in ${what}, Square ignores it in a request`);
          validate(item, property, `${at}.${key}`, side, problems);
        } else if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
          validate(item, schema.additionalProperties, `${at}.${key}`, side, problems);
        } else if (schema.properties || schema.additionalProperties === false) {
          problems.push(`${at}.${key}: ${what} has no field "${key}"`);
        }
      }
      return;
    }
    case "array":
      if (!Array.isArray(value)) return void problems.push(`${at}: expected an array of ${schema.items?.$ref?.split("/").pop() ?? "items"}, got ${JSON.stringify(value)}`);
      value.forEach((item, index) => schema.items && validate(item, schema.items, `${at}[${index}]`, side, problems));
      return;
    case "string":
      if (typeof value !== "string") return void problems.push(`${at}: expected a string (${what}), got ${JSON.stringify(value)}`);
      if (schema.enum && !schema.enum.includes(value) && !(what === "ErrorCode" && UNLISTED_ERROR_CODES.has(value))) problems.push(`${at}: "${value}" is not a value of ${what} (${schema.enum.join(", ")})`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: ${value.length} characters, ${what} allows ${schema.maxLength}`);
      if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: ${value.length} characters, ${what} needs ${schema.minLength}`);
      return;
    case "integer":
    case "number":
      if (typeof value !== "number" || (schema.type === "integer" && !Number.isInteger(value))) {
        return void problems.push(`${at}: expected ${schema.type === "integer" ? "an integer" : "a number"}, got ${JSON.stringify(value)}`);
      }
      if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: ${value} is over ${schema.maximum}`);
      if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: ${value} is under ${schema.minimum}`);
      return;
    case "boolean":
      if (typeof value !== "boolean") problems.push(`${at}: expected a boolean, got ${JSON.stringify(value)}`);
      return;
    default:
      return; // a free-form value
  }
}

function operationFor(method: string, path: string): Operation | undefined {
  return routes.find((route) => route.method === method && route.pattern.test(path))?.operation;
}

/** Problems with a request to Square (`body` parsed JSON), as its operation in Square's document defines it. */
export function requestProblems(method: string, path: string, query: Record<string, string>, body: unknown): string[] {
  const operation = operationFor(method, path);
  if (!operation) return [`${method} ${path}: not an endpoint of Square's API document (or not vendored in squareOpenApi/)`];
  const problems: string[] = [];
  for (const name of Object.keys(query)) {
    if (!operation.query.includes(name)) problems.push(`${method} ${path}?${name}: ${operation.operationId} has no query parameter "${name}"`);
  }
  if (operation.request) validate(body, { $ref: operation.request }, `${operation.operationId} request`, "request", problems);
  else if (body !== undefined) problems.push(`${method} ${path}: ${operation.operationId} takes no body`);
  return problems;
}

/** Problems with an answer to a request (error answers too: Square's responses carry `errors`). */
export function answerProblems(method: string, path: string, body: unknown): string[] {
  const operation = operationFor(method, path);
  if (!operation?.response) return [];
  const problems: string[] = [];
  validate(body, { $ref: operation.response }, `${operation.operationId} answer`, "answer", problems);
  return problems;
}

/** Problems with a webhook notification body, against the event's published schema (PaymentCreatedEvent, ...). */
export function notificationProblems(type: string, body: unknown): string[] {
  const name = api.events[type];
  if (!name) return [`notification ${type}: not an event type vendored in squareOpenApi/ (or not one of Square's)`];
  const problems: string[] = [];
  validate(body, { $ref: `#/components/schemas/${name}` }, `${name}`, "answer", problems);
  return problems;
}

/** Fakes that check, so a test's setup can fail the test that made one break Square's description. */
const checked = new Set<{ schemaViolations: string[] }>();

export function watchSchemaViolations(fake: { schemaViolations: string[] }): () => void {
  checked.add(fake);
  return () => checked.delete(fake);
}

/** Violations recorded since the last call, by every live fake (and forgets them). */
export function takeSchemaViolations(): string[] {
  const all: string[] = [];
  for (const fake of checked) all.push(...fake.schemaViolations.splice(0));
  return all;
}
