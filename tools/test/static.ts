// The linter and the type check side by side (`npm test`'s first step): each spends most of its time in one
// thread, so on two cores the pair takes about the longer one's time instead of the sum. Each one's output is
// printed whole once it ends, under its name, so the two never interleave; exits non-zero when either failed.
import { spawn } from "node:child_process";

const began = Date.now();

function run(name: string): Promise<boolean> {
  const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.log(`${name}: could not start (${error.message})`);
      resolve(false);
    });
    child.once("close", (code) => {
      const seconds = Math.round((Date.now() - began) / 1000);
      console.log(`── npm run ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} after ${seconds} s`);
      const text = Buffer.concat(output).toString("utf8").trimEnd();
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([run("lint"), run("check")]);
process.exitCode = results.every(Boolean) ? 0 : 1;
