// Once per browser-journey run: the production build of the working tree, in a scratch copy (so the
// work tree's dist/ and .netlify/ are never touched), handed to every journey file through inject().
// The build sees a distinctive value for every secret, so a journey can prove none reaches the browser.
import type { TestProject } from "vitest/node";
import { buildScratch, makeScratch } from "../../tools/bench/scratch";

/** What the build is given: each secret is looked for in the built output (built-site.e2e.ts). */
export const BUILD_SECRETS = {
  SQUARE_ACCESS_TOKEN: "EAAAsecret-square-token-7f3a9c1e55",
  ADMIN_PASSWORD: "admin-secret-pw-4b8d2e6f91",
  SESSION_SECRET: "session-secret-hmac-c0ffee1234abcd",
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The root of the built scratch copy: dist/ and .netlify/v1/functions/ssr/ inside. */
    builtSite: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const scratch = makeScratch();
  await buildScratch(scratch.dir, { ...BUILD_SECRETS, SQUARE_LOCATION_ID: "LDUMMY", PUBLIC_SQUARE_APPLICATION_ID: "sandbox-sq0idb-dummy" });
  project.provide("builtSite", scratch.dir);
  return () => scratch.remove();
}
