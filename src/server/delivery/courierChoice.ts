// Which courier serves delivery orders: DoorDash Drive when its key is set, else none (in-house
// delivery by ZIP code). A test may put a courier of its own in place.
import type { Courier } from "./courier";
import { doordashSettings } from "./courierConfig";
import { DoorDashCourier } from "./doordash";

export function activeCourier(): Courier | null {
  const settings = doordashSettings();
  return settings ? new DoorDashCourier(settings) : null;
}
