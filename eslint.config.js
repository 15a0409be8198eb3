// The linter `npm test` runs first (`npm run lint`, no warning allowed): rules that catch defects the
// type check does not (a promise nobody awaits or one used as a boolean, a hook called conditionally or
// missing a dependency, unreachable or duplicate code, a name never used), not matters of taste.
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  { ignores: ["dist/", ".astro/", ".netlify/", ".data/", "bench-results/", "node_modules/", "tools/bench/deps/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Unused names are dead code; a leading underscore marks one kept on purpose (a signature's place).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise left floating loses its error (an unhandled rejection ends a function) and its order.
      "@typescript-eslint/no-floating-promises": "error",
      // A promise where a boolean is expected is always true. (Async listeners handed to Node's and the
      // DOM's event APIs are the house style, each catching its own errors: not checked.)
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    // Tests, fakes and tools read other programs' JSON (Square's, Lighthouse's) without a schema.
    files: ["tests/**", "tools/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // <script is:inline> blocks are written small on purpose (bytes on every page, allowed by their hash).
    files: ["**/*.astro/*.js"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    files: ["src/islands/**/*.tsx", "src/islands/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
