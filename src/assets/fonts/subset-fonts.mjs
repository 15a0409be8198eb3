// Cuts the brand's two @fontsource files (latin subset) down to the characters English and Spanish pages
// write, so each preloaded file is smaller: Fraunces 700 18.2 -> 12.7 KB, Figtree's weight axis
// 20.2 -> 14.1 KB. A character outside this set (a "ç" in a dish the owner names) still gets the brand's
// face: theme.css gives the rest of @fontsource's latin range to its whole file, fetched only by a page
// that writes one. Run after @fontsource is updated: node src/assets/fonts/subset-fonts.mjs
// (it prints the two unicode-range values theme.css must carry).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import subsetFont from "subset-font";

const MODULES = fileURLToPath(new URL("../../../node_modules/", import.meta.url));

/** The files cut, and the name each core file is written under beside this script. */
export const FONTS = [
  { source: join(MODULES, "@fontsource/fraunces/files/fraunces-latin-700-normal.woff2"), core: "fraunces-core-700-normal.woff2" },
  { source: join(MODULES, "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2"), core: "figtree-core-wght-normal.woff2" },
];

/**
 * What the pages write: printable ASCII, the no-break space, Spanish's letters and marks (¡ ¿ « » and the
 * accented capitals), "crème", ©, ×, the degree and middle dot, typographic quotes, dashes, bullet, ellipsis, minus,
 * and the thin, narrow no-break spaces and no-break hyphen the browser's own date and time formats write.
 */
export const CORE_CODE_POINTS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0, 0xa1, 0xa9, 0xab, 0xb0, 0xb7, 0xbb, 0xbf, 0xc1, 0xc9, 0xcd, 0xd1, 0xd3, 0xd7, 0xda, 0xdc,
  0xe1, 0xe8, 0xe9, 0xed, 0xf1, 0xf3, 0xfa, 0xfc,
  0x2009, 0x2011, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x202f, 0x2212,
];

/** @fontsource's latin unicode-range (Google Fonts' latin subset), as [first, last] pairs. */
export const LATIN_RANGES = [
  [0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da],
  [0x02dc, 0x02dc], [0x0304, 0x0304], [0x0308, 0x0308], [0x0329, 0x0329], [0x2000, 0x206f], [0x20ac, 0x20ac],
  [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Code points as a CSS unicode-range value: runs joined (U+20-7E), single points alone. */
export function unicodeRange(points) {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const hex = (n) => n.toString(16).toUpperCase();
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j;
  }
  return parts.join(", ");
}

/**
 * The latin range less the core: what the whole @fontsource file is left to draw. Control characters are
 * left out: a newline in a text box must not fetch a font file.
 */
export function restCodePoints() {
  const core = new Set(CORE_CODE_POINTS);
  const control = (point) => point < 0x20 || (point >= 0x7f && point <= 0x9f);
  return LATIN_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)).filter((point) => !core.has(point) && !control(point));
}

/** One font file cut to the core characters, as WOFF2 (layout features and the weight axis kept). */
export async function coreFont(source) {
  return subsetFont(await readFile(source), String.fromCodePoint(...CORE_CODE_POINTS), { targetFormat: "woff2" });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const font of FONTS) {
    const data = await coreFont(font.source);
    await writeFile(join(import.meta.dirname, font.core), data);
    console.log(`${font.core}: ${data.length} bytes`);
  }
  console.log(`core unicode-range: ${unicodeRange(CORE_CODE_POINTS)}`);
  console.log(`rest unicode-range: ${unicodeRange(restCodePoints())}`);
}
