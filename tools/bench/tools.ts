// The bench's own tools (netlify-cli, Deno, Lighthouse CI, autocannon), pinned by tools/bench/deps/package-lock.json
// and installed on demand into a cache folder outside the repo: about 600 MB that `npm ci` for the tests never needs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const MANIFEST_DIR = join(import.meta.dirname, "deps");

export interface BenchTools {
  /** Folder whose node_modules holds the tools. */
  dir: string;
  /** node_modules/.bin of that folder: put first on PATH so `netlify` finds `deno`. */
  binDir: string;
  /** The module namespace of a package installed in the tools folder (autocannon, Netlify's header parser). */
  load(name: string): Promise<any>;
}

export function toolsDir(): string {
  return process.env.BENCH_TOOLS_DIR ?? join(homedir(), ".cache", "jealous-fork-bench");
}

/** Installs the pinned tools when the cache is missing or holds another lockfile's tree. */
export function ensureTools(log: (line: string) => void): BenchTools {
  const dir = toolsDir();
  const lock = readFileSync(join(MANIFEST_DIR, "package-lock.json"));
  const wanted = createHash("sha256").update(lock).digest("hex");
  const stampFile = join(dir, ".installed-lock-sha256");
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : "";
  if (stamp !== wanted || !existsSync(join(dir, "node_modules", ".bin", "netlify"))) {
    log(`Installing the bench tools into ${dir} (once; about 600 MB, a minute)`);
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(MANIFEST_DIR, "package.json"), join(dir, "package.json"));
    copyFileSync(join(MANIFEST_DIR, "package-lock.json"), join(dir, "package-lock.json"));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "inherit" });
    writeFileSync(stampFile, `${wanted}\n`);
  }
  const binDir = join(dir, "node_modules", ".bin");
  return {
    dir,
    binDir,
    async load(name: string) {
      const pkgDir = join(dir, "node_modules", name);
      const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
      const entry = typeof pkg.exports === "string" ? pkg.exports : (pkg.exports?.["."]?.import ?? pkg.exports?.["."]?.default ?? pkg.exports?.["."] ?? pkg.main ?? "index.js");
      return import(pathToFileURL(join(pkgDir, typeof entry === "string" ? entry : "index.js")).href);
    },
  };
}
