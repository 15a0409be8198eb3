// The linter and the type check side by side, and beside them the command given after `--` (`npm test` runs
// the unit and API projects there). ESLint and `astro check` each spend most of their time in one thread, and
// the unit and API files wait on PostgreSQL and the fakes' sockets as much as they compute, so on two cores
// the three together take little more than the longest alone (docs/testing.md has the figures). The command's
// output streams as it comes; each check's is printed whole once it ends, under its name, so they never
// interleave line by line. Exits non-zero when any of them failed.
import { spawn } from "node:child_process";

const began = Date.now();
const dash = process.argv.indexOf("--");
const beside = dash === -1 ? [] : process.argv.slice(dash + 1);

function ended(child: ReturnType<typeof spawn>, name: string, output: Buffer[]): Promise<boolean> {
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.log(`${name}: could not start (${error.message})`);
      resolve(false);
    });
    child.once("close", (code) => {
      const seconds = Math.round((Date.now() - began) / 1000);
      console.log(`── ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} after ${seconds} s`);
      const text = Buffer.concat(output).toString("utf8").trimEnd();
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

function check(script: string): Promise<boolean> {
  const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk));
  return ended(child, `npm run ${script}`, output);
}

const runs = [check("lint"), check("check")];
if (beside.length) runs.push(ended(spawn(beside[0]!, beside.slice(1), { stdio: "inherit" }), beside.join(" "), []));
const results = await Promise.all(runs);
process.exitCode = results.every(Boolean) ? 0 : 1;
