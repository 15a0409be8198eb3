// The child processes of the test commands: a check whose output is printed whole once it ends, under its
// name (so two checks never interleave line by line), and a Vitest run whose output streams as it comes.
import { spawn, type ChildProcess } from "node:child_process";

const began = Date.now();

function ended(child: ChildProcess, name: string, output: Buffer[]): Promise<boolean> {
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

/** An npm script run quietly; its output printed once it ends. Answers whether it passed. */
export function quietScript(script: string): Promise<boolean> {
  const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk));
  return ended(child, `npm run ${script}`, output);
}

/** A command whose output streams into this process's; `env` is added to this process's. */
export function streamed(command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return ended(child, [command, ...args].join(" "), []);
}
