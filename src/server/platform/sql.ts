// Statements for Netlify Database: the `sql` tag turns a template into text with $1, $2... and the
// values bound beside it, so no value is ever pasted into SQL.

/** A statement and its parameters, $1, $2... in the text. */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/**
 * `sql\`SELECT * FROM orders WHERE id = ${id}\`` becomes `{ text: "... WHERE id = $1", values: [id] }`.
 * Arrays bind as Postgres arrays (`= ANY(${ids})`), plain objects as JSON, undefined as NULL.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Statement {
  let text = strings[0] ?? "";
  values.forEach((_, index) => {
    text += `$${index + 1}${strings[index + 1] ?? ""}`;
  });
  return { text, values: values.map(bindable) };
}

function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || value instanceof Date || Array.isArray(value) || typeof value !== "object") return value;
  return JSON.stringify(value);
}
