// What the browser's code pulls in: from every module of src/islands, src/lib and src/stores, the
// static imports (the ones bundled with the island) never reach zod, a zod schema module
// (*.schema.ts) or src/server. Type-only imports ship nothing and are not followed; a dynamic
// import() becomes a chunk loaded on demand (the contact form loads its schema when sent).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOTS = ["islands", "lib", "stores"].map((dir) => join(SRC, dir));

/** The specifiers a module imports or re-exports for its values, static imports only. */
export function valueImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specifiers: string[] = [];
  for (const match of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm)) {
    const [, , typeOnly, clause, specifier] = match;
    if (typeOnly) continue;
    const names = /^\{([\s\S]*)\}$/.exec(clause!.trim())?.[1];
    const list = names?.split(",").map((name) => name.trim()).filter(Boolean);
    if (list && list.length > 0 && list.every((name) => name.startsWith("type "))) continue;
    specifiers.push(specifier!);
  }
  for (const match of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) specifiers.push(match[1]!);
  return specifiers;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The first forbidden module `entry` reaches, as the chain of imports that leads to it. */
function forbiddenChain(entry: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, "utf8"))) {
      if (specifier === "zod" || specifier.startsWith("zod/")) return [...chain, specifier];
      if (!specifier.startsWith(".")) continue;
      const target = resolveModule(file, specifier);
      if (!target) continue;
      const name = relative(SRC, target);
      if (/\.schema\.tsx?$/.test(target) || name.startsWith("server/")) return [...chain, name];
      const found = walk(target, [...chain, name]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(entry, [relative(SRC, entry)]);
}

describe("the browser's modules", () => {
  it("reads value imports, multi-line ones included, and skips type-only ones", () => {
    const source = [
      'import { z } from "zod";',
      'import type { Order } from "../domain/orderRequest.schema";',
      'import { type MenuItem } from "../domain/menu.schema";',
      "import {\n  CONTACT_LIMITS,\n  type ContactField,\n} from \"../domain/contactForm\";",
      'export * from "./checkoutCustomer";',
      'import "./styles.css";',
      '// import { x } from "../stores/cart";',
      'const lazy = () => import("../domain/contactMessage.schema");',
    ].join("\n");
    expect(valueImports(source)).toEqual(["zod", "../domain/contactForm", "./checkoutCustomer", "./styles.css"]);
  });

  const entries = ROOTS.flatMap(modulesUnder);
  it("are found", () => expect(entries.length).toBeGreaterThan(10));

  it.each(entries.map((file) => [relative(SRC, file), file]))("%s bundles no zod, no *.schema.ts and no src/server", (_name, file) => {
    expect(forbiddenChain(file)?.join(" -> ")).toBeUndefined();
  });
});
