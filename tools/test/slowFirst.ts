// The order Vitest starts test files in. With two workers, a file that takes minutes and starts last keeps
// one core busy alone at the end of the run: the deployed-bundle file (about 4 minutes of bundling) used
// to start near the end, because a fresh clone has no timings cached and Vitest then starts the largest
// files first. Files known to take longest start first; after them, Vitest's own order (the previous
// run's longest first when cached, else the largest).
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Measured slowest first (docs/testing.md, "The slowest files"). */
export const SLOWEST_FILES: readonly string[] = [
  "tests/e2e/netlify-runtime.e2e.ts",
  "tests/e2e/home.e2e.ts",
  "tests/e2e/diner-frictions-menu.e2e.ts",
  "tests/api/mail-pace.test.ts",
];

const rank = (spec: TestSpecification) => {
  const at = SLOWEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at === -1 ? SLOWEST_FILES.length : at;
};

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects keep Vitest's order (they run one after the other); within one, the slowest known files first
    // and the rest in Vitest's order (Array.prototype.sort is stable).
    const projectAt = new Map<TestSpecification["project"], number>();
    sorted.forEach((spec, at) => projectAt.has(spec.project) || projectAt.set(spec.project, at));
    return sorted.sort((a, b) => projectAt.get(a.project)! - projectAt.get(b.project)! || rank(a) - rank(b));
  }
}
