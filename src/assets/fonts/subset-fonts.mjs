// Cuts the brand's two @fontsource files (latin subset) down to what English and Spanish pages write in
// each face, so each preloaded file arrives in one round trip beside the stylesheet on a slow phone: three
// files start together after the document, and a simulated Slow 4G link (1.6 Mbps, 150 ms) carries 7
// segments (10,220 bytes, headers included) of each in its first round trip (docs/performance.md). Fraunces
// 700 18.2 -> 9.8 KB, cut to the display lines' characters; Figtree 20.2 -> 9.9 KB, cut to the text's
// characters and to the weights the pages use (400-700). A character outside a cut (a "ç" in a dish the
// owner names, an "@" typed in a form) still gets the brand's face: theme.css gives the rest of
// @fontsource's latin range to its whole file, fetched only by a page that writes one.
// Run after @fontsource is updated: node src/assets/fonts/subset-fonts.mjs (it prints the unicode-range
// values theme.css must carry).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import subsetFont from "subset-font";

const MODULES = fileURLToPath(new URL("../../../node_modules/", import.meta.url));

const codePoints = (text) => [...new Set([...text].map((character) => character.codePointAt(0)))].sort((a, b) => a - b);

/**
 * What the text (Figtree) writes: printable ASCII less the signs no page writes (< = > @ [ \ ] ^ _ ` { | } ~),
 * the no-break space, Spanish's small letters and marks (¡ ¿ « »), "crème", ©, ×, the degree and middle dot,
 * typographic quotes, dashes, bullet, ellipsis, minus, and the thin, narrow no-break spaces and no-break hyphen
 * the browser's own date and time formats write. Of the capitals with accents only Ú ("Úsala"): no word
 * writes another, and each costs about 40 bytes.
 */
export const TEXT_CODE_POINTS = codePoints(
  " !\"#$%&'()*+,-./0123456789:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" +
    "\u00a0¡©«°·»¿×Úáèéíñóúü\u2009\u2011–—’“”•…\u202f−",
);

/**
 * What the display lines (Fraunces: headings, the kitchens' names) write: letters, figures, the
 * punctuation of a heading, Spanish's small letters with ¡ and ¿, and the spaces a formatted time writes. A
 * price, a sign or a capital with an accent in a heading takes the whole file.
 */
export const DISPLAY_CODE_POINTS = codePoints(
  " !$&'(),-.0123456789:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\u00a0¡·¿áéíñóúü\u2009\u2011–—‘’“”…\u202f",
);

/**
 * The files cut, the name each core file is written under beside this script, its characters, and what
 * else of the font it keeps: kerning (and Fraunces's ligatures), nothing of the features no page asks for
 * (Figtree's fractions and figure styles), and only the part of Figtree's weight axis the pages use; the
 * tables a browser does without (STAT, and HVAR, whose widths the glyph variations give) are dropped.
 */
export const FONTS = [
  {
    source: join(MODULES, "@fontsource/fraunces/files/fraunces-latin-700-normal.woff2"),
    core: "fraunces-core-700-normal.woff2",
    points: DISPLAY_CODE_POINTS,
    options: { keepFeatures: ["kern", "liga"], dropTables: ["STAT"] },
  },
  {
    source: join(MODULES, "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2"),
    core: "figtree-core-wght-normal.woff2",
    points: TEXT_CODE_POINTS,
    options: { keepFeatures: ["kern"], variationAxes: { wght: { min: 400, max: 700 } }, dropTables: ["HVAR", "STAT"] },
  },
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
export function restCodePoints(points) {
  const core = new Set(points);
  const control = (point) => point < 0x20 || (point >= 0x7f && point <= 0x9f);
  return LATIN_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)).filter((point) => !core.has(point) && !control(point));
}

/** One font's core file: its @fontsource file cut to its characters and options, as WOFF2. */
export async function coreFont(font) {
  return subsetFont(await readFile(font.source), String.fromCodePoint(...font.points), { targetFormat: "woff2", ...font.options });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const font of FONTS) {
    const data = await coreFont(font);
    await writeFile(join(import.meta.dirname, font.core), data);
    console.log(`${font.core}: ${data.length} bytes`);
    console.log(`  core unicode-range: ${unicodeRange(font.points)}`);
    console.log(`  rest unicode-range: ${unicodeRange(restCodePoints(font.points))}`);
  }
}
