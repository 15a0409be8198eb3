import { describe, expect, it, vi } from "vitest";

// Far from Miami, so a time read in the process's own zone fails here.
vi.hoisted(() => {
  process.env.TZ = "Pacific/Auckland";
});

const { firstOrderTime, notAtLabel, opensLabel, preorderLabel, whenText } = await import("./orderingState");
const { timeChangeQuestion } = await import("./timeChangeQuestion");
const { pauseBanner } = await import("./pauseBanner");
type RestaurantSchedule = import("./schedule").RestaurantSchedule;

// Jealous Fork every day 9 AM - 3 PM; Jealous Burger Friday and Saturday 5 PM - 10 PM.
const FORK = Array.from({ length: 7 }, () => [{ opens: 540, closes: 900 }]);
const BURGER = [[], [], [], [], [], [{ opens: 1020, closes: 1320 }], [{ opens: 1020, closes: 1320 }]];
const schedule = (change: Partial<RestaurantSchedule> = {}): RestaurantSchedule => ({
  weekly: { "jealous-fork": FORK, "jealous-burger": BURGER },
  specialDates: [],
  pause: null,
  busyMinutes: 0,
  leadMinutes: { pickup: 15, delivery: 45 },
  ...change,
});
/** Saturday 21 November 2026, noon in Miami. */
const SATURDAY_NOON = new Date("2026-11-21T17:00:00Z");

describe("a pause of online ordering, as every page's banner says it", () => {
  it("says until when, in Miami's time, then the staff's message", () => {
    const paused = schedule({ pause: { until: "2026-11-21T18:00:00Z", message: "We are catching up." } });
    expect(pauseBanner(paused, SATURDAY_NOON)).toBe("Ordering resumes at 1:00 PM. We are catching up.");
    expect(pauseBanner(paused, SATURDAY_NOON, "es")).toBe("Los pedidos se reanudan a la 1:00 p. m. We are catching up.");
  });

  it("names the day when ordering resumes on another day, and says nothing of a time when staff resume by hand", () => {
    const tomorrow = schedule({ pause: { until: "2026-11-22T14:00:00Z", message: "" } });
    expect(pauseBanner(tomorrow, SATURDAY_NOON)).toBe("Ordering resumes tomorrow at 9:00 AM.");
    expect(pauseBanner(tomorrow, SATURDAY_NOON, "es")).toBe("Los pedidos se reanudan mañana a las 9:00 a. m.");
    expect(pauseBanner(schedule({ pause: { until: null, message: "Closed for a private event." } }), SATURDAY_NOON)).toBe(
      "Online ordering is paused. Closed for a private event.",
    );
  });

  it("is gone once the pause has ended, and absent without one", () => {
    const ended = schedule({ pause: { until: "2026-11-21T16:00:00Z", message: "Back soon" } });
    expect(pauseBanner(ended, SATURDAY_NOON)).toBeNull();
    expect(pauseBanner(schedule(), SATURDAY_NOON)).toBeNull();
  });
});

describe("when a closed section can be pre-ordered for", () => {
  it("is its first serving time today: burgers at 5:00 PM on a Saturday noon", () => {
    const at = firstOrderTime(schedule(), ["jealous-burger"], SATURDAY_NOON);
    expect(at?.toISOString()).toBe("2026-11-21T22:00:00.000Z");
    expect(whenText(at!, SATURDAY_NOON)).toBe("5:00 PM");
    expect(whenText(at!, SATURDAY_NOON, "es")).toBe("5:00 p. m.");
    expect(opensLabel(at!, SATURDAY_NOON)).toBe("Closed · opens 5:00 PM");
    expect(preorderLabel(at!, SATURDAY_NOON)).toBe("Pre-order for 5:00 PM");
    expect(opensLabel(at!, SATURDAY_NOON, "es")).toBe("Cerrado · abre a las 5:00 p. m.");
    expect(preorderLabel(at!, SATURDAY_NOON, "es")).toBe("Pedir para las 5:00 p. m.");
  });

  it("is next Friday's opening when asked on a Sunday, said with the weekday", () => {
    const sunday = new Date("2026-11-22T17:00:00Z");
    const at = firstOrderTime(schedule(), ["jealous-burger"], sunday)!;
    expect(at.toISOString()).toBe("2026-11-27T22:00:00.000Z");
    expect(whenText(at, sunday)).toBe("Friday 5:00 PM");
    expect(whenText(at, sunday, "es")).toBe("el viernes a las 5:00 p. m.");
    expect(opensLabel(at, sunday, "es")).toBe("Cerrado · abre el viernes a las 5:00 p. m.");
    expect(preorderLabel(at, sunday)).toBe("Pre-order for Friday 5:00 PM");
  });

  it("is none while ordering is paused, nor when the sections never serve together", () => {
    expect(firstOrderTime(schedule({ pause: { until: null, message: "" } }), ["jealous-burger"], SATURDAY_NOON)).toBeNull();
    expect(firstOrderTime(schedule(), ["jealous-fork", "jealous-burger"], SATURDAY_NOON)).toBeNull();
  });
});

describe("a pre-order's time that would leave dishes of the cart out", () => {
  it("is asked first, naming the dishes and the time in Miami's clock, in both languages", () => {
    const five = new Date("2026-11-21T22:00:00Z");
    expect(timeChangeQuestion(five, SATURDAY_NOON, ["Banana Walnut Pancakes"])).toEqual({
      title: "Change your order to 5:00 PM?",
      text: "Banana Walnut Pancakes can't join it. Or check out this order first, then order this dish for 5:00 PM as a separate order.",
      yes: "Change to 5:00 PM",
      no: "Keep ordering for now",
      other: "Check out this order first",
    });
    expect(timeChangeQuestion(five, SATURDAY_NOON, ["Banana Walnut Pancakes", "Café"], "es")).toMatchObject({
      title: "¿Cambiar tu pedido para las 5:00 p. m.?",
      text: "Estos platos no pueden ir en ese pedido: Banana Walnut Pancakes, Café. También puedes pagar este pedido primero y pedir este plato para las 5:00 p. m. en un pedido aparte.",
      other: "Pagar este pedido primero",
    });
  });

  it("says a section serving now is open now, not closed, when a later time is chosen", () => {
    const five = new Date("2026-11-21T17:00:00-05:00");
    expect(notAtLabel(five, SATURDAY_NOON)).toBe("Open now · not at 5:00 PM");
    expect(notAtLabel(five, SATURDAY_NOON, "en", true)).toBe("Not at 5:00 PM");
    expect(notAtLabel(five, SATURDAY_NOON, "es")).toBe("Abierto ahora · no a las 5:00 p. m.");
    expect(notAtLabel(five, SATURDAY_NOON, "es", true)).toBe("No a las 5:00 p. m.");
  });
});
