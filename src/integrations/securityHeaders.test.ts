import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { headersFile } from "../domain/contentSecurityPolicy";
import { writeHeadersFile } from "./securityHeaders";

const PAGE_HASH = "'sha256-qzqAzHYvjhwAqvBuAebsVuCNLbwoQcpn46+Tyg20TII='";
const OTHER_HASH = "'sha256-QVeiwDrd+4HUtS+AES6ILS5XUQXczdzuvljsWdAP3YQ='";
const page = (hash: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${hash}; style-src 'self' 'sha256-style='"></head><body></body></html>`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "headers-"));
  await mkdir(join(dir, "menu"));
  await writeFile(join(dir, "index.html"), page(PAGE_HASH));
  await writeFile(join(dir, "menu", "pancakes.html"), page(OTHER_HASH));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("after a build, dist/_headers", () => {
  it("holds the policy of the definition with the script hashes of every built page, for the built pages' paths", async () => {
    await writeHeadersFile(dir);
    expect(await readFile(join(dir, "_headers"), "utf8")).toBe(headersFile([PAGE_HASH, OTHER_HASH], ["/", "/menu/*"]));
  });

  it("keeps rules that were there, and replaces what a previous build generated", async () => {
    await writeFile(join(dir, "_headers"), "/downloads/*\n  X-Robots-Tag: noindex\n");
    await writeHeadersFile(dir);
    await writeHeadersFile(dir);
    const text = await readFile(join(dir, "_headers"), "utf8");
    expect(text).toBe(`/downloads/*\n  X-Robots-Tag: noindex\n\n${headersFile([PAGE_HASH, OTHER_HASH], ["/", "/menu/*"])}`);
  });
});
