import { describe, expect, it } from "vitest";
import { wordedTimes } from "./WhenStep";
import { tipOf } from "./TipAndNote";

// Saturday noon in Miami; the server offers 'as soon as possible' at 12:15 and later slots.
const NOW = new Date("2026-11-21T17:00:00Z");
const OFFERED = {
  paused: null,
  asap: { at: "2026-11-21T17:15:00.000Z", label: "Ready around 12:15 PM" },
  slots: [
    { at: "2026-11-21T17:15:00.000Z", date: "2026-11-21", minutes: 735, label: "Today at 12:15 PM" },
    { at: "2026-11-24T14:30:00.000Z", date: "2026-11-24", minutes: 570, label: "Tuesday, Nov 24 at 9:30 AM" },
  ],
  specialDates: [],
};

describe("the checkout's times", () => {
  it("are the server's words on the English page, grouped by day", () => {
    const worded = wordedTimes(OFFERED, "pickup", "en", NOW);
    expect(worded.asap).toBe("Ready around 12:15 PM");
    expect(worded.slots.map((slot) => [slot.day, slot.label])).toEqual([
      ["Today", "Today at 12:15 PM"],
      ["Tuesday, Nov 24", "Tuesday, Nov 24 at 9:30 AM"],
    ]);
  });

  it("are the same instants in Miami's Spanish on the Spanish page", () => {
    const worded = wordedTimes(OFFERED, "delivery", "es", NOW);
    expect(worded.asap).toBe("Llega hacia las 12:15 p. m.");
    expect(worded.slots[0]).toMatchObject({ day: "Hoy", label: "Hoy a las 12:15 p. m.", at: OFFERED.slots[0]!.at });
    expect(worded.slots[1]!.label).toMatch(/^martes, 24 de nov\.? a las 9:30 a\. m\.$/);
    expect(wordedTimes(OFFERED, "pickup", "es", NOW).asap).toBe("Listo hacia las 12:15 p. m.");
  });
});

describe("the tip's problems in Spanish", () => {
  it("say the same rule as the English", () => {
    expect(tipOf(4748, "custom", "five", "es").problem).toBe("La propina debe ser cero o una cantidad positiva en dólares y centavos.");
    expect(tipOf(4748, "custom", "47.49", "es").problem).toBe("La propina no puede ser mayor que el subtotal del pedido.");
    expect(tipOf(4748, "custom", "47.48", "es")).toEqual({ cents: 4748, problem: null });
  });
});
