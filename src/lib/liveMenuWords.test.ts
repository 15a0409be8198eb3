import { describe, expect, it } from "vitest";
import { liveMenuWords } from "../domain/i18n/ui/menu";
import { liveMenuWordsText, parseLiveMenuWords } from "./liveMenuWords";

describe("the full menu's words carried by the page", () => {
  it("come back from the page's line as they were written, in each language, without a quote to escape", () => {
    for (const locale of ["en", "es"] as const) {
      const words = liveMenuWords(locale);
      expect(parseLiveMenuWords(liveMenuWordsText(words))).toEqual(words);
      expect(liveMenuWordsText(words)).not.toContain('"');
    }
    expect(parseLiveMenuWords(liveMenuWordsText(liveMenuWords("es"))).categories.burgers).toBe("hamburguesas");
  });

  it("refuse at build a word that would break the line", () => {
    expect(() => liveMenuWordsText({ ...liveMenuWords("es"), add: "Agregar | al carrito" })).toThrow(/"\|"/);
  });
});
