// The production build every browser journey uses: the working tree in a scratch copy (so the work
// tree's dist/ and .netlify/ are never touched), built once per run. `npm test` (tools/test/whole.ts)
// builds it before its journey processes start and hands them the folder in BUILT_SITE_VARIABLE, so the
// journeys and the deployed-bundle test share one build; a Vitest run started alone builds its own
// (tests/support/e2e.globalSetup.ts).
import { buildScratch, makeScratch, type Scratch } from "../../tools/bench/scratch.ts";

/** Where a run's finished build is, for the Vitest processes `npm test` starts. */
export const BUILT_SITE_VARIABLE = "JEALOUS_FORK_BUILT_SITE";

/** What the build is given: each secret is looked for in the built output (built-site.e2e.ts). */
export const BUILD_SECRETS = {
  SQUARE_ACCESS_TOKEN: "EAAAsecret-square-token-7f3a9c1e55",
  ADMIN_PASSWORD: "admin-secret-pw-4b8d2e6f91",
  SESSION_SECRET: "session-secret-hmac-c0ffee1234abcd",
};

/** A scratch copy of the working tree, built for production; dist/ and .netlify/v1/functions/ssr/ inside. */
export async function buildJourneySite(): Promise<Scratch> {
  const scratch = makeScratch();
  try {
    await buildScratch(scratch.dir, { ...BUILD_SECRETS, SQUARE_LOCATION_ID: "LDUMMY", PUBLIC_SQUARE_APPLICATION_ID: "sandbox-sq0idb-dummy" });
  } catch (error) {
    scratch.remove();
    throw error;
  }
  return scratch;
}
