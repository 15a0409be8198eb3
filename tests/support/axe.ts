// The browser journeys' accessibility check: axe on the page as it stands, every violation named by its rule
// and the elements it found, so a failure reads as what to mend.
import AxeBuilder from "@axe-core/playwright";
import { expect } from "vitest";
import type { Page } from "playwright-core";

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`)).toEqual([]);
}
