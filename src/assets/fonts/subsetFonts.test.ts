import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_CODE_POINTS, FONTS, coreFont, restCodePoints, unicodeRange } from "./subset-fonts.mjs";

const ROOT = join(import.meta.dirname, "../../..");

/** Every character in the text files under `dir` (the words a diner reads come from these). */
function charactersIn(dir: string): Set<number> {
  const seen = new Set<number>();
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(json|md|ts|astro)$/.test(entry.name) || entry.name.includes(".test.")) continue;
    for (const character of readFileSync(join(entry.parentPath, entry.name), "utf8")) seen.add(character.codePointAt(0)!);
  }
  return seen;
}

describe("the brand's font files", () => {
  it("cover every character of the menu, the pages and their words in both languages with the preloaded files", () => {
    const rest = new Set<number>(restCodePoints());
    const outside = [...charactersIn("content"), ...charactersIn("src/domain/i18n"), ...charactersIn("src/components")]
      .filter((point) => rest.has(point))
      .map((point) => String.fromCodePoint(point));
    // One of these would make a page fetch @fontsource's whole file too.
    expect([...new Set(outside)]).toEqual([]);
  });

  it("are the cut of the installed @fontsource files, named with the ranges theme.css gives them", async () => {
    const theme = readFileSync(join(ROOT, "src/layouts/theme.css"), "utf8");
    expect(theme.match(/unicode-range: ([^;]*);/g)).toEqual(
      [CORE_CODE_POINTS, restCodePoints(), CORE_CODE_POINTS, restCodePoints()].map((points) => `unicode-range: ${unicodeRange(points)};`),
    );
    for (const font of FONTS) {
      const committed = readFileSync(join(import.meta.dirname, font.core));
      expect(Buffer.from(await coreFont(font.source)).equals(committed), `${font.core}: run node src/assets/fonts/subset-fonts.mjs`).toBe(true);
    }
  });
});
