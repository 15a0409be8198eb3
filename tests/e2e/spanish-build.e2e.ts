// Every Spanish page of the production build, read as Chromium parses it (JavaScript off, so what a
// first load shows, templates included): no interface text is left in English. Two nets: the English
// side of every dictionary entry (src/domain/i18n/ui/*.ts) never appears on an /es/ page, and no text
// speaks English's common words once the names the restaurant writes its own way (dishes, places, the
// restaurant) are set aside. Text marked lang="en" (the guests' reviews, the "English" link) is English
// on purpose and is skipped.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import menu from "../../content/menu.json";
import areas from "../../content/areas.json";
import { launchBrowser } from "../support/browser";
import type { Entry } from "../../src/domain/i18n/translate";

const UI_DICTIONARIES = join(import.meta.dirname, "..", "..", "src", "domain", "i18n", "ui");

/** Words no Spanish sentence of ours uses: one of them in a Spanish page's text means English was left. */
const ENGLISH_WORDS = /\b(the|your|you|our|with|and|for|open|closed|now|add|cart|order|view|today|tomorrow|hours|please|more|see|back|sold out|pickup|delivery|checkout|home|about|gallery|read|call us|opens|closes|until)\b/i;

/** Names written the restaurant's way in both languages. */
const NAMES = [
  ...menu.map((dish) => dish.name),
  ...areas.map((area) => area.name),
  "Jealous Fork",
  "Mall of the Americas",
  "Jealous Burger",
  "Google",
  "Instagram",
  "Facebook",
  "Yelp",
  "Square",
  "Apple Pay",
  "Google Pay",
  "Cash App Pay",
].sort((a, b) => b.length - a.length);

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".html")).map((entry) => join(entry.parentPath, entry.name));
}

/** The English of every dictionary entry that differs from its Spanish (texts with arguments left out). */
async function englishInterfaceTexts(): Promise<Set<string>> {
  const texts = new Set<string>();
  for (const file of (await readdir(UI_DICTIONARIES)).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
    const module: Record<string, unknown> = await import(join(UI_DICTIONARIES, file));
    for (const dictionary of Object.values(module)) {
      if (!dictionary || typeof dictionary !== "object") continue;
      for (const entry of Object.values(dictionary) as Partial<Entry>[]) {
        if (typeof entry?.en === "string" && typeof entry.es === "string" && entry.en !== entry.es && /[a-z]{3}/i.test(entry.en)) texts.add(entry.en.trim());
      }
    }
  }
  return texts;
}

/** What a reader meets on the page: its text nodes and the attributes read aloud or shown, outside lang="en". */
function readableTexts(): string[] {
  const texts: string[] = [];
  const isEnglish = (element: Element | null) => element?.closest("[lang]")?.getAttribute("lang")?.startsWith("en") ?? false;
  const visit = (root: Node) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text) {
        const parent = node.parentElement;
        if (parent && !parent.closest("script, style") && !isEnglish(parent) && node.data.trim()) texts.push(node.data.trim());
        continue;
      }
      const element = node as Element;
      if (isEnglish(element)) continue;
      for (const name of ["aria-label", "alt", "title", "placeholder", "aria-description"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
      if (element.matches('meta[name="description"], meta[property="og:title"], meta[property="og:description"]')) {
        texts.push(element.getAttribute("content") ?? "");
      }
      if (element instanceof HTMLTemplateElement) visit(element.content);
    }
  };
  visit(document);
  return texts;
}

let browser: Browser;
let context: BrowserContext;
let pages: string[];
let dist: string;
beforeAll(async () => {
  dist = join(inject("builtSite"), "dist");
  pages = await htmlFiles(join(dist, "es"));
  browser = await launchBrowser();
  context = await browser.newContext({ javaScriptEnabled: false });
  // Only the markup is read: no stylesheet, picture or script is fetched.
  await context.route("**/*", (route) => route.abort());
});
afterAll(async () => {
  await browser?.close();
});

describe("the Spanish pages of the build", () => {
  it("are every public page, prerendered", () => {
    const paths = pages.map((file) => relative(dist, file));
    for (const path of ["es/index.html", "es/about/index.html", "es/gallery/index.html", "es/full-menu/index.html", "es/privacy/index.html", "es/terms/index.html", "es/404/index.html"]) {
      expect(paths).toContain(path);
    }
    expect(paths.filter((path) => path.startsWith("es/near/")).length).toBeGreaterThan(areas.length);
    expect(paths.filter((path) => path.startsWith("es/menu/")).length).toBeGreaterThan(menu.length);
  });

  it("leave no interface text in English", async () => {
    const english = await englishInterfaceTexts();
    expect(english.size).toBeGreaterThan(50);
    const page = await context.newPage();
    const leftovers = new Map<string, Set<string>>();
    for (const file of pages) {
      await page.setContent(await readFile(file, "utf8"), { waitUntil: "domcontentloaded" });
      for (const text of await page.evaluate(readableTexts)) {
        const unnamed = NAMES.reduce((rest, name) => rest.split(name).join(" "), text);
        if (english.has(text) || ENGLISH_WORDS.test(unnamed)) {
          const files = leftovers.get(text) ?? new Set();
          leftovers.set(text, files.add(relative(dist, file)));
        }
      }
    }
    const report = [...leftovers].map(([text, files]) => `${JSON.stringify(text)} on ${[...files].slice(0, 3).join(", ")}${files.size > 3 ? ` and ${files.size - 3} more` : ""}`);
    expect(report).toEqual([]);
  }, 240_000);
});
