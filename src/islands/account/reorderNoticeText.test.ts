import { describe, expect, it } from "vitest";
import { noticeText } from "./reorderNoticeText";

describe("the kitchen-closed notice of Order again", () => {
  it("writes the slot's Miami time in Spanish the Academia's way, as every other time on the site", () => {
    const text = noticeText({ kind: "kitchen-closed", kitchens: ["Jealous Burger"], slot: "2026-11-21T22:00:00.000Z" }, "es");
    expect(text).toContain("tu pedido queda para sábado 5:00 p. m.,");
    expect(text).not.toMatch(/p\.m\./);
  });
});
