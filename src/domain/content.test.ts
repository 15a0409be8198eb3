// Editorial content agrees with the facts the code runs on: FAQ hours and fees, reviews, areas.
import { describe, expect, it } from "vitest";
import faq from "../../content/faq.json";
import reviews from "../../content/reviews.json";
import menu from "../../content/menu.json";
import areas from "../../content/areas.json";
import seed from "../../content/hours.json";
import { scheduleFromSeed, type ScheduleSeed } from "./scheduleSeed";
import { fillHoursPlaceholders } from "./scheduleText";
import { DELIVERY_FEE_CENTS, formatPrice } from "./money";

const answer = (id: string) => faq.find((entry) => entry.id === id)!.answer;

describe("content/faq.json", () => {
  it("has 15 questions with distinct ids", () => {
    expect(faq).toHaveLength(15);
    expect(new Set(faq.map((entry) => entry.id)).size).toBe(15);
  });

  it("writes the hours as placeholders the staff's schedule fills, never as copies", () => {
    const hoursAnswer = answer("hours");
    expect(hoursAnswer).toContain("{hours:jealous-fork}");
    expect(hoursAnswer).toContain("{hours:jealous-burger}");
    expect(hoursAnswer).toContain("{closed-days}");
    expect(hoursAnswer).not.toMatch(/\d(AM|PM)|Monday/);
    for (const entry of faq) expect(entry.answer).not.toMatch(/from \d+(:\d\d)?(AM|PM) to \d/);
    const filled = fillHoursPlaceholders(hoursAnswer, scheduleFromSeed(seed as ScheduleSeed));
    expect(filled).toContain("breakfast and brunch Tuesday - Sunday, 9AM - 3PM.");
    expect(filled).toContain("Jealous Burger Friday - Saturday, 5PM - 9PM.");
    expect(filled).toContain("We are closed on Mondays.");
  });

  it("gives the delivery fee and pickup time the checkout uses", () => {
    expect(answer("takeout-delivery")).toContain(formatPrice(DELIVERY_FEE_CENTS));
    expect(answer("takeout-delivery")).toContain("15-20 minutes");
  });

  it("names only dishes that are on the menu", () => {
    const names = menu.map((item) => item.name);
    for (const dish of ["Hot Maple Flatbread", "Chocolate Oreo Chip Pancakes", "Jesse James", "VEGburger", "Key Lime Pie"]) {
      expect(names.some((name) => name.startsWith(dish))).toBe(true);
    }
  });
});

describe("content/menu.json", () => {
  it("names brunch's Jesse James apart from burger night's, so the two do not read as one dish at two prices", () => {
    const jesse = menu.filter((item) => item.name.startsWith("Jesse James")).map((item) => [item.section, item.name]);
    expect(jesse).toEqual([["jealous-fork", "Jesse James Brunch Burger"], ["jealous-burger", "Jesse James"]]);
  });

  it("names brunch's Classic apart from burger night's the same way", () => {
    const classic = menu.filter((item) => item.name.startsWith("The Classic")).map((item) => [item.section, item.name]);
    expect(classic).toEqual([["jealous-fork", "The Classic Brunch Burger"], ["jealous-burger", "The Classic"]]);
  });
});

describe("content/reviews.json", () => {
  it("has three reviews and the four ratings of the summary", () => {
    expect(reviews.reviews).toHaveLength(3);
    expect(reviews.summary.map((r) => r.rating)).toEqual([4.6, 4.7, 5.0, 4.8]);
    for (const review of reviews.reviews) expect(review.initial).toBe(review.name[0]);
  });
});

/** The text's three-word sequences, lower case, with the area's own name taken out. */
function trigrams(text: string, name: string): Set<string> {
  const words = text.toLowerCase().replaceAll(name.toLowerCase(), " ").split(/[^a-z0-9&']+/).filter(Boolean);
  return new Set(words.slice(2).map((word, i) => `${words[i]} ${words[i + 1]} ${word}`));
}

describe("content/areas.json", () => {
  it("has unique slugs and names (Coral Gables once)", () => {
    expect(new Set(areas.map((a) => a.slug)).size).toBe(areas.length);
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    expect(areas.filter((a) => a.slug === "coral-gables")).toHaveLength(1);
  });

  it("includes the five neighbourhoods the footer links to", () => {
    for (const slug of ["south-beach", "coral-gables", "coconut-grove", "brickell", "downtown-miami"]) {
      expect(areas.map((a) => a.slug)).toContain(slug);
    }
  });

  it("gives every area its own description and intro, not one text with the name swapped", () => {
    const strip = (text: string, name: string) => text.replaceAll(name, "").trim();
    expect(new Set(areas.map((a) => strip(a.description, a.name))).size).toBe(areas.length);
    expect(new Set(areas.map((a) => strip(a.intro, a.name))).size).toBe(areas.length);
    // Beyond exact copies: no two descriptions share more than a fifth of their three-word phrases.
    for (const [i, a] of areas.entries()) {
      const own = trigrams(a.description, a.name);
      for (const b of areas.slice(i + 1)) {
        const other = trigrams(b.description, b.name);
        const shared = [...own].filter((t) => other.has(t)).length;
        expect(shared / Math.min(own.size, other.size), `${a.slug} vs ${b.slug}`).toBeLessThan(0.2);
      }
    }
  });

  it("names only dishes that are on the menu in each description", () => {
    const names = menu.map((item) => item.name);
    for (const area of areas) {
      const mentioned = names.filter((name) => area.description.includes(name));
      expect(mentioned.length, area.slug).toBeGreaterThan(0);
    }
  });
});
