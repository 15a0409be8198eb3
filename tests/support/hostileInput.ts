// Hostile variants of a request body, generated from its zod schema: the schema's fields (walked
// through optional/nullable/default/pipe wrappers) say where a value goes and of what kind; each
// variant replaces or removes one to three of them with something a careless or malicious client
// sends (script, unicode tricks, huge text, wrong types, negative, fractional or enormous numbers,
// deep nesting). The same schema then predicts whether the server must refuse the variant.
import fc from "fast-check";
import type { z } from "zod";

export type FieldKind = "string" | "number" | "boolean" | "enum" | "array" | "object" | "unknown";

export interface Field {
  path: (string | number)[];
  kind: FieldKind;
}

/** The zod 4 definition of a schema, seen through the wrappers that do not change its shape. */
function unwrap(schema: z.ZodType): any {
  let def: any = (schema as any)._zod.def;
  for (;;) {
    if (["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"].includes(def.type)) def = def.innerType._zod.def;
    else if (def.type === "pipe") def = def.in._zod.def;
    else return def;
  }
}

/** Every field of `schema` present in `example`, arrays walked through their first element. */
export function fieldsOf(schema: z.ZodType, example: unknown, path: (string | number)[] = []): Field[] {
  const def = unwrap(schema);
  switch (def.type) {
    case "object": {
      const fields: Field[] = path.length ? [{ path, kind: "object" }] : [];
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = (example as Record<string, unknown> | null)?.[key];
        if (value === undefined) fields.push({ path: [...path, key], kind: kindOf(child) });
        else fields.push(...fieldsOf(child, value, [...path, key]));
      }
      return fields;
    }
    case "array": {
      const first = Array.isArray(example) ? example[0] : undefined;
      return [{ path, kind: "array" }, ...(first === undefined ? [] : fieldsOf(def.element, first, [...path, 0]))];
    }
    default:
      return [{ path, kind: kindOf(schema) }];
  }
}

function kindOf(schema: z.ZodType): FieldKind {
  const type = unwrap(schema).type as string;
  if (type === "string" || type === "number" || type === "boolean" || type === "enum" || type === "array" || type === "object") return type;
  return "unknown";
}

/** Text a hostile client sends: markup, bidi and invisible characters, lone surrogates, NUL, floods. */
export const SCRIPT_PAYLOADS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "\"><svg onload=alert(1)>",
  "javascript:alert(1)",
] as const;

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...SCRIPT_PAYLOADS,
    "\u202Eevil\u202C", // right-to-left override
    "Ana\u200B\u200C\u200D\uFEFF", // zero-width characters
    "\uD800", // lone high surrogate
    "x\uDFFFy", // lone low surrogate
    "nul\u0000byte",
    "",
    "   ",
    "\r\n\t",
    "'; DROP TABLE orders; --",
    "${7*7}{{7*7}}",
    "../../etc/passwd",
    "%00%0d%0a",
    "𝕬𝖓𝖆 😀".repeat(20),
    "\u0301\u0301\u0301\u0301e", // combining marks
  ),
  fc.string({ unit: "binary", maxLength: 120 }),
  fc.string({ unit: "grapheme", maxLength: 60 }).map((text) => `${SCRIPT_PAYLOADS[text.length % SCRIPT_PAYLOADS.length]}${text}`),
  fc.integer({ min: 200, max: 40_000 }).map((length) => "A".repeat(length)),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2.999, 51, 101, 1e9, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
  fc.integer({ min: -1_000_000, max: 10_000_000 }),
);

export const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(null, true, false, 0, 1, "1", "true", [], {}, [1, 2], { $gt: "" }, JSON.parse('{"__proto__": {"admin": true}}'));

/** Arrays and objects nested 9 to 60 levels deep (the server refuses more than 8). */
export const deepValue: fc.Arbitrary<unknown> = fc.integer({ min: 9, max: 60 }).map((depth) => {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nested: value };
  return value;
});

function valueFor(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case "string":
    case "enum":
      return fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: wrongType });
    case "number":
      return fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: wrongType });
    case "array":
      return fc.oneof(
        fc.constant([]),
        fc.integer({ min: 41, max: 400 }).map((n) => Array.from({ length: n }, (_, i) => ({ id: (i % 7) + 1, quantity: 1 }))),
        wrongType,
        deepValue,
      );
    default:
      return fc.oneof(wrongType, deepValue, hostileText);
  }
}

type Mutation = { path: (string | number)[]; remove: boolean; value: unknown };

function applyMutation(body: unknown, { path, remove, value }: Mutation): unknown {
  if (path.length === 0) return remove ? undefined : value;
  const copy: any = Array.isArray(body) ? [...body] : body && typeof body === "object" ? { ...body } : {};
  const [head, ...rest] = path;
  const next = applyMutation(copy[head as any], { path: rest, remove, value });
  if (next === undefined) delete copy[head as any];
  else copy[head as any] = next;
  return copy;
}

/** One to three fields of a valid `example` replaced or removed, sometimes with unknown keys added. */
export function hostileBody(schema: z.ZodType, example: unknown): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema, example);
  const mutation = fc.constantFrom(...fields).chain((field) =>
    fc.record({ path: fc.constant(field.path), remove: fc.integer({ min: 0, max: 9 }).map((n) => n < 2), value: valueFor(field.kind) }),
  );
  return fc
    .tuple(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.option(fc.dictionary(fc.string({ maxLength: 12 }), hostileText, { maxKeys: 3 })))
    .map(([mutations, extra]) => {
      let body = mutations.reduce(applyMutation, structuredClone(example));
      if (extra && body && typeof body === "object" && !Array.isArray(body)) body = { ...extra, ...body };
      return body;
    });
}

/** Nesting depth as the server counts it (src/server/platform/http.ts). */
export function depthOf(value: unknown, depth = 0): number {
  if (depth > 8 || value === null || typeof value !== "object") return depth;
  let max = depth + 1;
  for (const child of Object.values(value)) max = Math.max(max, depthOf(child, depth + 1));
  return max;
}
