// After a build (and after the critical CSS is inlined): every prerendered page leaves its module scripts
// and its end-of-body stylesheet for after its first paint (src/layouts/afterPaint.ts); pages rendered on
// request do the same in src/layouts/firstScreenCss.ts. `client:paint` hydrates an island after that paint
// (src/layouts/paintDirective.ts); `client:account`, the account page's, only for a diner who is signed in
// (src/layouts/accountDirective.ts).
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { deferToFirstPaint } from "../layouts/afterPaint";
import { rewriteBuiltPages } from "./builtPages";

export default function afterPaint(): AstroIntegration {
  return {
    name: "jealous-fork:after-paint",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "paint", entrypoint: fileURLToPath(new URL("../layouts/paintDirective.ts", import.meta.url)) });
        addClientDirective({ name: "account", entrypoint: fileURLToPath(new URL("../layouts/accountDirective.ts", import.meta.url)) });
      },
      "astro:build:done": async ({ dir, logger }) => {
        logger.info(`Left the scripts of ${await rewriteBuiltPages(fileURLToPath(dir), deferToFirstPaint)} prerendered pages for after their first paint`);
      },
    },
  };
}
