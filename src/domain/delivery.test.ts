import { describe, expect, it } from "vitest";
import areas from "../../content/areas.json";
import { deliversTo, servedZipCodes, undeliverableZipMessage } from "./delivery";

const served = servedZipCodes(areas);

describe("the delivery ZIP rule", () => {
  it("serves every ZIP code of content/areas.json, each once and in order", () => {
    expect(served).toContain("33156"); // Kendall, next door
    expect(served).toEqual([...new Set(areas.flatMap((area) => area.zipCodes))].sort());
    expect(servedZipCodes([{ zipCodes: ["33176", "33156"] }, { zipCodes: ["33156"] }])).toEqual(["33156", "33176"]);
  });

  it("delivers to a served ZIP, also written as ZIP+4 or with spaces around it", () => {
    for (const zipCode of ["33156", "33156-1234", " 33156 "]) expect(deliversTo(zipCode, served)).toBe(true);
  });

  it("refuses a ZIP outside our areas", () => {
    expect(deliversTo("10001", served)).toBe(false);
    expect(deliversTo("33156", ["33176"])).toBe(false);
  });

  it("says which five-digit ZIP it cannot deliver to", () => {
    expect(undeliverableZipMessage(" 10001-1234")).toBe(
      "Sorry, we don't deliver to ZIP code 10001 yet. Choose pickup, or use an address in one of the Miami areas we serve.",
    );
  });
});
