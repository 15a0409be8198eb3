import { describe, expect, it } from "vitest";
import { firstProblemField, problemsOfIssues, typedProblems } from "./fieldErrors";

const WORDS = { required: "required", name: "name?", email: "email?", phone: "phone?", tooLong: (max: number) => `at most ${max}` };
const GOOD = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142", address: "1200 SW 8th St", unit: "", zipCode: "33135" };

describe("the checkout's problems at their fields", () => {
  it("names every problem at once, not only the first", () => {
    expect(typedProblems({ ...GOOD, name: "", email: "ana@", phone: "12" }, false, WORDS)).toEqual({ name: "required", email: "email?", phone: "phone?" });
  });

  it("states a 101-character name as over its 100-character limit", () => {
    expect(typedProblems({ ...GOOD, name: "A".repeat(101) }, false, WORDS)).toEqual({ name: "at most 100" });
  });

  it("asks a delivery for its street and ZIP, and holds the Apt/Unit to 30 characters", () => {
    expect(typedProblems({ ...GOOD, address: " ", zipCode: "", unit: "x".repeat(31) }, true, WORDS)).toEqual({ address: "required", unit: "at most 30", zipCode: "required" });
    expect(typedProblems({ ...GOOD, address: "", zipCode: "" }, false, WORDS)).toEqual({});
  });

  it("finds nothing wrong with good details", () => {
    expect(typedProblems(GOOD, true, WORDS)).toEqual({});
  });

  it("puts a refusal's issues on the fields they were typed into, and leaves out issues of no field", () => {
    const problems = problemsOfIssues([
      { path: "items", message: "the cart is empty" },
      { path: "deliveryInfo.unit", message: "at most 30 characters" },
      { path: "customerInfo.email", message: "a valid e-mail" },
      { path: "customerInfo.email", message: "second" },
    ]);
    expect(problems).toEqual({ unit: "at most 30 characters", email: "a valid e-mail" });
  });

  it("takes focus to the first problem in the form's order, whatever order they came in", () => {
    expect(firstProblemField({ zipCode: "x", email: "y" })).toBe("email");
    expect(firstProblemField({})).toBeUndefined();
  });
});
