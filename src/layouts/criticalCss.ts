// The stylesheet a page needs for its first screen, inlined in its <head>, while the whole stylesheet
// loads without holding the first paint (it is linked at the end of the body). A render-blocking
// stylesheet cost a phone on a slow network one more round trip before anything showed, which kept the
// largest paint above 1.5 s; inlining the whole sheet on every page broke the 60 KB HTML budget.
// A rule is "critical" when every class its selector names appears in the first screen's markup (the
// page's opening part and the frame around it: header, quick actions, notifications); rules without
// classes (the reset, element and custom-element rules, variables) always are. postcss reads the sheet's
// blocks and each kept block is copied from the sheet's own text; what a selector requires is read by
// selectorClasses and selectorTags below, as postcss leaves selectors as text.
import { createHash } from "node:crypto";
import postcss, { type AtRule, type Container, type Root, type Rule } from "postcss";

/** The rule and at-rule nodes postcss reads, with the text between their braces as the file has it. */
type Block = Rule | AtRule;

/** The exact text a node's prelude opens with (`.a,.b`, `@media (width>=48rem)`), without the space before its brace. */
function prelude(node: Block): string {
  return node.type === "rule" ? (node.raws.selector?.raw ?? node.selector) : `@${node.name}${node.raws.afterName ?? ""}${node.raws.params?.raw ?? node.params}`;
}

/** The text between a block's braces, sliced from the source so it is kept byte for byte. */
function body(css: string, node: Block): string {
  const start = node.source!.start!.offset + prelude(node).length + (node.raws.between ?? "").length;
  return css.slice(start + 1, node.source!.end!.offset - 1);
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

/** Grouping at-rules whose contents are chosen rule by rule. */
const GROUPING = new Set(["media", "supports", "layer", "container"]);

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

/** The last sheet read, kept: every page (and every request of a page rendered on request) reads the same one. */
let last: { css: string; root: Root } | undefined;
function parsed(css: string): Root {
  if (last?.css !== css) last = { css, root: postcss.parse(css) };
  return last.root;
}

/**
 * The rules of `css` the first screen needs, with the @property registrations of the variables they use.
 * Left to the whole sheet: Tailwind's `properties` layer (initial values of shadow, ring and transform
 * variables for browsers without @property), keyframes, and the theme variables no chosen rule reads.
 */
export function criticalRules(css: string, used: FirstScreen): string {
  const chosen = pruneVariables(chooseRules(css, parsed(css), used));
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
  parsed(css).each((node) => {
    const name = node.type === "atrule" && node.name.toLowerCase() === "property" ? /^(--[\w-]+)$/.exec(node.params)?.[1] : undefined;
    if (name && node.type === "atrule" && node.nodes && (chosen.includes(`${name}:`) || chosen.includes(`var(${name}`))) out.push(`@property ${name}{${body(css, node)}}`);
  });
  return out.join("");
}

function chooseRules(css: string, container: Container, used: FirstScreen): string {
  const out: string[] = [];
  container.each((node) => {
    if (node.type === "atrule" && !node.nodes) {
      // `@layer theme, base, components, utilities;`: the order of the layers.
      out.push(`${prelude(node)};`);
    } else if (node.type === "atrule") {
      const name = node.name.toLowerCase();
      if ((name === "layer" && /^properties\b/i.test(node.params)) || name === "property" || name === "keyframes") return;
      if (GROUPING.has(name)) {
        const inner = chooseRules(css, node, used);
        if (inner) out.push(`${prelude(node)}{${inner}}`);
      } else {
        // @font-face and the like: a missing one would change what the first screen shows.
        out.push(`${prelude(node)}{${body(css, node)}}`);
      }
    } else if (node.type === "rule" && node.selectors.some((selector) => selectorNeeded(selector, used))) {
      out.push(`${prelude(node)}{${body(css, node)}}`);
    }
  });
  return out.join("");
}

/** Whether a rule is the theme's variables (`:root,:host{--x:...}`), whose unread variables are dropped. */
const ROOTS = /^:root(?:,\s*:host)?$/;

/** Drops custom properties (`--x:...`) of :root/:host rules that nothing kept reads (directly or through another). */
function pruneVariables(css: string): string {
  const roots: Rule[] = [];
  const defined = new Map<string, string>();
  const read: string[] = [];
  postcss.parse(css).walk((node) => {
    if (node.type === "rule" && ROOTS.test(prelude(node)) && node.every((child) => child.type === "decl")) roots.push(node);
    else if (node.type === "decl" && node.parent && roots.includes(node.parent as Rule)) {
      if (node.prop.startsWith("--")) defined.set(node.prop, node.value);
    } else if (node.type === "decl") read.push(node.value);
    else if (node.type === "atrule") read.push(node.params);
  });
  const needed = new Set<string>();
  const visit = (text: string) => {
    for (const [, name] of text.matchAll(/var\(\s*(--[\w-]+)/g)) {
      if (needed.has(name!)) continue;
      needed.add(name!);
      const value = defined.get(name!);
      if (value) visit(value);
    }
  };
  for (const text of read) visit(text);
  // Rewritten from the last so the earlier rules' offsets still hold.
  let out = css;
  for (const rule of roots.reverse()) {
    const declarations = rule.nodes.map((child) => ({ custom: child.type === "decl" && child.prop.startsWith("--"), name: child.type === "decl" ? child.prop : "", text: child.toString() }));
    const kept = declarations.filter((d) => d.custom && needed.has(d.name)).map((d) => d.text);
    const rest = declarations.filter((d) => !d.custom).map((d) => d.text);
    const all = [...kept, ...rest];
    out = out.slice(0, rule.source!.start!.offset) + (all.length ? `${prelude(rule)}{${all.join(";")}}` : "") + out.slice(rule.source!.end!.offset);
  }
  return out;
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
  // All of what follows the footer, wherever the opening ends: a page whose footer ended just inside the
  // opening lost the quick-actions bar's last rules (drawn unstyled, then moved by 0.06 when the sheet came).
  const fold = body + FOLD_CHARACTERS;
  const markup = html.slice(body, fold) + (afterFooter >= 0 ? html.slice(Math.max(afterFooter, fold)) : "");
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
 * arrives, as every page did before). Nothing preloads the sheet: built pages and pages rendered on request
 * alike link it after their first paint (afterPaint.ts), where a preload was one more request before it.
 */
export function inlineFirstScreen(html: string, siteCss: string): { html: string; styleHash: `sha256-${string}` } | null {
  const link = SITE_STYLESHEET_LINK.exec(html);
  const end = html.lastIndexOf("</body>");
  if (!link || end < 0) return null;
  const critical = criticalRules(siteCss, firstScreenOf(html));
  const href = link[1]!;
  const out = html.slice(0, link.index) + `<style>${critical}</style>` + html.slice(link.index + link[0].length, end) + `<link rel="stylesheet" href="${href}">` + html.slice(end);
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
