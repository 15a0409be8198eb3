// The stylesheet a page needs for its first screen, inlined in its <head>, while the whole stylesheet
// loads without holding the first paint (it is linked at the end of the body). A render-blocking
// stylesheet cost a phone on a slow network one more round trip before anything showed, which kept the
// largest paint above 1.5 s; inlining the whole sheet on every page broke the 60 KB HTML budget.
// A rule is "critical" when every class its selector names appears in the first screen's markup (the
// page's opening part and the frame around it: header, quick actions, notifications); rules without
// classes (the reset, element and custom-element rules, variables) always are.
import { createHash } from "node:crypto";

/** One block of a stylesheet: a rule (`selector{...}`), an at-rule with a body, or a statement (`@layer a,b;`). */
interface Block {
  prelude: string;
  /** The text between the braces; undefined for a statement. */
  body?: string;
}

/** Splits CSS text into its top-level blocks (comments, strings and nested braces understood). */
export function splitBlocks(css: string): Block[] {
  const blocks: Block[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 1;
      if (depth === 0) start = i + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === "\\") i++;
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) {
        blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (c === ";" && depth === 0) {
      const prelude = css.slice(start, i).trim();
      if (prelude) blocks.push({ prelude });
      start = i + 1;
    }
  }
  return blocks;
}

/** The class names a selector requires, unescaped as they are written in markup (`md\:flex` -> `md:flex`). */
export function selectorClasses(selector: string): string[] {
  const classes: string[] = [];
  // Attribute values and pseudo-class arguments may hold dots that are no class ("[data-x='a.b']").
  const bare = selector.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  for (const match of bare.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)) {
    classes.push(match[1]!.replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(.)/g, "$1"));
  }
  return classes;
}

/** Splits a selector list at its top-level commas (not those inside :is(), :where(), :not()...). */
function selectorList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** Grouping at-rules whose contents are chosen rule by rule. */
const GROUPING = /^@(media|supports|layer|container)\b/i;

/** What the first screen uses: class names and element names. */
export interface FirstScreen {
  classes: ReadonlySet<string>;
  tags: ReadonlySet<string>;
}

/** Element names a selector requires (`full-menu article:hover` -> full-menu, article). */
function selectorTags(selector: string): string[] {
  const bare = selector.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\[[^\]]*\]/g, "");
  return [...bare.matchAll(/(?:^|[\s>+~(,])([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase());
}

function selectorNeeded(selector: string, used: FirstScreen): boolean {
  return selectorClasses(selector).every((name) => used.classes.has(name)) && selectorTags(selector).every((tag) => used.tags.has(tag));
}

/**
 * The rules of `css` the first screen needs, with the @property registrations of the variables they use.
 * Left to the whole sheet: Tailwind's `properties` layer (initial values of shadow, ring and transform
 * variables for browsers without @property), keyframes, and the theme variables no chosen rule reads.
 */
export function criticalRules(css: string, used: FirstScreen): string {
  const chosen = pruneVariables(chooseRules(css, used));
  return chosen + registeredProperties(css, chosen);
}

/**
 * The `@property` registrations of the variables the kept rules set or read. Tailwind registers its
 * `--tw-*` variables as not inherited: without the registration a heading inside `leading-relaxed` text
 * took that text's line height instead of its own (the legal pages' headings were 39 px tall, then 32 px
 * once the stylesheet arrived, and moved what follows: CLS 0.003-0.004).
 */
function registeredProperties(css: string, chosen: string): string {
  const out: string[] = [];
  for (const block of splitBlocks(css)) {
    const name = /^@property\s+(--[\w-]+)$/.exec(block.prelude.trim())?.[1];
    if (name && block.body !== undefined && (chosen.includes(`${name}:`) || chosen.includes(`var(${name}`))) out.push(`@property ${name}{${block.body}}`);
  }
  return out.join("");
}

function chooseRules(css: string, used: FirstScreen): string {
  const out: string[] = [];
  for (const block of splitBlocks(css)) {
    if (block.body === undefined) {
      // `@layer theme, base, components, utilities;`: the order of the layers.
      out.push(`${block.prelude};`);
    } else if (/^@layer\s+properties\b/i.test(block.prelude) || /^@(property|keyframes)\b/i.test(block.prelude)) {
      continue;
    } else if (GROUPING.test(block.prelude)) {
      const inner = chooseRules(block.body, used);
      if (inner) out.push(`${block.prelude}{${inner}}`);
    } else if (block.prelude.startsWith("@")) {
      // @font-face and the like: a missing one would change what the first screen shows.
      out.push(`${block.prelude}{${block.body}}`);
    } else if (selectorList(block.prelude).some((selector) => selectorNeeded(selector, used))) {
      out.push(`${block.prelude}{${block.body}}`);
    }
  }
  return out.join("");
}

/** Drops custom properties (`--x:...`) of :root/:host rules that nothing kept reads (directly or through another). */
function pruneVariables(css: string): string {
  const declaration = /(--[\w-]+):((?:[^;{}"']|"[^"]*"|'[^']*')*)(;|(?=}))/g;
  const roots = /(:root(?:,\s*:host)?)\{([^{}]*)\}/g;
  const defined = new Map<string, string>();
  for (const [, , body] of css.matchAll(roots)) for (const [, name, value] of body!.matchAll(declaration)) defined.set(name!, value!);
  const outside = css.replace(roots, "");
  const needed = new Set<string>();
  const visit = (text: string) => {
    for (const [, name] of text.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (needed.has(name!)) continue;
      needed.add(name!);
      const value = defined.get(name!);
      if (value) visit(value);
    }
  };
  visit(outside);
  return css.replace(roots, (_, prelude: string, body: string) => {
    const kept = [...body.matchAll(declaration)].filter(([, name]) => needed.has(name!)).map(([, name, value]) => `${name}:${value}`);
    const rest = body.replace(declaration, "").replace(/^;+|;+$/g, "");
    const all = [...kept, ...(rest ? [rest] : [])];
    return all.length ? `${prelude}{${all.join(";")}}` : "";
  });
}

/** Element names in markup (`<full-menu`, `<h1`). */
export function markupTags(html: string): Set<string> {
  const tags = new Set<string>(["html", "body", "head"]);
  for (const [, name] of html.matchAll(/<([a-zA-Z][\w-]*)/g)) tags.add(name!.toLowerCase());
  return tags;
}

/** Every class name in the markup's class attributes. */
export function markupClasses(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    for (const name of (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/)) if (name) names.add(name.replace(/&amp;/g, "&"));
  }
  return names;
}

/** The HTML budget of a public page, raw. */
export const HTML_BUDGET = 60 * 1024;

/** How much of a page's body, from its start, counts as its first screen on a phone (generously: rows repeat their classes). */
export const FOLD_CHARACTERS = 16_000;

/** What the first screen of a page uses: the opening of its body, and what follows its footer (the fixed quick-actions bar, notifications). */
export function firstScreenOf(html: string): FirstScreen {
  const body = Math.max(0, html.indexOf("<body"));
  const afterFooter = html.lastIndexOf("</footer>");
  const markup = html.slice(body, body + FOLD_CHARACTERS) + (afterFooter > body + FOLD_CHARACTERS ? html.slice(afterFooter) : "");
  return { classes: markupClasses(markup), tags: markupTags(markup) };
}

const SITE_STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)" data-site-stylesheet\s*\/?>/;

/** The development server's page: the whole sheet inlined in place of the link (no built file to link to). */
export function inlineWholeSheet(html: string, siteCss: string): { html: string; styleHash: `sha256-${string}` } | null {
  const link = SITE_STYLESHEET_LINK.exec(html);
  if (!link) return null;
  return { html: html.slice(0, link.index) + `<style>${siteCss}</style>` + html.slice(link.index + link[0].length), styleHash: styleHash(siteCss) };
}

/**
 * A page with the first screen's rules inlined in place of its head's stylesheet link, which moves to
 * the end of the body, and the <style>'s policy hash; or null when the page has no such link or would
 * outgrow its HTML budget (then it keeps the link in its head and blocks its first paint until the sheet
 * arrives, as every page did before). With `preload` (a page rendered on request) the head also preloads
 * the sheet, so it starts at once; a built page leaves it for after its first paint (afterPaint.ts).
 */
export function inlineFirstScreen(html: string, siteCss: string, { preload = true } = {}): { html: string; styleHash: `sha256-${string}` } | null {
  const link = SITE_STYLESHEET_LINK.exec(html);
  const end = html.lastIndexOf("</body>");
  if (!link || end < 0) return null;
  const critical = criticalRules(siteCss, firstScreenOf(html));
  const href = link[1]!;
  const head = `<style>${critical}</style>${preload ? `<link rel="preload" as="style" href="${href}">` : ""}`;
  const out = html.slice(0, link.index) + head + html.slice(link.index + link[0].length, end) + `<link rel="stylesheet" href="${href}">` + html.slice(end);
  if (Buffer.byteLength(out) > HTML_BUDGET) return null;
  return { html: out, styleHash: styleHash(critical) };
}

/** The whole stylesheet's file name for a given text: its content hash, as the build writes it (astro.config.mjs). */
export function stylesheetFileName(css: string): string {
  return `site.${createHash("sha256").update(css).digest("hex").slice(0, 12)}.css`;
}

/** A Content-Security-Policy hash source for an inline <style> with exactly this text. */
export function styleHash(text: string): `sha256-${string}` {
  return `sha256-${createHash("sha256").update(text).digest("base64")}`;
}
