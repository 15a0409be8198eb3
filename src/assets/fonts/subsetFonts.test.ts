import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FONTS, TEXT_CODE_POINTS, coreFont, restCodePoints, unicodeRange } from "./subset-fonts.mjs";

const ROOT = join(import.meta.dirname, "../../..");

/** Every file under `dir` with one of these endings, tests left out. */
function filesIn(dir: string, ending: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name) && !entry.name.includes(".test."))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The words of the content files: every string value but an address (a link, a path, an e-mail's `mailto:`). */
function contentWords(): string[] {
  const words: string[] = [];
  const walk = (value: unknown): void => {
    // A "{hours:jealous-fork}" in an answer is replaced by the hours before it reaches a page.
    if (typeof value === "string" && !/^(https?:|mailto:|tel:|\/)/.test(value)) words.push(value.replace(/\{[\w:-]+\}/g, ""));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const file of filesIn("content", /\.json$/)) walk(JSON.parse(readFileSync(file, "utf8")));
  return words;
}

const outside = (text: Iterable<string>, points: readonly number[]) => {
  const kept = new Set(points);
  return [...new Set([...text].flatMap((words) => [...words]))].filter((character) => !kept.has(character.codePointAt(0)!) && !/[\n\r\t]/.test(character));
};

describe("the brand's font files", () => {
  it("hold every character of the menu and the site's content in the text's preloaded file", () => {
    expect(outside(contentWords(), TEXT_CODE_POINTS)).toEqual([]);
  });

  it("hold every letter and mark beyond ASCII that the pages' words and components write", () => {
    // Their ASCII is code as much as words; the pages' journey (tests/e2e/brand.e2e.ts) sees what they write.
    const sources = [...filesIn("src/domain/i18n", /\.ts$/), ...filesIn("src/components", /\.astro$/)].map((file) => readFileSync(file, "utf8"));
    expect(outside(sources, TEXT_CODE_POINTS).filter((character) => character.codePointAt(0)! > 0x7e)).toEqual([]);
  });

  it("are the cut of the installed @fontsource files, named with the ranges theme.css gives them", async () => {
    const theme = readFileSync(join(ROOT, "src/layouts/theme.css"), "utf8");
    expect(theme.match(/unicode-range: ([^;]*);/g)).toEqual(FONTS.flatMap((font) => [font.points, restCodePoints(font.points)]).map((points) => `unicode-range: ${unicodeRange(points)};`));
    for (const font of FONTS) {
      const committed = readFileSync(join(import.meta.dirname, font.core));
      expect(Buffer.from(await coreFont(font)).equals(committed), `${font.core}: run node src/assets/fonts/subset-fonts.mjs`).toBe(true);
    }
  });

  it("each fit the 10,220 bytes a simulated slow phone carries of a file in its first round trip beside two others", () => {
    // 7 segments of 1,460 bytes, less a few hundred for the answer's headers (docs/performance.md).
    for (const font of FONTS) expect(readFileSync(join(import.meta.dirname, font.core)).length, font.core).toBeLessThanOrEqual(9_900);
  });
});
