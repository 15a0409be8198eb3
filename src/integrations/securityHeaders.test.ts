import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headersFile } from "../domain/contentSecurityPolicy";
import { insertedScriptHashes, metaPolicy, writeHeadersFile } from "./securityHeaders";

const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const HOME_SCRIPT = "document.documentElement.dataset.home = '1'";
const MENU_SCRIPT = "document.documentElement.dataset.menu = '1'";
/** Astro's policy: every inline script of the site in every page's list. */
const SITE_HASHES = [HOME_SCRIPT, MENU_SCRIPT].map(hashOf);
const INSERTED = insertedScriptHashes().map((hash) => `'${hash}'`);
const page = (script: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${[...SITE_HASHES, ...INSERTED].join(" ")}; style-src 'self' 'sha256-style='"></head>` +
  `<body><script type="application/ld+json">{"@type":"Restaurant"}</script><script>${script}</script></body></html>`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "headers-"));
  await mkdir(join(dir, "menu"));
  await writeFile(join(dir, "index.html"), page(HOME_SCRIPT));
  await writeFile(join(dir, "menu", "pancakes.html"), page(MENU_SCRIPT));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const expected = () =>
  headersFile(
    new Map([
      ["/", [hashOf(HOME_SCRIPT), ...INSERTED]],
      ["/menu/*", [hashOf(MENU_SCRIPT), ...INSERTED]],
    ]),
  );

describe("after a build", () => {
  it("each page's <meta> policy allows the scripts it runs and the speculation rules its cart inserts, not the rest of the site's", async () => {
    await writeHeadersFile(dir);
    const home = metaPolicy(await readFile(join(dir, "index.html"), "utf8"))!;
    expect(home).toBe(`default-src 'self'; script-src 'self' ${[hashOf(HOME_SCRIPT), ...INSERTED].join(" ")}; style-src 'self' 'sha256-style='`);
    expect(metaPolicy(await readFile(join(dir, "menu", "pancakes.html"), "utf8"))).not.toContain(hashOf(HOME_SCRIPT));
  });

  it("dist/_headers holds the policy of the definition for the built pages' paths, each with its own pages' script hashes", async () => {
    await writeHeadersFile(dir);
    expect(await readFile(join(dir, "_headers"), "utf8")).toBe(expected());
  });

  it("keeps rules that were there, and replaces what a previous build generated", async () => {
    await writeFile(join(dir, "_headers"), "/downloads/*\n  X-Robots-Tag: noindex\n");
    await writeHeadersFile(dir);
    await writeHeadersFile(dir);
    const text = await readFile(join(dir, "_headers"), "utf8");
    expect(text).toBe(`/downloads/*\n  X-Robots-Tag: noindex\n\n${expected()}`);
  });
});
