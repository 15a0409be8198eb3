import { describe, expect, it } from "vitest";
import { ganInGroups, maskedGan, normalizeGan } from "./giftCards";

describe("a gift card's number", () => {
  it("is read as people type it, with spaces or dashes, and refused when it is not 16 digits", () => {
    expect(normalizeGan("7783 3200 1234 5678")).toBe("7783320012345678");
    expect(normalizeGan("7783-3200-1234-5678")).toBe("7783320012345678");
    expect(normalizeGan("7783 3200 1234 567")).toBeNull();
    expect(normalizeGan("7783 3200 1234 567x")).toBeNull();
    expect(normalizeGan("")).toBeNull();
  });

  it("is shown in groups of four, and masked to its last four in the console", () => {
    expect(ganInGroups("7783320012345678")).toBe("7783 3200 1234 5678");
    expect(maskedGan("5678")).toBe("•••• 5678");
    expect(maskedGan(null)).toBe("—");
  });
});
