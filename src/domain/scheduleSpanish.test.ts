import { describe, expect, it } from "vitest";
import { DEFAULT_PAUSE_MESSAGE, scheduleInLanguage, type StaffSchedule } from "./scheduleSpanish";
import { dishInSpanish, dishTexts } from "./dishSpanish";

const week = [[], [], [], [], [], [], []];
const schedule = (pause: StaffSchedule["pause"], noteEs: string): StaffSchedule => ({
  weekly: { "jealous-fork": week, "jealous-burger": week },
  specialDates: [{ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving", noteEs }],
  pause,
  busyMinutes: 0,
  leadMinutes: { pickup: 15, delivery: 45 },
});

describe("the schedule's words in a language", () => {
  it("uses the staff's Spanish on Spanish pages and keeps English pages and the shape as they were", () => {
    const staff = schedule({ until: null, message: "Back at 2", messageEs: "Volvemos a las 2" }, "Cerrado por Acción de Gracias");
    expect(scheduleInLanguage(staff, "es").specialDates[0]).toEqual({ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Cerrado por Acción de Gracias" });
    expect(scheduleInLanguage(staff, "es").pause).toEqual({ until: null, message: "Volvemos a las 2" });
    expect(scheduleInLanguage(staff, "en").specialDates[0]).toEqual({ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving" });
    expect(scheduleInLanguage(staff, "en").pause).toEqual({ until: null, message: "Back at 2" });
  });

  it("falls back to the English staff typed, or to the Spanish default for the default message, never to an empty text", () => {
    const typed = scheduleInLanguage(schedule({ until: null, message: "Back at 2", messageEs: "" }, ""), "es");
    expect(typed.pause?.message).toBe("Back at 2");
    expect(typed.specialDates[0]!.note).toBe("Closed for Thanksgiving");
    const standard = scheduleInLanguage(schedule({ until: null, message: DEFAULT_PAUSE_MESSAGE.en, messageEs: "" }, ""), "es");
    expect(standard.pause?.message).toBe(DEFAULT_PAUSE_MESSAGE.es);
  });
});

describe("a dish in Spanish", () => {
  const dish = {
    id: 7,
    description: "Smash burger with cheddar.",
    optionGroups: [
      { id: "temp", name: "Temperature", min: 1, max: 1, options: [{ id: "mr", name: "Medium rare", price: 0 }, { id: "staff", name: "Staff meal", price: 0, hiddenOnline: true }] },
    ],
  };

  it("takes the staff's Spanish over content/es's, and the English where neither has one", () => {
    const spanish = dishInSpanish(dish, { "dish:7:description": "Hamburguesa smash con cheddar." }, { description: "Vieja", options: { temp: { name: "Término", choices: {} } } });
    expect(spanish.description).toBe("Hamburguesa smash con cheddar.");
    expect(spanish.optionGroups[0]!.name).toBe("Término");
    expect(spanish.optionGroups[0]!.options[0]!.name).toBe("Medium rare");
  });

  it("lists each text a diner reads, leaving out options never offered online", () => {
    const texts = dishTexts(dish, new Map([["dish:7:option:temp:mr", "Término medio"]]), undefined);
    expect(texts.map((text) => [text.key, text.spanish, text.fromStaff])).toEqual([
      ["dish:7:description", undefined, false],
      ["dish:7:group:temp", undefined, false],
      ["dish:7:option:temp:mr", "Término medio", true],
    ]);
  });
});
