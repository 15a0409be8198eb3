import { describe, expect, it } from "vitest";
import { ALLERGENS, DIETARY_LABELS } from "../domain/dietaryLabels";
import { liveMenuWords } from "../domain/i18n/ui/menu";
import { liveMenuWordsText, readLiveMenuWords } from "./liveMenuWords";

describe("the full menu's words carried by the page", () => {
  it("come back from the page's attribute as they were written, in each language, without a quote to escape", () => {
    for (const locale of ["en", "es"] as const) {
      const { labels, categories, allergens, states, ...words } = liveMenuWords(locale);
      const text = liveMenuWordsText({ labels, categories, allergens, states, ...words });
      expect(text).not.toContain('"');
      const read = readLiveMenuWords(text);
      expect(read).toMatchObject(words);
      for (const label of DIETARY_LABELS) expect(read[`label.${label}`]).toBe(labels[label]);
      for (const allergen of ALLERGENS) expect(read[`allergen.${allergen}`]).toBe(allergens[allergen]);
      expect(read["state.unknown"]).toBe(states.unknown);
      for (const [category, name] of Object.entries(categories)) expect(read[`category.${category}`]).toBe(name);
    }
    expect(readLiveMenuWords(liveMenuWordsText(liveMenuWords("es")))["category.burgers"]).toBe("hamburguesas");
    expect(readLiveMenuWords(liveMenuWordsText(liveMenuWords("en")))["category.burgers"]).toBeUndefined();
  });

  it("keep a word with the encoding's own characters whole", () => {
    const words = { ...liveMenuWords("es"), add: "Agregar & pagar = 100% +1" };
    expect(readLiveMenuWords(liveMenuWordsText(words)).add).toBe("Agregar & pagar = 100% +1");
  });
});
