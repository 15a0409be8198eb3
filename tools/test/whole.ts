// `npm test`, what CI runs, in two steps that keep both cores busy (docs/testing.md has the figures):
// 1. the linter and the type check (each spends most of its time in one thread) beside the unit and API
//    projects in one Vitest run (their files wait on PostgreSQL and the fakes as much as they compute);
//    once the checks end, the journeys' production build beside the rest of that run;
// 2. once all of that passed, the browser journeys on that build (`vitest run --project e2e`).
// As with `a && b`, the journeys do not start after a failure. Exits non-zero when anything failed.
import { BUILT_SITE_VARIABLE, buildJourneySite } from "../../tests/support/journeyBuild.ts";
import { quietScript, streamed } from "./processes.ts";

process.env.ASTRO_TELEMETRY_DISABLED = "1";

const checks = Promise.all([quietScript("lint"), quietScript("check")]);
const unitAndApi = streamed("vitest", ["run", "--project", "unit", "--project", "api"]);
// After the checks rather than with them: five busy processes on two cores stretched the API files' set-ups.
const built = checks.then(async () => {
  try {
    return await buildJourneySite();
  } catch (error) {
    console.log(`── the journeys' production build: FAILED\n${(error as Error).message}`);
    return null;
  }
});

const firstStep = [...(await checks), await unitAndApi];
const site = await built;
let passed = firstStep.every(Boolean) && site !== null;
try {
  if (passed) passed = await streamed("vitest", ["run", "--project", "e2e"], { [BUILT_SITE_VARIABLE]: site!.dir });
} finally {
  site?.remove();
}
process.exitCode = passed ? 0 : 1;
