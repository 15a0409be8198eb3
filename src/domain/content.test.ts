// Editorial content agrees with the facts the code runs on: FAQ hours and fees, reviews, areas.
import { describe, expect, it } from "vitest";
import faq from "../../content/faq.json";
import reviews from "../../content/reviews.json";
import menu from "../../content/menu.json";
import { SCHEDULES, formatHours } from "./hours";
import { DELIVERY_FEE_CENTS, formatPrice } from "./money";

const answer = (id: string) => faq.find((entry) => entry.id === id)!.answer;

describe("content/faq.json", () => {
  it("has 15 questions with distinct ids", () => {
    expect(faq).toHaveLength(15);
    expect(new Set(faq.map((entry) => entry.id)).size).toBe(15);
  });

  it("gives the hours of the schedule and says Mondays are closed", () => {
    const [fOpen, fClose] = formatHours(SCHEDULES["jealous-fork"]).split(" - ");
    const [bOpen, bClose] = formatHours(SCHEDULES["jealous-burger"]).split(" - ");
    expect(answer("hours")).toContain(`from ${fOpen} to ${fClose}`);
    expect(answer("hours")).toContain(`from ${bOpen} to ${bClose}`);
    expect(answer("hours")).toContain("closed on Mondays");
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

describe("content/reviews.json", () => {
  it("has three reviews and the four ratings of the summary", () => {
    expect(reviews.reviews).toHaveLength(3);
    expect(reviews.summary.map((r) => r.rating)).toEqual([4.6, 4.7, 5.0, 4.8]);
    for (const review of reviews.reviews) expect(review.initial).toBe(review.name[0]);
  });
});
