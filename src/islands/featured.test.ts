import { describe, expect, it } from "vitest";
import { featuredToShow } from "./featured";
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
