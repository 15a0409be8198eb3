import { describe, expect, it } from "vitest";
import { arrivalWindowOpen } from "./orderReadModel";

const PROMISED = "2026-11-21T17:20:00.000Z"; // 12:20 PM in Miami
const at = (minutes: number) => new Date(Date.parse(PROMISED) + minutes * 60_000);

describe("the curbside arrival window", () => {
  it("is open from an hour before the promised time to an hour after it, ends included", () => {
    expect(arrivalWindowOpen(PROMISED, at(-60))).toBe(true);
    expect(arrivalWindowOpen(PROMISED, at(0))).toBe(true);
    expect(arrivalWindowOpen(PROMISED, at(60))).toBe(true);
  });

  it("is closed earlier and later, and for an order without a promised time", () => {
    expect(arrivalWindowOpen(PROMISED, at(-61))).toBe(false);
    expect(arrivalWindowOpen(PROMISED, at(61))).toBe(false);
    expect(arrivalWindowOpen(null, at(0))).toBe(false);
  });
});
