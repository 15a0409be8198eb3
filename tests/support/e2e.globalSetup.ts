// Once per browser-journey run: the production build of the working tree (tests/support/journeyBuild.ts),
// handed to every journey file through inject(). Under `npm test` the build is already made and shared
// with the other journey process; a run started alone (`npm run test:e2e -- path`) builds its own.
import type { TestProject } from "vitest/node";
import { BUILT_SITE_VARIABLE, buildJourneySite } from "./journeyBuild";

declare module "vitest" {
  export interface ProvidedContext {
    /** The root of the built scratch copy: dist/ and .netlify/v1/functions/ssr/ inside. */
    builtSite: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const shared = process.env[BUILT_SITE_VARIABLE];
  if (shared) {
    // Its maker removes it once every process that uses it has ended.
    project.provide("builtSite", shared);
    return () => undefined;
  }
  const scratch = await buildJourneySite();
  project.provide("builtSite", scratch.dir);
  return () => scratch.remove();
}
