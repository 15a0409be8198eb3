// A throw-away copy of the site to build and serve, so a bench or a budget test never rewrites the
// dist/, .astro/ and .netlify/ (blobs included) that colleagues' dev servers use in the shared work tree.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

export interface Scratch {
  /** The copy's root: same layout as the repo, node_modules linked to the repo's. */
  dir: string;
  /** What was copied: "working tree" or the git revision. */
  source: string;
  remove(): void;
}

/**
 * Copies the files git would see (tracked and untracked, not ignored) from the working tree, or the
 * tree of `ref` when given. node_modules is a symlink: building reads it, never writes to it.
 */
export function makeScratch(ref?: string): Scratch {
  const base = mkdtempSync(join(tmpdir(), "jf-bench-"));
  const dir = join(base, "site");
  mkdirSync(dir);
  if (ref) {
    const archive = execFileSync("git", ["archive", "--format=tar", ref], { cwd: ROOT, maxBuffer: 512 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
  } else {
    const listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const file of listing.toString("utf8").split("\0")) {
      // A tracked file deleted in the work tree is still listed by --cached.
      if (!file || !existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(ROOT, file), join(dir, file), { verbatimSymlinks: true });
    }
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return {
    dir,
    source: ref ? `git ${ref} (${git("rev-parse", "--short", ref)})` : describeWorkTree(),
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT }).toString().trim();
}

/** "working tree at abc1234 + 3 uncommitted files": what a reader needs to reproduce the figures. */
function describeWorkTree(): string {
  const changed = git("status", "--porcelain").split("\n").filter(Boolean).length;
  return `working tree at ${git("rev-parse", "--short", "HEAD")}${changed ? ` + ${changed} uncommitted files` : ""}`;
}

/**
 * Builds a scratch copy with `astro build`, outside Vitest's environment (it would build in test mode).
 * `env` adds variables the build sees (the secrets a test then looks for in the output).
 */
export async function buildScratch(dir: string, env: Record<string, string> = {}): Promise<void> {
  const parent = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "NODE_ENV" && key !== "TEST"));
  const child = spawn(process.execPath, [join(dir, "node_modules", "astro", "bin", "astro.mjs"), "build", "--silent"], {
    cwd: dir,
    env: { ...parent, ...env, ASTRO_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`astro build failed (${code}):\n${output.slice(-4000)}`);
}
