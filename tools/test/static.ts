// The linter and the type check side by side (`npm run test:static`): each spends most of its time in one
// thread, so on two cores the pair takes about the longer one's time instead of the sum. Exits non-zero
// when either failed. `npm test` runs them beside the unit and API projects (tools/test/whole.ts).
import { quietScript } from "./processes.ts";

const results = await Promise.all([quietScript("lint"), quietScript("check")]);
process.exitCode = results.every(Boolean) ? 0 : 1;
