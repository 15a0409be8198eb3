// After a build (and after the critical CSS is inlined): every prerendered page leaves its module scripts
// and its end-of-body stylesheet for after its first paint (src/layouts/afterPaint.ts).
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { deferToFirstPaint } from "../layouts/afterPaint";
import { rewriteBuiltPages } from "./builtPages";

export default function afterPaint(): AstroIntegration {
  return {
    name: "jealous-fork:after-paint",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        logger.info(`Left the scripts of ${await rewriteBuiltPages(fileURLToPath(dir), deferToFirstPaint)} prerendered pages for after their first paint`);
      },
    },
  };
}
