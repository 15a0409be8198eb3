// What the console reads of the hours (GET /api/admin/hours), shared by the Hours tab and the header's
// pause control.
import type { Capacities, DishWeight } from "../../domain/kitchenLoad";
import type { StaffSchedule } from "../../domain/scheduleSpanish";
import { apiRequest } from "../../lib/api";

export interface HoursAnswer {
  /** With the Spanish beside each note and the pause message ('' where none yet). */
  schedule: StaffSchedule;
  capacities: Capacities;
  dishes: DishWeight[];
  now: string;
}

export function loadHours(): Promise<HoursAnswer> {
  return apiRequest<HoursAnswer>("/api/admin/hours");
}
