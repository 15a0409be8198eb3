// docs/api.md's "Every route" table against the functions themselves: every config.path of
// netlify/functions/*.mts has its row naming its function, every row a function that still answers it,
// and every scheduled function its row.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const FUNCTIONS = join(ROOT, "netlify/functions");

/** The `config` a function exports: its paths and its schedule, read from the source as written. */
function configOf(file: string): { paths: string[]; schedule?: string } {
  const source = ts.createSourceFile(file, readFileSync(join(FUNCTIONS, file), "utf8"), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== "config" || !declaration.initializer) continue;
      if (!ts.isObjectLiteralExpression(declaration.initializer)) throw new Error(`${file}: config is not an object literal`);
      const result: { paths: string[]; schedule?: string } = { paths: [] };
      for (const property of declaration.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
        const value = property.initializer;
        if (property.name.text === "path") {
          const items = ts.isArrayLiteralExpression(value) ? value.elements : [value];
          for (const item of items) {
            if (!ts.isStringLiteral(item)) throw new Error(`${file}: a path that is not a string literal`);
            result.paths.push(item.text);
          }
        }
        if (property.name.text === "schedule" && ts.isStringLiteral(value)) result.schedule = value.text;
      }
      return result;
    }
  }
  throw new Error(`${file} exports no config`);
}

const functions = readdirSync(FUNCTIONS).filter((name) => name.endsWith(".mts"));
const documented = readFileSync(join(ROOT, "docs/api.md"), "utf8");
const section = documented.slice(documented.indexOf("## Every route"), documented.indexOf("\n## ", documented.indexOf("## Every route") + 1));
const rows = [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|$/gm)].map(([, first, second]) => [first!, second!] as const);

describe("docs/api.md lists every route", () => {
  it("has a row for each function's config.path, naming that function", () => {
    const expected = functions.flatMap((file) => configOf(file).paths.map((path) => `${path} ${file}`)).sort();
    const listed = rows.filter(([first]) => first.startsWith("/")).map(([path, file]) => `${path} ${file}`).sort();
    expect(listed).toEqual(expected);
  });

  it("has a row for each scheduled function, with its schedule", () => {
    const expected = functions.flatMap((file) => {
      const { paths, schedule } = configOf(file);
      return paths.length === 0 && schedule ? [`${file} ${schedule}`] : [];
    });
    const listed = rows.filter(([first]) => first.endsWith(".mts")).map(([file, schedule]) => `${file} ${schedule}`);
    expect(listed.sort()).toEqual(expected.sort());
  });
});
