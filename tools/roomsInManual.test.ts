// The manual names every room of src/server: a row of docs/architecture.md's table of rooms and a word of
// the README's layout, so a new room cannot arrive unlisted.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const ROOMS = readdirSync(join(ROOT, "src/server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("the rooms of src/server", () => {
  it("each have a row in docs/architecture.md's table of rooms", () => {
    const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    expect(ROOMS.filter((room) => !doc.includes(`| \`${room}/\``))).toEqual([]);
  });

  it("are each named in the README's layout", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const layout = readme.slice(readme.indexOf("## Layout"), readme.indexOf("\n## ", readme.indexOf("## Layout") + 1));
    expect(ROOMS.filter((room) => !layout.includes(`${room}/`))).toEqual([]);
  });
});
