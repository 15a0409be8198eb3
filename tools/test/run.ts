// `npm test`, what CI runs: the linter, the type check and every Vitest project, side by side where two
// cores gain by it (docs/testing.md has the figures). ESLint and `astro check` each spend most of their
// time in one thread, and the browser journeys in one Chromium at a time, so running them one after the
// other left a core idle. The unit and API projects (the API project with workers of its own, each file
// on its own database) start beside one production build; once it is built, beside them:
// - the browser journeys on that build;
// - on that same build, the two files that need no browser and spend minutes bundling or building
//   (the deployed bundle under Netlify's runtime, the build with the site's database);
// - the linter and the type check. With all of them started at once on the shared two cores, the
//   largest API file's set-up (admin-routes.test.ts, first in line) ran past its 60 s time-out.
// Each Vitest process writes a blob report and its full output to test-results/; the end is Vitest's
// own report of all of them merged (`vitest --merge-reports`), so the output ends with Vitest's
// summary. Exits non-zero when any lane failed.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { BUILT_SITE_VARIABLE, buildJourneySite } from "../../tests/support/journeyBuild.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const RESULTS = join(ROOT, "test-results");
const BLOBS = join(RESULTS, "blobs");
const BIN = join(ROOT, "node_modules", ".bin");

/** The journey files that need no browser and are run beside the others (each takes minutes alone). */
const BESIDE = ["tests/e2e/netlify-runtime.e2e.ts", "tests/e2e/published-build.e2e.ts"];

interface Step {
  name: string;
  ok: boolean;
  log: string;
}

const began = Date.now();
const elapsed = () => `${Math.round((Date.now() - began) / 1000)} s`;

/** Runs a command with its output in test-results/<name>.log; says when it ends. */
function step(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<Step> {
  const log = join(RESULTS, `${name}.log`);
  const out = createWriteStream(log);
  console.log(`[${elapsed()}] ${name}: started (${relative(ROOT, log)})`);
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  return new Promise((resolve) => {
    let ended = false;
    const end = (ok: boolean, how: string) => {
      if (ended) return;
      ended = true;
      console.log(`[${elapsed()}] ${name}: ${ok ? "passed" : `FAILED (${how})`}`);
      // Its log is read back when it failed: answered once the log is on disk.
      out.end(ok ? "" : `\n${how}\n`, () => resolve({ name, ok, log }));
    };
    // A command that cannot start says so in "error", and may never close.
    child.once("error", (error) => end(false, error.message));
    child.once("close", (code, signal) => end(code === 0, signal ?? `exit ${code}`));
  });
}

/** A Vitest run whose results join the merged report. */
function vitest(name: string, args: string[], env: Record<string, string> = {}): Promise<Step> {
  const blob = join(BLOBS, `${name}.blob`);
  return step(name, join(BIN, "vitest"), ["run", ...args, "--reporter=default", "--reporter=blob", `--outputFile.blob=${blob}`], env);
}

/** The linter and the type check, side by side, each as its npm script says. */
function staticChecks(): Promise<Step>[] {
  return [step("lint", "npm", ["run", "--silent", "lint"]), step("check", "npm", ["run", "--silent", "check"])];
}

/** The build first, then the journeys and the files beside them on that build, and the static checks. */
async function afterBuild(): Promise<Step[]> {
  console.log(`[${elapsed()}] production build: started`);
  let built;
  try {
    built = await buildJourneySite();
  } catch (error) {
    console.log(`[${elapsed()}] production build: FAILED\n${(error as Error).message}`);
    return [{ name: "production build", ok: false, log: "" }, ...(await Promise.all(staticChecks()))];
  }
  console.log(`[${elapsed()}] production build: done`);
  const shared = { [BUILT_SITE_VARIABLE]: built.dir };
  try {
    return await Promise.all([
      vitest("journeys", ["--project", "e2e", ...BESIDE.flatMap((file) => ["--exclude", file])], shared),
      vitest("beside", ["--project", "e2e", ...BESIDE], shared),
      ...staticChecks(),
    ]);
  } finally {
    built.remove();
  }
}

rmSync(BLOBS, { recursive: true, force: true });
mkdirSync(BLOBS, { recursive: true });
process.env.ASTRO_TELEMETRY_DISABLED = "1";

const steps = (await Promise.all([vitest("unit-api", ["--project", "unit", "--project", "api"]), afterBuild()])).flat();

// What failed without a test to name (the linter, the type check, a run that ended before its report).
for (const failed of steps.filter((done) => !done.ok && done.log)) {
  const blob = join(BLOBS, `${failed.name}.blob`);
  if (existsSync(blob)) continue;
  const lines = readFileSync(failed.log, "utf8").trimEnd().split("\n");
  console.log(`\n${failed.name} (last lines of ${relative(ROOT, failed.log)}):\n${lines.slice(-80).join("\n")}`);
}

console.log(`\n[${elapsed()}] every lane ended; Vitest's report of all projects:\n`);
const merged = spawn(join(BIN, "vitest"), ["run", `--merge-reports=${BLOBS}`], { cwd: ROOT, stdio: "inherit" });
const mergedCode = await new Promise<number | null>((resolve) => merged.once("close", resolve));
process.exitCode = steps.every((done) => done.ok) && mergedCode === 0 ? 0 : 1;
