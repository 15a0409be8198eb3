// The checklist's lines link to sections of docs/go-live.md (served at /admin/go-live-guide): every
// section a line names is a heading of the guide, by the anchor Astro's Markdown gives it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";
import { applePayCheck } from "./applePay";
import { COURIER_LINE } from "./couriers";
import { LOYALTY_LINE } from "./loyalty";
import { MAIL_LINES } from "./mail";
import { MENU_PHOTOS_LINE } from "./menuPhotos";
import { PLATFORM_LINES } from "./platform";
import { SEARCH_LINES } from "./search";
import { SANDBOX_CHECK_LINE } from "./sandboxCheck";
import { SQUARE_LINES } from "./square";
import { TEXTS_LINE } from "./texts";

function guideAnchors(): Set<string> {
  const slugger = new GithubSlugger();
  const text = readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "go-live.md"), "utf8");
  return new Set([...text.matchAll(/^#{1,3} (.+)$/gm)].map((match) => slugger.slug(match[1]!)));
}

describe("the go-live guide", () => {
  it("has a section for every section a checklist line links to", () => {
    const anchors = guideAnchors();
    const specs = [
      ...Object.values(SQUARE_LINES), ...Object.values(MAIL_LINES), ...Object.values(PLATFORM_LINES), ...Object.values(SEARCH_LINES),
      COURIER_LINE, LOYALTY_LINE, TEXTS_LINE, SANDBOX_CHECK_LINE, MENU_PHOTOS_LINE, ...applePayCheck("jealousfork.com").specs,
    ];
    for (const spec of specs) expect(anchors, spec.id).toContain(spec.section);
  });
});
