// `node tools/test/times.ts [times.json]`: where a test run's time went, from what
// tools/test/timesReporter.ts kept (test-results/times.json, written by every Vitest run and by
// `npm test`'s merged report): each project's files, tests, summed file time and wall time from its
// first file's start to its last file's end, then the 15 slowest files.
import { readFileSync } from "node:fs";
import { TIMES_FILE, type FileTime } from "./timesReporter.ts";

const SLOWEST = 15;
const source = process.argv[2] ?? TIMES_FILE;
const { writtenAt, files } = JSON.parse(readFileSync(source, "utf8")) as { writtenAt: string; files: FileTime[] };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

console.log(`Test times of the run written ${writtenAt} (${source})`);
console.log("file time: import, set-up files, tests and hooks, summed; wall: first file's start to last file's end (global set-up before it)\n");
console.log(`${"project".padEnd(10)}${pad("files", 7)}${pad("tests", 7)}${pad("file time", 12)}${pad("wall", 11)}`);
for (const project of [...new Set(files.map((file) => file.project))]) {
  const own = files.filter((file) => file.project === project);
  const started = own.filter((file) => file.startedAt > 0);
  const wall = started.length ? Math.max(...started.map((file) => file.startedAt + file.ms)) - Math.min(...started.map((file) => file.startedAt)) : 0;
  const tests = own.reduce((sum, file) => sum + file.tests, 0);
  const spent = own.reduce((sum, file) => sum + file.ms, 0);
  console.log(`${project.padEnd(10)}${pad(own.length, 7)}${pad(tests, 7)}${pad(seconds(spent), 12)}${pad(seconds(wall), 11)}`);
}
console.log(`\nThe ${SLOWEST} slowest files:`);
for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
  console.log(`${pad(seconds(file.ms), 9)}  ${file.project.padEnd(5)} ${file.file} (${file.tests} tests)${file.failed ? " FAILED" : ""}`);
}
