// What a prerendered page tells a visitor about today once it has loaded (src/components/LiveNotices.astro):
// a pause of online ordering, a busy kitchen, a special closure or special hours today. The page's text
// says the hours as built; these come from the staff's schedule as it is now (GET /api/menu).
import { RESTAURANT_TIME_ZONE, restaurantTime } from "./hours";
import { formatRanges, isPaused, SECTION_NAMES, type RestaurantSchedule } from "./schedule";

export function liveNotices(schedule: RestaurantSchedule, now: Date): string[] {
  const notices: string[] = [];
  if (isPaused(schedule, now) && schedule.pause) {
    const until = schedule.pause.until
      ? ` Online ordering resumes ${new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, weekday: "long", hour: "numeric", minute: "2-digit" }).format(new Date(schedule.pause.until))}.`
      : "";
    notices.push(`${schedule.pause.message}${until}`);
  } else if (schedule.busyMinutes > 0) {
    notices.push(`Our kitchen is busy: orders take about ${schedule.busyMinutes} minutes longer than usual.`);
  }
  const today = restaurantTime(now).date;
  for (const special of schedule.specialDates) {
    if (special.from > today || special.to < today) continue;
    const where = special.sections ? `${special.sections.map((section) => SECTION_NAMES[section]).join(" and ")} ` : "";
    const what = special.hours.length ? `${where}open ${formatRanges(special.hours)} today` : `${where ? `${where}closed` : "Closed"} today`;
    notices.push(special.note ? `${special.note}: ${what}.` : `${what[0]!.toUpperCase()}${what.slice(1)}.`);
  }
  return notices;
}
