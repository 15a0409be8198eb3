// The project brings its own Node: npm scripts, and so these tests, run Node 24 whatever `node` the
// machine has first on its PATH (tools/installNode.mjs, run by npm ci).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";

const major = (version: string) => Number(version.split(".")[0]);
const root = join(import.meta.dirname, "..");
const wanted = Number(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node.match(/\d+/)[0]);

describe("the Node npm scripts run under", () => {
  test("is the project's Node 24", () => {
    expect(wanted).toBe(24);
    expect(major(process.versions.node)).toBe(wanted);
  });

  test("is also the `node` a script finds on its PATH", () => {
    const version = execFileSync("node", ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    expect(major(version)).toBe(wanted);
  });
});

describe("tools/installNode.mjs", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test("downloads nothing on a machine that already runs Node 24, and leaves no stale link", () => {
    const project = mkdtempSync(join(tmpdir(), "install-node-"));
    dirs.push(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ engines: { node: ">=24 <25" } }));
    mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
    writeFileSync(join(project, "node_modules", ".bin", "node"), "a link left by an older install");

    const said = execFileSync(process.execPath, [join(root, "tools", "installNode.mjs")], { cwd: project, encoding: "utf8" });

    expect(said).toMatch(/nothing to download/);
    expect(existsSync(join(project, "node_modules", ".node"))).toBe(false);
    expect(existsSync(join(project, "node_modules", ".bin", "node"))).toBe(false);
  });
});
