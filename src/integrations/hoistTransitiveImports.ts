// A Vite plugin for the browser's build: Rollup's `hoistTransitiveImports`, which Rolldown (Vite 8's
// bundler) does not implement yet. A page script (an entry chunk) then names every chunk it needs,
// so the browser asks for all of them as soon as the script arrives, instead of finding a third level
// (the menu store's API helper, the cart's toast helper) only once the second has arrived: on a
// phone's 150 ms round trip, the full menu asks for live stock and prices a round trip sooner.
import { dirname, posix } from "node:path";
import type { Plugin } from "vite";

interface ChunkLike {
  type: "chunk" | "asset";
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

/** The chunks `fileName` loads before it runs: its static imports, and theirs. */
export function staticClosure(bundle: Record<string, ChunkLike>, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    for (const imported of bundle[name]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(fileName);
  return seen;
}

/**
 * Adds to each entry chunk an import of every chunk it reaches only through another. They go at the
 * end: those modules already ran by then (as imports of imports), so nothing runs in another order.
 */
export function hoistImports(bundle: Record<string, ChunkLike>): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk" || !chunk.isEntry || chunk.code === undefined) continue;
    const direct = new Set(chunk.imports ?? []);
    const missing = [...staticClosure(bundle, chunk.fileName)].filter((name) => !direct.has(name));
    if (missing.length === 0) continue;
    const specifier = (name: string) => {
      const path = posix.relative(dirname(chunk.fileName), name);
      return path.startsWith(".") ? path : `./${path}`;
    };
    chunk.code += `\n${missing.map((name) => `import"${specifier(name)}";`).join("")}\n`;
    chunk.imports = [...direct, ...missing];
  }
}

export function hoistTransitiveImports(): Plugin {
  return {
    name: "jealous-fork:hoist-transitive-imports",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      hoistImports(bundle as unknown as Record<string, ChunkLike>);
    },
  };
}
