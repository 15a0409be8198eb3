// One fixture for the browser journeys that pay through Square: the fake Square, the production build
// served with its functions talking to it, and Chromium, started once per file with the restaurant's
// clock at Saturday noon in Miami and stopped after its last test.
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startFakeSquare, type FakeSquare } from "./fakeSquare";
import { startSite, type RunningSite } from "./site";

/** Saturday 21 November 2026, noon in Miami: both kitchens' day, brunch open. */
export const SATURDAY_NOON = "2026-11-21T17:00:00Z";

/** Two dishes as the cart store saves them (price in cents). */
export { BRUNCH_BITES, FLATBREAD } from "./checkoutCart";

/** Production Square with a Web Payments application: the checkout loads Square's own card form (square.js). */
export const WEB_PAYMENTS = { SQUARE_ENVIRONMENT: "production", PUBLIC_SQUARE_APPLICATION_ID: "sq0idp-jealous-fork-journey" };

export interface SquareJourney {
  readonly square: FakeSquare;
  readonly site: RunningSite;
  readonly browser: Browser;
}

export interface SquareJourneyOptions {
  /** More environment for the functions (a webhook key, an admin password...); undefined removes a name. */
  env?: Record<string, string | undefined>;
  /** Forget the fake Square's payments and faults before each test (journeys that build on each other do not). */
  resetBeforeEach?: boolean;
}

/**
 * Registers the file's hooks and returns the running parts, filled in before the first test. The
 * functions give up on Square at once (no retry, 5 s), so a journey that meets a fault fails fast.
 */
export function useSquareJourney(options: SquareJourneyOptions = {}): SquareJourney {
  const journey = {} as { square: FakeSquare; site: RunningSite; browser: Browser };
  beforeAll(async () => {
    journey.square = await startFakeSquare();
    [journey.site, journey.browser] = await Promise.all([
      startSite({
        clock: SATURDAY_NOON,
        env: {
          SQUARE_ACCESS_TOKEN: journey.square.accessToken,
          SQUARE_LOCATION_ID: journey.square.locationId,
          SQUARE_BASE_URL: journey.square.url,
          SQUARE_MAX_RETRIES: "0",
          SQUARE_TIMEOUT_SECONDS: "5",
          ...options.env,
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.site?.stop();
    await journey.square?.stop();
  });
  if (options.resetBeforeEach) beforeEach(() => journey.square.reset());
  return journey;
}
