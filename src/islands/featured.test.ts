import { describe, expect, it } from "vitest";
import { featuredToShow, noteAdded } from "./featured";
import type { MenuItemView } from "../domain/menuReadModel";

const item = (id: number) => ({ id, name: `Dish ${id}` }) as MenuItemView;
const fallback = [item(1), item(2)];

describe("the featured list on the home page", () => {
  it("shows the server's items when it has some", () => {
    expect(featuredToShow({ items: [item(9)] }, fallback).map((i) => i.id)).toEqual([9]);
  });
  it.each([
    ["an empty list", { items: [] }],
    ["no items key", {}],
    ["a non-list", { items: "x" as unknown as MenuItemView[] }],
    ["no answer", null],
  ])("falls back to the built-in list on %s", (_, answer) => {
    expect(featuredToShow(answer, fallback).map((i) => i.id)).toEqual([1, 2]);
  });
});

describe("the note beside a featured card's button", () => {
  it("says the dish is in the cart, and says it again on a second add", async () => {
    const note = { textContent: "" };
    const card = { querySelector: () => note };
    const event = { target: { closest: () => card }, detail: { name: "Hot Maple Flatbread" } } as unknown as Event;
    const frames: (() => void)[] = [];
    Object.assign(globalThis, { requestAnimationFrame: (run: () => void) => frames.push(run) });
    noteAdded(event, "{name} added to your order.");
    expect(note.textContent).toBe("");
    frames.shift()!();
    expect(note.textContent).toBe("Hot Maple Flatbread added to your order.");
    noteAdded(event, "{name} added to your order.");
    // Emptied first: a screen reader hears the same sentence again.
    expect(note.textContent).toBe("");
    frames.shift()!();
    expect(note.textContent).toBe("Hot Maple Flatbread added to your order.");
  });
});
