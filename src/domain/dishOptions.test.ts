import { describe, expect, it } from "vitest";
import { computeTotals } from "./pricing";
import {
  defaultChoice,
  lineKey,
  optionProblems,
  tipAmount,
  tipProblem,
  unitPriceWithOptions,
  visibleOptions,
  type OptionGroup,
} from "./dishOptions";

const TEMPERATURE: OptionGroup = {
  id: "temp",
  name: "Temperature",
  min: 1,
  max: 1,
  options: [
    { id: "rare", name: "Rare", price: 0 },
    { id: "medium-rare", name: "Medium-rare", price: 0, onByDefault: true },
    { id: "well", name: "Well done", price: 0 },
  ],
};
const ADD_ONS: OptionGroup = {
  id: "add-ons",
  name: "Add-ons",
  min: 0,
  max: 3,
  allowQuantities: true,
  options: [
    { id: "bacon", name: "Bacon", price: 250 },
    { id: "egg", name: "Fried egg", price: 175 },
    { id: "truffle", name: "Truffle", price: 400, soldOut: true },
    { id: "staff", name: "Staff meal", price: 0, hiddenOnline: true },
  ],
};
const BURGER = [TEMPERATURE, ADD_ONS];

describe("a burger's options", () => {
  it("open with the defaults that can still be had", () => {
    expect(defaultChoice(BURGER)).toEqual([{ groupId: "temp", optionId: "medium-rare", quantity: 1 }]);
    expect(visibleOptions(ADD_ONS).map((o) => o.id)).toEqual(["bacon", "egg", "truffle"]);
  });

  it("need exactly one temperature", () => {
    expect(optionProblems("Smash Burger", BURGER, [])).toEqual([{ groupId: "temp", message: "Smash Burger, Temperature: choose exactly one." }]);
    expect(
      optionProblems("Smash Burger", BURGER, [
        { groupId: "temp", optionId: "rare", quantity: 1 },
        { groupId: "temp", optionId: "well", quantity: 1 },
      ]),
    ).toEqual([{ groupId: "temp", message: "Smash Burger, Temperature: choose exactly one." }]);
  });

  it("take up to three add-ons, counting quantities", () => {
    const temp = { groupId: "temp", optionId: "rare", quantity: 1 };
    expect(optionProblems("Smash Burger", BURGER, [temp, { groupId: "add-ons", optionId: "bacon", quantity: 3 }])).toEqual([]);
    expect(
      optionProblems("Smash Burger", BURGER, [temp, { groupId: "add-ons", optionId: "bacon", quantity: 2 }, { groupId: "add-ons", optionId: "egg", quantity: 2 }]),
    ).toEqual([{ groupId: "add-ons", message: "Smash Burger, Add-ons: choose up to 3." }]);
  });

  it("refuse sold-out, hidden, unknown and repeated options, and quantities where none are allowed", () => {
    const temp = { groupId: "temp", optionId: "rare", quantity: 1 };
    const problems = (extra: { groupId: string; optionId: string; quantity: number }[]) =>
      optionProblems("Smash Burger", BURGER, [temp, ...extra]).map((p) => p.message);
    expect(problems([{ groupId: "add-ons", optionId: "truffle", quantity: 1 }])).toEqual(["Smash Burger: Truffle is sold out."]);
    expect(problems([{ groupId: "add-ons", optionId: "staff", quantity: 1 }])).toEqual(["Smash Burger, Add-ons: no such option."]);
    expect(problems([{ groupId: "sauces", optionId: "bbq", quantity: 1 }])).toEqual(["Smash Burger has no such option."]);
    expect(problems([{ groupId: "add-ons", optionId: "egg", quantity: 0 }])).toEqual(["Smash Burger: Fried egg can be chosen a whole number of times."]);
    expect(optionProblems("Smash Burger", BURGER, [{ ...temp, quantity: 2 }]).map((p) => p.message)).toContain(
      "Smash Burger: Rare can be chosen only once.",
    );
    expect(problems([{ groupId: "add-ons", optionId: "egg", quantity: 1 }, { groupId: "add-ons", optionId: "egg", quantity: 1 }])).toEqual([
      "Smash Burger, Add-ons: each option once, with its quantity.",
    ]);
  });

  it("say what is wrong in Spanish for a Spanish page, naming the group and option as the page shows them", () => {
    const temp = { groupId: "temp", optionId: "rare", quantity: 1 };
    const TÉRMINO = { ...TEMPERATURE, name: "Término de la carne" };
    const EXTRAS = { ...ADD_ONS, name: "Extras", options: ADD_ONS.options.map((o) => (o.id === "truffle" ? { ...o, name: "Trufa" } : o)) };
    const es = (chosen: { groupId: string; optionId: string; quantity: number }[]) =>
      optionProblems("Smash Burger", [TÉRMINO, EXTRAS], chosen, "es").map((p) => p.message);
    expect(es([])).toEqual(["Smash Burger, Término de la carne: elige exactamente una."]);
    expect(es([temp, { groupId: "add-ons", optionId: "bacon", quantity: 4 }])).toEqual(["Smash Burger, Extras: elige hasta 3."]);
    expect(es([temp, { groupId: "add-ons", optionId: "truffle", quantity: 1 }])).toEqual(["Smash Burger: se agotó Trufa."]);
    expect(es([temp, { groupId: "sauces", optionId: "bbq", quantity: 1 }])).toEqual(["Smash Burger no tiene esa opción."]);
    expect(es([{ ...temp, quantity: 2 }])).toContain("Smash Burger: Rare se puede elegir solo una vez.");
  });

  it("are priced from the menu: two bacon and an egg on a $16.99 burger is $23.74", () => {
    const chosen = [
      { groupId: "temp", optionId: "rare", quantity: 1 },
      { groupId: "add-ons", optionId: "bacon", quantity: 2 },
      { groupId: "add-ons", optionId: "egg", quantity: 1 },
    ];
    expect(unitPriceWithOptions(1699, BURGER, chosen)).toBe(1699 + 500 + 175);
  });

  it("make another cart line when they differ, the same line when only their order differs", () => {
    const a = [{ groupId: "add-ons", optionId: "bacon", quantity: 1 }, { groupId: "temp", optionId: "rare", quantity: 1 }];
    const b = [...a].reverse();
    expect(lineKey(7, a, "no onions")).toBe(lineKey(7, b, " no onions "));
    expect(lineKey(7, a, "no onions")).not.toBe(lineKey(7, a, ""));
    expect(lineKey(7, a)).not.toBe(lineKey(7, [{ groupId: "temp", optionId: "well", quantity: 1 }]));
  });
});

describe("tips", () => {
  it("are a percent of the subtotal before tax, rounded half up to the cent", () => {
    expect(tipAmount(4748, { kind: "percent", percent: 18 })).toBe(855); // 854.64
    expect(tipAmount(1250, { kind: "percent", percent: 15 })).toBe(188); // 187.5 rounds up
    expect(tipAmount(4748, { kind: "none" })).toBe(0);
    expect(tipAmount(4748, { kind: "custom", amount: 500 })).toBe(500);
  });

  it("are never taxed: the total is subtotal, tax on the subtotal, fee and tip", () => {
    const totals = computeTotals([{ unitPrice: 2374, quantity: 2 }], 499);
    const tip = tipAmount(totals.subtotal, { kind: "percent", percent: 18 });
    expect(totals.tax).toBe(356); // 7.5% of 47.48 = 3.561
    expect(totals.total + tip).toBe(4748 + 356 + 499 + 855);
  });

  it("refuse a negative, fractional or larger-than-the-subtotal amount", () => {
    expect(tipProblem(4748, -1)).toBe("The tip must be zero or a positive amount in dollars and cents.");
    expect(tipProblem(4748, 10.5)).toBe("The tip must be zero or a positive amount in dollars and cents.");
    expect(tipProblem(4748, 4749)).toBe("The tip cannot be more than the order's subtotal.");
    expect(tipProblem(4748, 4748)).toBeNull();
  });
});
