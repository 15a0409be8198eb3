// Names derived from unknown neighbourhood slugs, and the slugs that get a page.
import { describe, expect, it } from "vitest";
import { areaNameFromSlug, isAreaSlug } from "./areas";

describe("areaNameFromSlug", () => {
  it("capitalises each word of the slug", () => {
    expect(areaNameFromSlug("little-river")).toBe("Little River");
    expect(areaNameFromSlug("hialeah")).toBe("Hialeah");
    expect(areaNameFromSlug("miami-gardens-2")).toBe("Miami Gardens 2");
  });

  it("keeps small joining words lower case except at the start", () => {
    expect(areaNameFromSlug("town-and-country")).toBe("Town and Country");
    expect(areaNameFromSlug("the-roads")).toBe("The Roads");
  });
});

describe("isAreaSlug", () => {
  it("accepts lowercase words joined by hyphens, and nothing else", () => {
    expect(isAreaSlug("little-river")).toBe(true);
    for (const bad of ["", "Little-River", "little--river", "-x", "a/b", "%3Cscript%3E", "x".repeat(61)]) {
      expect(isAreaSlug(bad), bad).toBe(false);
    }
  });
});
