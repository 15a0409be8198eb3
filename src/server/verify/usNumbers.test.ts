import { describe, expect, it } from "vitest";
import { isUsNumber } from "./usNumbers";

describe("the numbers the site texts codes to", () => {
  it("takes US numbers on +1, Miami's and the rest of the states'", () => {
    for (const phone of ["+13055550142", "+17865550142", "+16455550142", "+12125550142", "+19075550142", "+18085550142", "+15035550142"]) expect(isUsNumber(phone), phone).toBe(true);
  });

  it("refuses the Caribbean's, the territories' and Canada's area codes, which share +1", () => {
    for (const area of ["242", "246", "264", "268", "284", "340", "345", "441", "473", "649", "658", "664", "670", "671", "684", "721", "758", "767", "784", "787", "809", "829", "849", "868", "869", "876", "939", "416", "604", "514", "905"]) {
      expect(isUsNumber(`+1${area}5550142`), area).toBe(false);
    }
  });

  it("refuses toll-free, premium, personal and malformed numbers, and anything not on +1", () => {
    for (const phone of ["+18005550142", "+19005550142", "+15005550142", "+15335550142", "+13051550142", "+14115550142", "+882123456789", "+449098765432", "+1305555014", "3055550142"]) {
      expect(isUsNumber(phone), phone).toBe(false);
    }
  });
});
