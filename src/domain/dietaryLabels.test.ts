// What the full menu's filters promise a diner with an allergy: only what the kitchen has said.
import { describe, expect, it } from "vitest";
import menu from "../../content/menu.json";
import { DIETARY_LABELS, dishShown, filterText, isDietaryLabel, type DietaryLabel } from "./dietaryLabels";

const dishes = menu.map((dish) => ({ name: dish.name, labels: ((dish as { dietary?: string[] }).dietary ?? []).filter(isDietaryLabel) }));
/** The filter a diner presses, found by the words on its button. */
const filterNamed = (text: string): DietaryLabel => DIETARY_LABELS.find((label) => filterText(label) === text)!;
const shownUnder = (text: string) => dishes.filter((dish) => dishShown(dish.labels, [filterNamed(text)])).map((dish) => dish.name);

describe("the full menu's free-from filters", () => {
  it("hide from No dairy every dish whose description names dairy: mozzarella, burrata, cheddar, brie, ice cream", () => {
    const shown = shownUnder("No dairy");
    for (const name of ["Hot Maple Flatbread", "Smoked Burrata", "The Classic Burger", "Jesse James", "Lé French", "Stout Float", "Truffle Fries"]) {
      expect(shown).not.toContain(name);
    }
  });
});
