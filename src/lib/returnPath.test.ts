import { describe, expect, it } from "vitest";
import { returnPathOf, safeReturnPath } from "./returnPath";

const ORIGIN = "https://jealousfork.com";
const page = (search: string) => ({ search, origin: ORIGIN });

describe("where signing in sends the diner back to", () => {
  it("goes back to the checkout (or any page of the site) named in ?return=", () => {
    expect(returnPathOf(page("?return=%2Fcheckout"), "")).toBe("/checkout");
    expect(returnPathOf(page("?return=%2Fes%2Ffull-menu%3Fcode%3DWELCOME5"), "")).toBe("/es/full-menu?code=WELCOME5");
  });

  it("goes back to the page of this site the diner came from when none is named", () => {
    expect(returnPathOf(page(""), `${ORIGIN}/full-menu#pancakes`)).toBe("/full-menu#pancakes");
    expect(returnPathOf(page(""), "https://www.google.com/search?q=jealous+fork")).toBeNull();
  });

  it("never sends anyone to another site, nor back to the account page", () => {
    for (const raw of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/%0a//evil", "/account", "/es/cuenta/"]) {
      const path = safeReturnPath(raw, ORIGIN);
      if (path !== null) expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      expect(path === null || !path.startsWith("//")).toBe(true);
    }
    expect(safeReturnPath("https://evil.example/", ORIGIN)).toBeNull();
    expect(safeReturnPath("//evil.example/x", ORIGIN)).toBeNull();
    expect(safeReturnPath("/account", ORIGIN)).toBeNull();
    expect(returnPathOf(page("?return=%2F%2Fevil.example"), `${ORIGIN}/checkout`)).toBeNull();
  });
});
