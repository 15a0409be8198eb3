// The go-live line of the menu's photos: optional, amber while any dish still has none of the owner's
// (an upload or Square's picture; a stored site file does not count), naming those dishes, which the
// site shows as typographic cards meanwhile.
import type { GoLiveLine } from "../../domain/goLive";
import { isDishPhoto } from "../../domain/images";
import { readMenu } from "../content";
import { line, type Check, type LineSpec } from "./lines";

export const MENU_PHOTOS_LINE: LineSpec = { id: "menu-photos", group: "Menu", title: "Dish photos (optional)", required: false, section: "dish-photos" };

/** How many dish names the line spells out before "and N more". */
const NAMED = 12;

export const menuPhotosCheck: Check = {
  specs: [MENU_PHOTOS_LINE],
  run: async (): Promise<GoLiveLine[]> => {
    const menu = await readMenu();
    const without = menu.filter((item) => !isDishPhoto(item.image)).map((item) => item.name);
    if (without.length === 0) return [line(MENU_PHOTOS_LINE, "green", `Every one of the ${menu.length} dishes has its photo.`, "")];
    const named = without.slice(0, NAMED).join(", ") + (without.length > NAMED ? ` and ${without.length - NAMED} more` : "");
    return [
      line(
        MENU_PHOTOS_LINE,
        "amber",
        `${without.length} of ${menu.length} dishes have no photo yet: ${named}. The menu shows each as a card with its name, never a drawing.`,
        "Upload the restaurant's own photo of each dish in the console (Menu, Upload image), or add it to the item in Square's catalogue.",
      ),
    ];
  },
};
