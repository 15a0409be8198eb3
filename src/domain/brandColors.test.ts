import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND_COLORS, BRAND_COLOR_TOKENS } from "./brandColors";

describe("the brand's colours outside the stylesheet (e-mails, the sales chart)", () => {
  it("are the theme's tokens, value for value", () => {
    const theme = readFileSync(join(import.meta.dirname, "..", "layouts", "theme.css"), "utf8");
    for (const [name, token] of Object.entries(BRAND_COLOR_TOKENS)) {
      const value = new RegExp(`${token}:\\s*(#[0-9a-f]+);`).exec(theme)?.[1];
      expect([name, value]).toEqual([name, BRAND_COLORS[name as keyof typeof BRAND_COLORS]]);
    }
  });
});
