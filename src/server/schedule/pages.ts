// The schedule as the pages read it: read once per request (the hero, the footer, the FAQ and the
// structured data of one page share it), content/hours.json when the database cannot be read.
import type { RestaurantSchedule } from "../../domain/schedule";
import { readScheduleOrSeed } from "./store";

const READ = Symbol("schedule of this request");

/** The request's schedule; pass `Astro.locals`, which lives as long as the request. */
export function scheduleForRequest(locals: object): Promise<RestaurantSchedule> {
  const holder = locals as { [READ]?: Promise<RestaurantSchedule> };
  holder[READ] ??= readScheduleOrSeed();
  return holder[READ];
}
