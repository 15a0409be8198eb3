// The browser journeys' accessibility check: axe on the page as it stands, every violation named by its rule
// and the elements it found, so a failure reads as what to mend.
import AxeBuilder from "@axe-core/playwright";
import { expect } from "vitest";
import type { Page } from "playwright-core";

/**
 * Waits for the page as a diner sees it once it has settled. A prerendered page links its whole stylesheet
 * only after its first paint (src/layouts/afterPaint.ts), and axe judges contrast from the styles in force:
 * before they arrive, the footer's white headings sit on no background at all.
 */
export async function whenStyled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    !document.querySelector('link[rel="after-paint"]') &&
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
}

/**
 * axe's violations on the page as it stands, each as its rule and the elements it found. Only violations are
 * gathered: axe otherwise also collects and sends back every element that passed (thousands on the full
 * menu), which axe's documentation of `resultTypes` names as the way to speed it up on large pages; the
 * rules run are the same.
 *
 * One `axe.run` in the page (the builder's legacy mode) rather than `runPartial` in each frame and `finishRun`
 * in a blank page it opens for the purpose: the same rules on the same document, for a fifth of the CPU (on the
 * built home page, full menu and checkout, 0.5 to 1.0 s of CPU a sweep instead of 3.0 to 4.9 s, browser and
 * test process together). What the partial mode adds is reaching into frames of another origin, and the only
 * such frame a page of ours shows is Google's map, which is not ours to judge and is blocked here anyway.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await whenStyled(page);
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}
