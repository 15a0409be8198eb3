// What the full menu's filters promise a diner with an allergy: only what the kitchen has said.
import { describe, expect, it } from "vitest";
import menu from "../../content/menu.json";
import {
  ALLERGENS,
  allergenState,
  allergensUnknown,
  DIETARY_LABELS,
  dishShown,
  FREE_OF,
  filterText,
  isDietaryLabel,
  labelProblems,
  labelsFromSquare,
  menuFilters,
  mergeSquareLabels,
  type DietaryLabel,
} from "./dietaryLabels";

interface SeedDish {
  id: number;
  name: string;
  description: string;
  dietary?: string[];
  options?: { id: string; options: { id: string }[] }[];
}
const seed = menu as SeedDish[];
const dishes = seed.map((dish) => ({ ...dish, labels: (dish.dietary ?? []).filter(isDietaryLabel) }));
/** The filter a diner presses, found by the words on its button. */
const filterNamed = (text: string): DietaryLabel => DIETARY_LABELS.find((label) => filterText(label) === text)!;
const shownUnder = (text: string) => dishes.filter((dish) => dishShown(dish.labels, [filterNamed(text)])).map((dish) => dish.name);

describe("the full menu's free-from filters", () => {
  it("hide from No dairy every dish whose description names dairy: mozzarella, burrata, cheddar, brie, ice cream", () => {
    const shown = shownUnder("No dairy");
    for (const name of ["Hot Maple Flatbread", "Smoked Burrata", "The Classic Brunch Burger", "Jesse James", "Lé French", "Stout Float", "Truffle Fries"]) {
      expect(shown).not.toContain(name);
    }
  });

  it("show only the dishes the kitchen marked free of it: a dish nobody has checked is left out", () => {
    expect(dishShown([], ["dairy-free"])).toBe(false);
    expect(dishShown(["vegan"], ["dairy-free"])).toBe(false);
    expect(dishShown(["dairy-free", "nut-free"], ["dairy-free", "nut-free"])).toBe(true);
    expect(dishShown(["dairy-free"], ["dairy-free", "nut-free"])).toBe(false);
  });

  it("count a vegan dish as vegetarian and a gluten-free one as having a gluten-free option", () => {
    expect(dishShown(["vegan"], ["vegetarian"])).toBe(true);
    expect(dishShown(["gluten-free"], ["gluten-free-option"])).toBe(true);
    expect(dishShown(["vegetarian"], ["vegan"])).toBe(false);
  });

  it("offer every free-from filter, even one no dish passes yet, and the diets some dish carries", () => {
    expect(menuFilters(["vegan", "contains-dairy"]).map(filterText)).toEqual(["Vegan", "No gluten", "No dairy", "No nuts", "No eggs", "No shellfish"]);
  });
});

describe("a dish's allergens", () => {
  it("have three states: contains, marked free, or not known", () => {
    expect(allergenState(["contains-dairy"], "dairy")).toBe("contains");
    expect(allergenState(["dairy-free"], "dairy")).toBe("free");
    expect(allergenState(["vegan"], "dairy")).toBe("unknown");
    expect(allergensUnknown(["vegan", "cooked-to-order"])).toBe(true);
    expect(allergensUnknown(["egg-free"])).toBe(false);
  });

  it("refuse labels that contradict each other, in words", () => {
    expect(labelProblems(["dairy-free", "contains-dairy"])).toEqual(["A dish cannot both contain dairy and be free of dairy."]);
    expect(labelProblems(["vegan", "contains-eggs"])).toEqual(["A vegan dish cannot contain dairy or eggs."]);
    expect(labelProblems(["vegan", "dairy-free", "cooked-to-order"])).toEqual([]);
  });
});

describe("Square's food and beverage details", () => {
  it("map to our labels, an ingredient Square lists winning over a preference it contradicts", () => {
    expect(labelsFromSquare(["VEGAN", "GLUTEN_FREE"], ["TREE_NUTS"])).toEqual(["vegan", "gluten-free", "contains-nuts"]);
    expect(labelsFromSquare(["DAIRY_FREE", "VEGAN"], ["MILK"])).toEqual(["contains-dairy"]);
    expect(labelsFromSquare(["HALAL"], ["CUSTOM"])).toEqual([]);
  });

  it("replace ours of Square's vocabulary on a sync, keeping the console's labels Square cannot state", () => {
    expect(mergeSquareLabels(["nut-free", "cooked-to-order", "dairy-free"], ["contains-gluten"])).toEqual(["nut-free", "contains-gluten", "cooked-to-order"]);
    expect(mergeSquareLabels(["nut-free"], ["contains-nuts"])).toEqual(["contains-nuts"]);
    expect(mergeSquareLabels(["dairy-free", "egg-free"], [])).toEqual(["dairy-free", "egg-free"]);
  });
});

describe("the seeded menu's labels (content/menu.json)", () => {
  it("mark no dish free of anything: only the kitchen says that", () => {
    for (const dish of dishes) for (const allergen of ALLERGENS) expect(dish.labels, dish.name).not.toContain(FREE_OF[allergen]);
  });

  it("say what each description names: cheese and cream are dairy, a bun or pancakes gluten, lobster shellfish, walnuts nuts", () => {
    const named: [RegExp, DietaryLabel][] = [
      [/mozzarella|burrata|cheddar|brie|gouda|blue cheese|queso|parmesan|parmigiano|ricotta|cream|butter|milk|latte|cheese|custard/i, "contains-dairy"],
      [/\begg|yolk|custard|hollandaise/i, "contains-eggs"],
      [/walnut|peanut|pecan|almond/i, "contains-nuts"],
      [/lobster|shrimp|crab/i, "contains-shellfish"],
      [/\bbun\b|pancake|brioche|ciabatta|flatbread|donut|toast|crust|stout|pils|ipa\b|(?<!ginger )beer/i, "contains-gluten"],
    ];
    for (const dish of dishes) {
      // An add-on ("Add lobster") is the diner's choice, not the dish.
      const text = dish.description.replace(/Add [^.]*\./g, "");
      for (const [pattern, label] of named) if (pattern.test(text)) expect(dish.labels, `${dish.name}: ${label}`).toContain(label);
    }
  });

  it("carry no label its own description contradicts (no vegan dish with cheese)", () => {
    for (const dish of dishes) expect(labelProblems(dish.labels), dish.name).toEqual([]);
    expect(dishes.filter((dish) => dish.labels.includes("vegan") && /cheese|parmigiano/i.test(dish.description))).toEqual([]);
  });

  it("mark cooked to order every dish that can be ordered rare or with a runny egg, and every beef burger", () => {
    const undercookable = seed.filter((dish) =>
      (dish.options ?? []).some((group) => group.options.some((option) => ["rare", "medium-rare", "sunny-side-up", "over-easy", "poached"].includes(option.id))),
    );
    expect(undercookable.length).toBeGreaterThan(5);
    for (const dish of undercookable) expect(dish.dietary, dish.name).toContain("cooked-to-order");
    for (const name of ["Jesse James", "Jesse James Brunch Burger", "Double Yolk Egg Jar"]) expect(dishes.find((dish) => dish.name === name)!.labels).toContain("cooked-to-order");
    expect(dishes.find((dish) => dish.name === "VEGburger")!.labels).not.toContain("cooked-to-order");
  });
});
