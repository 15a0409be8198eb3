// Draws the link-preview card (og:image, the structured data's image) from the two wordmarks: the brand's
// ink ground, Jealous Fork over a paprika rule, Jealous Burger below. No picture of food: the site shows
// the owner's photos or none. Run after a wordmark changes: node src/assets/brand/draw-share-card.mjs
import sharp from "sharp";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const HERE = import.meta.dirname;
const WIDTH = 1200;
const HEIGHT = 630;
/** theme.css: ink-900, cream and brand-500 (paprika). */
const INK = "#241e1a";
const PAPRIKA = "#c2410c";

/** A wordmark SVG scaled to `width`, as a PNG buffer and its height. */
async function wordmark(file, width) {
  const svg = await readFile(join(HERE, file));
  const png = await sharp(svg, { density: 600 }).resize({ width }).png().toBuffer();
  return { png, height: (await sharp(png).metadata()).height };
}

const fork = await wordmark("jealous-fork-light.svg", 820);
const burger = await wordmark("jealous-burger-light.svg", 480);
const rule = { width: 160, height: 10 };
const gap = 44;
const total = fork.height + gap + rule.height + gap + burger.height;
const top = Math.round((HEIGHT - total) / 2);
await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: INK } })
  .composite([
    { input: fork.png, left: Math.round((WIDTH - 820) / 2), top },
    { input: { create: { ...rule, channels: 3, background: PAPRIKA } }, left: (WIDTH - rule.width) / 2, top: top + fork.height + gap },
    { input: burger.png, left: Math.round((WIDTH - 480) / 2), top: top + fork.height + gap + rule.height + gap },
  ])
  .png({ compressionLevel: 9, palette: true })
  .toFile(join(HERE, "share-card.png"));
