import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withStyleHash } from "../domain/contentSecurityPolicy";
import { criticalRules, firstScreenOf, FOLD_CHARACTERS, HTML_BUDGET, inlineFirstScreen, selectorClasses } from "./criticalCss";

const SHEET = [
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-brand-600:#9a3412;--color-unused:#000;--font-sans:ui-sans-serif}}",
  "@layer base{*,:after,:before{box-sizing:border-box}h1,h2{font-size:inherit}table{border-collapse:collapse}}",
  "@layer components{full-menu article{display:flex}}",
  "@layer utilities{.hero{color:var(--color-brand-600)}.footer-only{margin:4rem}.md\\:flex{@media (width>=48rem){display:flex}}.w-1\\/2{width:50%}}",
  "@property --tw-shadow{syntax:\"*\";inherits:false}",
].join("");

const page = (main: string, footer = "") =>
  `<!doctype html><html><head><title>t</title><link rel="stylesheet" href="/_astro/site.abc.css" data-site-stylesheet></head><body><main>${main}</main><footer>${footer}</footer></body></html>`;

describe("the first screen's stylesheet", () => {
  it("keeps the rules of the classes and elements the first screen uses, the reset, and the variables they read", () => {
    const css = criticalRules(SHEET, { classes: new Set(["hero", "md:flex", "w-1/2"]), tags: new Set(["html", "body", "h1"]) });
    expect(css).toContain(".hero{color:var(--color-brand-600)}");
    expect(css).toContain(".md\\:flex{");
    expect(css).toContain(".w-1\\/2{");
    expect(css).toContain("*,:after,:before{box-sizing:border-box}");
    expect(css).toContain("h1,h2{font-size:inherit}");
    expect(css).toContain("--color-brand-600:#9a3412");
    // What the first screen does not show waits for the whole sheet.
    expect(css).not.toContain("footer-only");
    expect(css).not.toContain("table{");
    expect(css).not.toContain("full-menu article");
    expect(css).not.toContain("--color-unused");
    // The last declaration of the theme's block too, though nothing follows it with a semicolon.
    expect(css).not.toContain("--font-sans");
    expect(css).not.toContain("@property");
  });

  it("keeps the registration of a variable a kept rule uses, so a heading inside relaxed text keeps its own line height", () => {
    const sheet = `${SHEET}@layer utilities{.leading-relaxed{--tw-leading:1.625;line-height:1.625}.text-2xl{font-size:1.5rem;line-height:var(--tw-leading,1.333)}}@property --tw-leading{syntax:"*";inherits:false}`;
    const css = criticalRules(sheet, { classes: new Set(["leading-relaxed", "text-2xl"]), tags: new Set(["html", "body", "h2"]) });
    expect(css).toContain('@property --tw-leading{syntax:"*";inherits:false}');
    expect(css).not.toContain("--tw-shadow");
  });

  it("reads class names as markup writes them, escapes undone", () => {
    expect(selectorClasses(".md\\:flex:hover>.w-1\\/2")).toEqual(["md:flex", "w-1/2"]);
    expect(selectorClasses('.a[data-x="b.c"]')).toEqual(["a"]);
  });

  it("inlines them in place of the head's link, links the whole sheet at the end of the body, and gives the policy hash of exactly that <style>", () => {
    const result = inlineFirstScreen(page('<h1 class="hero">Hi</h1>'), SHEET)!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(result.html)![1]!;
    expect(result.styleHash).toBe(`sha256-${createHash("sha256").update(style).digest("base64")}`);
    expect(result.html).toMatch(/<\/style><\/head>/);
    expect(result.html).toMatch(/<link rel="stylesheet" href="\/_astro\/site\.abc\.css"><\/body>/);
    expect(result.html).not.toContain("data-site-stylesheet");
    const policy = withStyleHash("default-src 'self'; style-src 'self' 'sha256-astro='; style-src-attr 'unsafe-inline'", result.styleHash);
    expect(policy).toContain(`style-src 'self' 'sha256-astro=' '${result.styleHash}'`);
    expect(policy).toContain("style-src-attr 'unsafe-inline';".slice(0, -1));
  });

  it("preloads nothing: the whole sheet is linked after the first paint, where a preload was one more request before it", () => {
    const result = inlineFirstScreen(page('<h1 class="hero">Hi</h1>'), SHEET)!;
    expect(result.html).not.toContain('rel="preload"');
    expect(result.html).toMatch(/<link rel="stylesheet" href="\/_astro\/site\.abc\.css"><\/body>/);
  });

  it("leaves a page that would outgrow its HTML budget with its blocking link", () => {
    expect(inlineFirstScreen(page(`<h1 class="hero">${"x".repeat(HTML_BUDGET)}</h1>`), SHEET)).toBeNull();
  });

  it("counts everything after the footer in the first screen, also when the footer ends just inside the opening", () => {
    for (const before of [FOLD_CHARACTERS - 200, FOLD_CHARACTERS + 2000]) {
      const html = `<body><main>${"x".repeat(before)}</main></footer><aside class="quick-bar">${"y".repeat(400)}<a class="last-link">Reserve</a></aside></body>`;
      expect(firstScreenOf(html).classes.has("last-link"), `footer ending at ${before}`).toBe(true);
    }
  });
});
