// A week of the restaurant's hours for the schedule's tests: Jealous Fork's brunch and Jealous Burger's
// Friday and Saturday nights, and Miami wall-clock instants by their UTC offset that day.
import type { RestaurantSchedule, TimeRange } from "./schedule";

export const h = (opens: string, closes: string): TimeRange => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return { opens: m(opens), closes: m(closes) };
};

// Jealous Fork Tue-Thu 9-14, Fri-Sat 9-15, Sun 9-15; Jealous Burger Fri and Sat 17-21, and a
// Saturday with two ranges (a late-night window) to prove multi-range days.
export const SCHEDULE: RestaurantSchedule = {
  weekly: {
    "jealous-fork": [[h("09:00", "15:00")], [], [h("09:00", "14:00")], [h("09:00", "14:00")], [h("09:00", "14:00")], [h("09:00", "15:00")], [h("09:00", "15:00")]],
    "jealous-burger": [[], [], [], [], [], [h("17:00", "21:00")], [h("17:00", "21:00"), h("22:00", "23:30")]],
  },
  specialDates: [],
  pause: null,
  busyMinutes: 0,
  leadMinutes: { pickup: 15, delivery: 45 },
};

/** A Miami wall-clock instant given its UTC offset that day. */
export const miami = (date: string, time: string, offset: "-05:00" | "-04:00") => new Date(`${date}T${time}:00${offset}`);
