// The restaurant's clock for tests: the instant the server takes as "now" (RESTAURANT_CLOCK, honoured
// only where the code is certainly local), set in one place so a test reads as the time it is about.

/** From now on the server's "now" is `instant` (ISO 8601); undefined gives it the real clock back. */
export function setRestaurantClock(instant: string | undefined): void {
  if (instant === undefined) delete process.env.RESTAURANT_CLOCK;
  else process.env.RESTAURANT_CLOCK = instant;
}
