import { describe, expect, it } from "vitest";
import { hasControlCharacters, isInvisible } from "./plainText";

describe("what a name, e-mail or phone may hold", () => {
  it("refuses control characters and bidi overrides, keeps accents and other scripts", () => {
    expect(hasControlCharacters("\u0000")).toBe(true);
    expect(hasControlCharacters("Ana\u202Egpj.exe")).toBe(true);
    expect(hasControlCharacters("Ana\u2067x")).toBe(true);
    expect(hasControlCharacters("José Pérez-O'Brien")).toBe(false);
    expect(hasControlCharacters("محمد")).toBe(false);
    expect(hasControlCharacters("李小龍")).toBe(false);
  });

  it("lets a message break lines, but not hide a direction override", () => {
    expect(hasControlCharacters("Hello\nthere\ttoo", { singleLine: false })).toBe(false);
    expect(hasControlCharacters("Hello\nthere", { singleLine: true })).toBe(true);
    expect(hasControlCharacters("Hi \u202E", { singleLine: false })).toBe(true);
  });

  it("counts a field made only of invisible characters as empty", () => {
    expect(isInvisible("\u200B\u200B")).toBe(true);
    expect(isInvisible("\u00A0 \u3000\uFEFF")).toBe(true);
    expect(isInvisible("\u2800")).toBe(true);
    expect(isInvisible("a\u200B")).toBe(false);
  });
});
